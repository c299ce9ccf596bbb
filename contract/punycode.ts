/**
 * Punycode labels back to Unicode (RFC 3492 decoding), for showing IDN host names as people wrote them
 * (`xn--bc-lia7ab.hu` → `ábécé.hu`). Encoding is the WHATWG URL parser's job (browsers and Node); the decoder has
 * no built-in in the browser, so it is here: pure, a few dozen lines.
 */

const BASE = 36
const T_MIN = 1
const T_MAX = 26
const SKEW = 38
const DAMP = 700
const INITIAL_BIAS = 72
const INITIAL_N = 128

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1
  d += Math.floor(d / points)
  let k = 0
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN))
    k += BASE
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW))
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22 // '0'–'9' → 26–35
  if (code >= 0x61 && code <= 0x7a) return code - 0x61 // 'a'–'z' → 0–25
  if (code >= 0x41 && code <= 0x5a) return code - 0x41
  return -1
}

/** The Unicode form of one label's punycode part (without `xn--`), or null when it is not valid punycode. */
export function decodePunycode(input: string): string | null {
  const output: number[] = []
  const delimiter = input.lastIndexOf('-')
  for (let j = 0; j < delimiter; j++) {
    const code = input.charCodeAt(j)
    if (code >= 0x80) return null
    output.push(code)
  }
  let n = INITIAL_N
  let bias = INITIAL_BIAS
  let i = 0
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length;) {
    const before = i
    let w = 1
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null
      const digit = digitOf(input.charCodeAt(index++))
      if (digit < 0) return null
      i += digit * w
      if (i > 0x7fffffff) return null
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
      if (digit < t) break
      w *= BASE - t
    }
    const length = output.length + 1
    bias = adapt(i - before, length, before === 0)
    n += Math.floor(i / length)
    i %= length
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null
    output.splice(i, 0, n)
    i++
  }
  return String.fromCodePoint(...output)
}

/** Characters never shown decoded: controls, format (bidi) characters, separators, surrogates, private use, unassigned. */
export const UNSHOWABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Z}]/u

/**
 * A host name as people read it: each `xn--` label decoded. A label that does not decode, or decodes to something
 * not to be shown (see UNSHOWABLE), stays as it is.
 */
export function domainToUnicode(host: string): string {
  return host
    .split('.')
    .map((label) => {
      if (!/^xn--/i.test(label)) return label
      const decoded = decodePunycode(label.slice(4).toLowerCase())
      return decoded && !UNSHOWABLE.test(decoded) ? decoded : label
    })
    .join('.')
}
