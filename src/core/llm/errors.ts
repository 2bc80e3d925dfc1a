/**
 * The one error type of the model client. `kind` says what went wrong so callers can react
 * (back off, fix config, give up); `message` is written for a person and never contains the API key.
 */
export type LlmErrorKind =
  | 'timeout'
  | 'rate_limit'
  | 'server'
  | 'network'
  | 'bad_response'
  | 'cancelled'
  | 'auth'
  | 'bad_request'

export interface LlmErrorDetails {
  status?: number
  /** Attempts made (1 = no retry). */
  attempts?: number
  /** Server-requested wait, in ms, when the server sent Retry-After. */
  retryAfterMs?: number
  cause?: unknown
}

export class LlmError extends Error {
  override readonly name = 'LlmError'
  readonly kind: LlmErrorKind
  readonly status?: number
  readonly attempts?: number
  readonly retryAfterMs?: number

  constructor(kind: LlmErrorKind, message: string, details: LlmErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.kind = kind
    if (details.status !== undefined) this.status = details.status
    if (details.attempts !== undefined) this.attempts = details.attempts
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs
  }

  /** Whether trying again later may help (a timed-out model may still be loading or busy). */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'rate_limit' || this.kind === 'server' || this.kind === 'network'
  }
}

export function isLlmError(err: unknown): err is LlmError {
  return err instanceof LlmError
}

/** Replaces every secret occurrence (API key, URL credentials) in a text with `***`. */
export function redact(text: string, secrets: Array<string | undefined>): string {
  let out = text
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('***')
  }
  return out
}
