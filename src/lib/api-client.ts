/**
 * The one fetch wrapper (DESIGN §4): base URL from settings, the session token, JSON, an Idempotency-Key on
 * writes, and the spec's 401 rule. Nothing else in the app calls `fetch`.
 */
import { IDEMPOTENCY_HEADER, NDJSON_TYPE } from '@contract/http'
import { currentBackendUrl } from './backend-url'
import { randomId } from './random-id'
import { getToken } from './session'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Thrown when the request never reached the server (offline, DNS, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Hiba történt a kapcsolat során.', { cause })
    this.name = 'NetworkError'
  }
}

export interface ApiResult<T> {
  data: T
  status: number
  /** The response's Date header: when the server (or the cached copy) answered. */
  date: Date | null
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  /** Overrides the stored session token (the MFA step sends the temporary token). null sends none. */
  token?: string | null
  /** The 401 rule applies unless a caller handles 401 itself (login, MFA). */
  handleUnauthorized?: boolean
  idempotencyKey?: string
  signal?: AbortSignal
  /**
   * The body `code` a success must carry (spec §7: e.g. `POST /students/password` succeeds only with code 200, a
   * link creation with 201). A 2xx answer whose numeric `code` differs throws an ApiError with that code and the
   * server's message; an answer without a numeric `code` is judged by its HTTP status alone.
   */
  expectCode?: number | ((code: number) => boolean)
  /**
   * Asks for the answer as JSON lines (`Accept: application/x-ndjson`, the user import): each line before the last
   * is progress and goes here as it arrives; the last, `{"phase":"result","status":…,"body":…}`, is the answer,
   * judged as a plain answer with that status and body. A server that answers plain JSON (a replay, a refused
   * file) is read as usual.
   */
  onProgress?: (line: Record<string, unknown>) => void
}

let unauthorizedHandler: () => void = () => {}

/** The app registers what a 401 does: toast 'Nem vagy bejelentkezve.', remove the token, reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler
}

/** Server messages come as `{message}`; anything else yields null. */
export function messageOf(body: unknown): string | null {
  if (
    body &&
    typeof body === 'object' &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message
  )
    return body.message
  return null
}

/** Calls the API at `path` (relative to the backend URL) and parses JSON. Non-2xx throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = {}
  const token = options.token === undefined ? getToken() : options.token
  if (token) headers.Authorization = token
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (method !== 'GET') headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? randomId()
  if (options.onProgress) headers.Accept = `${NDJSON_TYPE}, application/json`

  let response: Response
  try {
    response = await fetch(`${currentBackendUrl()}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new NetworkError(error)
  }

  let status = response.status
  let data: unknown = null
  if (options.onProgress && response.ok && response.headers.get('Content-Type')?.includes(NDJSON_TYPE)) {
    const result = await readLines(response, options.onProgress)
    status = result.status
    data = result.body
  } else {
    const text = await response.text()
    if (text) {
      try {
        data = JSON.parse(text)
      } catch {
        data = text
      }
    }
  }
  const ok = status >= 200 && status < 300
  if (status === 401 && (options.handleUnauthorized ?? true) && token) {
    unauthorizedHandler()
  }
  if (!ok) throw new ApiError(status, messageOf(data) ?? response.statusText, data)
  if (options.expectCode !== undefined) {
    const code = bodyCode(data)
    if (code !== null && !codeAccepted(code, options.expectCode))
      throw new ApiError(code, messageOf(data) ?? '', data)
  }
  const dateHeader = response.headers.get('Date')
  return { data: data as T, status, date: dateHeader ? new Date(dateHeader) : null }
}

/**
 * Reads an NDJSON answer line by line: progress to `onProgress`, the `result` line returned. A body that ends (or
 * breaks) before its result is a lost connection: NetworkError (the write may or may not have been applied — the
 * same Idempotency-Key answers which).
 */
async function readLines(
  response: Response,
  onProgress: (line: Record<string, unknown>) => void,
): Promise<{ status: number; body: unknown }> {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      buffered += decoder.decode(value, { stream: !done })
      const lines = buffered.split('\n')
      buffered = done ? '' : lines.pop()!
      for (const text of lines) {
        if (!text.trim()) continue
        const line = JSON.parse(text) as Record<string, unknown>
        if (line.phase === 'result') return { status: Number(line.status), body: line.body }
        onProgress(line)
      }
      if (done) break
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new NetworkError(error)
  } finally {
    void reader.cancel().catch(() => {})
  }
  throw new NetworkError(new Error('the answer ended before its result'))
}

function bodyCode(body: unknown): number | null {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'number') return body.code
  return null
}

function codeAccepted(code: number, expected: number | ((code: number) => boolean)): boolean {
  return typeof expected === 'number' ? code === expected : expected(code)
}

/** GETs a file at `path` with the session token as a Blob (downloads). Non-2xx throws ApiError; 401 as above. */
export async function apiDownload(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken()
  let response: Response
  try {
    response = await fetch(`${currentBackendUrl()}${path}`, {
      headers: token ? { Authorization: token } : {},
      signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new NetworkError(error)
  }
  if (response.status === 401 && token) unauthorizedHandler()
  if (!response.ok) throw new ApiError(response.status, response.statusText, null)
  return response.blob()
}

export interface UploadOptions {
  /** Bytes of the request body sent so far, and its total (XHR upload progress). */
  onProgress?: (loaded: number, total: number) => void
  signal?: AbortSignal
}

/**
 * POSTs `form` (multipart) to `path` with the session token, reporting upload progress — which `fetch` cannot —
 * through XMLHttpRequest; the answer is read as `apiRequest` reads it (JSON, ApiError with the server's message,
 * NetworkError, the 401 rule). An abort through `signal` rejects with an AbortError DOMException.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<ApiResult<T>> {
  const token = getToken()
  const { signal } = options
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'))
    const xhr = new XMLHttpRequest()
    let settled = false
    const finish = (settle: () => void) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      settle()
    }
    const aborted = () => finish(() => reject(new DOMException('Aborted', 'AbortError')))
    // Settled at once: an aborted XHR does not always report back (a request the network never answered).
    function onAbort() {
      aborted()
      xhr.abort()
    }
    signal?.addEventListener('abort', onAbort)
    xhr.open('POST', `${currentBackendUrl()}${path}`)
    if (token) xhr.setRequestHeader('Authorization', token)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total)
    })
    xhr.addEventListener('abort', aborted)
    xhr.addEventListener('error', () =>
      finish(() => reject(new NetworkError(new Error('XMLHttpRequest failed')))),
    )
    xhr.addEventListener('load', () =>
      finish(() => {
        let data: unknown = null
        if (xhr.responseText) {
          try {
            data = JSON.parse(xhr.responseText)
          } catch {
            data = xhr.responseText
          }
        }
        if (xhr.status === 401 && token) unauthorizedHandler()
        if (xhr.status < 200 || xhr.status >= 300) {
          return reject(new ApiError(xhr.status, messageOf(data) ?? xhr.statusText, data))
        }
        const dateHeader = xhr.getResponseHeader('Date')
        resolve({ data: data as T, status: xhr.status, date: dateHeader ? new Date(dateHeader) : null })
      }),
    )
    xhr.send(form)
  })
}
