/** Hands data to the browser as a download: a temporary object URL and a link click (Fájlok, Rendszernapló, exports). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // The click has handed the URL to the download; release it after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

/** Saves text made on the device (a CSV export) as a file, with no server round trip. */
export function saveText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(fileName, new Blob([text], { type }))
}
