/** Hungarian sizes and dates of the file list ('1,5 MB', '2026. szept. 1. 10:00'), and the folder path helpers. */
import { formatShortDateTime, isValidMoment } from '@/lib/format'

const number = new Intl.NumberFormat('hu-HU', { maximumFractionDigits: 1 })
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
  return isValidMoment(iso) ? formatShortDateTime(iso) : ''
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
