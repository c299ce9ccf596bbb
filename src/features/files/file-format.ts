/** Hungarian sizes and dates of the file list ('1,5 MB', '2026. szept. 1. 10:00'), and the folder path helpers. */
const number = new Intl.NumberFormat('hu-HU', { maximumFractionDigits: 1 })
const date = new Intl.DateTimeFormat('hu-HU', { dateStyle: 'medium', timeStyle: 'short' })
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB']

export function formatSize(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return `${number.format(value)} ${UNITS[unit]}`
}

export function formatModified(iso: string): string {
  const time = new Date(iso)
  return Number.isNaN(time.getTime()) ? '' : date.format(time)
}

/** 'a/b' + 'c' → 'a/b/c'; '' is the root. */
export function childPath(path: string, name: string): string {
  return path ? `${path}/${name}` : name
}

/** 'a/b/c' → 'a/b'; 'a' → ''. */
export function parentPath(path: string): string {
  const cut = path.lastIndexOf('/')
  return cut < 0 ? '' : path.slice(0, cut)
}
