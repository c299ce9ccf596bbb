/** An error with an HTTP status and a Hungarian message the client may show (DESIGN §3: `{code, message}`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}
