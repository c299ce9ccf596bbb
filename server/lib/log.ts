/**
 * What the log may contain. Errors are logged by an allow-list serializer: a database error's message carries its
 * query parameters (`params: …` — usernames, password hashes, token hashes) and a pg error's `detail` carries row
 * values, so only the error's type, code, message up to its parameters and stack frames are written. Request
 * headers and bodies are never logged; pino's redaction is the second line for any object logged by hand.
 * (Without SMTP_URL the MFA mail itself goes to the log on purpose — DESIGN "Mail"; set SMTP_URL in production.)
 */
import type { FastifyServerOptions } from 'fastify'

export interface SafeError {
  type: string
  code?: string
  message: string
  stack: string
  cause?: SafeError
}

/** A message without the query parameters or row values a database error appends, nor a credential it quotes. */
function safeMessage(message: string): string {
  return message
    .split(/\nparams:/)[0]
    .replace(/\b(bearer|basic)\s+[^\s,;"']+/gi, '$1 [törölve]')
    .replace(/\0/g, '\\0')
}

/** The error's type, code, message (without values) and stack frames, and the same of its cause. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' }
  const code = (error as { code?: unknown }).code
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n')
  const safe: SafeError = {
    type: error.name || error.constructor?.name || 'Error',
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    message: safeMessage(error.message),
    stack: frames,
  }
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1)
  return safe
}

/** Paths pino blanks in anything logged, whatever the serializers let through. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body',
  'body',
  'password',
  'passwordHash',
  'token',
  'Token',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.Token',
  '*.tokenHash',
  '*.codeHash',
  '*.params',
]

/** The server's logger options: level, redaction and the allow-list error serializer. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[törölve]' },
    serializers: { err: (error: Error) => ({ ...safeError(error) }) },
  }
}
