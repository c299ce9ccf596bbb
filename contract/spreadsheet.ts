/**
 * Bounded reading of uploaded spreadsheets (issue 18), the same on the server (users import, in a worker thread) and
 * in the page (timetable import, in a Web Worker). A few kilobytes can claim a whole sheet (`<dimension
 * ref="A1:XFD1048576"/>`: SheetJS then walks 17 billion cells) or inflate to gigabytes (a zip bomb), so before any
 * cell is read: the zip's declared uncompressed sizes, the sheet's declared range and the rows read (`sheetRows`) are
 * held to SPREADSHEET_LIMITS. What lies about its sizes is stopped by the worker's time and memory limits.
 *
 * SheetJS is passed in (a type-only import here: contract imports no code).
 */
import type * as Xlsx from 'xlsx'

export const SPREADSHEET_LIMITS = {
  /** Rows under the header line: a school of 5,000 pupils is one file. */
  rows: 5000,
  columns: 50,
  /** The zip's entries together, uncompressed. */
  unpackedBytes: 16 * 1024 * 1024,
  /** The reading worker is terminated after this. */
  seconds: 10,
  /** The server's reading worker's heap. */
  memoryMb: 256,
} as const

export const SPREADSHEET_MESSAGES = {
  tooManyRows: `A táblázat túl nagy: legfeljebb ${SPREADSHEET_LIMITS.rows} sort lehet beolvasni.`,
  tooManyColumns: `A táblázat túl széles: legfeljebb ${SPREADSHEET_LIMITS.columns} oszlopot lehet beolvasni.`,
  tooLargeUnpacked: `A fájl kicsomagolva túl nagy: legfeljebb ${SPREADSHEET_LIMITS.unpackedBytes / 1024 / 1024} MB lehet.`,
  tooSlow: `A fájl beolvasása túllépte a ${SPREADSHEET_LIMITS.seconds} másodperces korlátot.`,
  tooMuchMemory: `A fájl beolvasása túllépte a ${SPREADSHEET_LIMITS.memoryMb} MB-os memóriakorlátot.`,
} as const

/** A limit the file broke: answered 413 by the server, shown as it is in the page. */
export class SpreadsheetLimitError extends Error {
  override name = 'SpreadsheetLimitError'
}

const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50

/**
 * The sum of the uncompressed sizes the zip's central directory declares (ZIP64 counts as too large). Throws
 * SpreadsheetLimitError over the limit, and a plain Error for bytes that are not a zip.
 */
export function checkZipSizes(bytes: Uint8Array, limit: number = SPREADSHEET_LIMITS.unpackedBytes): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at
      break
    }
  }
  if (end < 0) throw new Error('not a zip')
  const count = view.getUint16(end + 10, true)
  let at = view.getUint32(end + 16, true)
  let total = 0
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY)
      throw new Error('bad zip directory')
    const size = view.getUint32(at + 24, true)
    if (size === 0xffffffff) throw new SpreadsheetLimitError(SPREADSHEET_MESSAGES.tooLargeUnpacked)
    total += size
    if (total > limit) throw new SpreadsheetLimitError(SPREADSHEET_MESSAGES.tooLargeUnpacked)
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
  }
  return total
}

export interface BoundedReadOptions {
  /** Cell values as stored (numbers stay numbers); otherwise the formatted text. */
  raw: boolean
  /** Blank rows kept (so row numbers stay the sheet's); otherwise left out. */
  blankRows?: boolean
  /** CSV text instead of .xlsx bytes. */
  csv?: string
}

/**
 * The first sheet's rows, within SPREADSHEET_LIMITS. Throws SpreadsheetLimitError naming the
 * limit broken, or SheetJS's error for a file that is not a spreadsheet.
 */
export function readBoundedRows(
  xlsx: typeof Xlsx,
  bytes: Uint8Array,
  options: BoundedReadOptions,
): unknown[][] {
  const { rows, columns } = SPREADSHEET_LIMITS
  if (options.csv === undefined) checkZipSizes(bytes)
  else if (options.csv.length > SPREADSHEET_LIMITS.unpackedBytes)
    throw new SpreadsheetLimitError(SPREADSHEET_MESSAGES.tooLargeUnpacked)
  // The header line and `rows` rows, and one more to see that there were more.
  const common = { dense: true, sheetRows: rows + 2, sheets: 0 } as const
  const book =
    options.csv === undefined
      ? xlsx.read(bytes, { ...common, type: 'array' })
      : xlsx.read(options.csv.replace(/^\uFEFF/, ''), { ...common, type: 'string', raw: true })
  const sheet = book.Sheets[book.SheetNames[0]]
  if (!sheet) return []
  // The range the sheet declares (before sheetRows cut it), then the one that is read.
  for (const ref of [sheet['!fullref'], sheet['!ref']]) {
    if (!ref) continue
    const range = xlsx.utils.decode_range(ref)
    if (range.e.r > rows) throw new SpreadsheetLimitError(SPREADSHEET_MESSAGES.tooManyRows)
    if (range.e.c >= columns) throw new SpreadsheetLimitError(SPREADSHEET_MESSAGES.tooManyColumns)
  }
  const blankRows = options.blankRows ?? false
  const rowsRead = xlsx.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    blankrows: blankRows,
    raw: options.raw,
    defval: '',
  })
  return blankRows ? rowsRead : rowsRead.filter((row) => row.some((cell) => String(cell ?? '').trim()))
}
