/** An error with an HTTP status and a Hungarian message the client may show (DESIGN §3: `{code, message}`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Sent as the body's `reason` when a client must act on this refusal (contract/api/common.ts ErrorBody). */
    readonly reason?: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}
