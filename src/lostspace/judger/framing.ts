/**
 * Saiblo wire framing (lostspace-facts §1).
 *
 * - judger → logic and AI → judger: 4-byte big-endian length, then the body.
 * - logic → judger: 4-byte BE length, 4-byte BE signed target, then the body.
 * - logic → AI payload: 4 zero-padded ASCII digits giving the body's byte length, then the body.
 *
 * Decoders are incremental: feed them chunks as they arrive (headers and bodies
 * may be split across writes, and several frames may share one chunk).
 */

export class FramingError extends Error {
  constructor(
    message: string,
    readonly kind: 'oversize' | 'garbage',
  ) {
    super(message)
    this.name = 'FramingError'
  }
}

/** 4-byte BE length + body (judger → logic, AI → judger). */
export function encodeFrame(body: string | object): Buffer {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const payload = Buffer.from(text, 'utf8')
  const header = Buffer.alloc(4)
  header.writeUInt32BE(payload.length, 0)
  return Buffer.concat([header, payload])
}

/** 4-byte BE length + 4-byte BE signed target + body (logic → judger). */
export function encodeTargetedFrame(target: number, body: string | object): Buffer {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const payload = Buffer.from(text, 'utf8')
  const header = Buffer.alloc(8)
  header.writeUInt32BE(payload.length, 0)
  header.writeInt32BE(target, 4)
  return Buffer.concat([header, payload])
}

/** Largest body a 4-digit ASCII header can describe. */
export const MAX_AI_PAYLOAD = 9999

/** 4 ASCII digits + body (logic → AI). Throws on bodies the header cannot describe. */
export function encodeAiPayload(body: string | object): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const len = Buffer.byteLength(text, 'utf8')
  if (len === 0 || len > MAX_AI_PAYLOAD) {
    throw new FramingError(`AI payload must be 1..${MAX_AI_PAYLOAD} bytes, got ${len}`, 'oversize')
  }
  return String(len).padStart(4, '0') + text
}

/** Splits `dddd{json}` into its body; returns null when the header is malformed or does not match. */
export function decodeAiPayload(payload: string): string | null {
  if (payload.length < 4 || !/^\d{4}$/.test(payload.slice(0, 4))) return null
  const len = Number(payload.slice(0, 4))
  const body = payload.slice(4)
  return Buffer.byteLength(body, 'utf8') === len ? body : null
}

interface DecoderOptions {
  /** Bytes of header before the body: 4 (length) or 8 (length + target). */
  withTarget?: boolean
  /** Largest accepted body length in bytes; longer frames raise a FramingError('oversize'). */
  maxLength?: number
}

export interface DecodedFrame {
  body: string
  /** Only for logic → judger frames. */
  target?: number
}

/** Incremental decoder for length-prefixed binary frames. */
export class FrameDecoder {
  private buf: Buffer = Buffer.alloc(0)
  private readonly headerSize: number
  private readonly maxLength: number
  private failed: FramingError | null = null

  constructor(opts: DecoderOptions = {}) {
    this.headerSize = opts.withTarget ? 8 : 4
    this.maxLength = opts.maxLength ?? 64 * 1024 * 1024
  }

  /** Bytes received but not yet part of a complete frame. */
  get pending(): number {
    return this.buf.length
  }

  /** Feeds a chunk; returns the frames it completes. Throws FramingError once the stream is unusable. */
  push(chunk: Buffer): DecodedFrame[] {
    if (this.failed) throw this.failed
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk])
    const out: DecodedFrame[] = []
    while (this.buf.length >= this.headerSize) {
      const len = this.buf.readUInt32BE(0)
      if (len > this.maxLength) {
        const head = this.buf.toString('latin1', 0, 4)
        const hint = /^[\x20-\x7e]{4}$/.test(head) ? ` (the length header reads "${head}": is the AI printing text to stdout?)` : ''
        this.failed = new FramingError(`frame of ${len} bytes exceeds the limit of ${this.maxLength} bytes${hint}`, 'oversize')
        throw this.failed
      }
      if (this.buf.length < this.headerSize + len) break
      const frame: DecodedFrame = {
        body: this.buf.toString('utf8', this.headerSize, this.headerSize + len),
      }
      if (this.headerSize === 8) frame.target = this.buf.readInt32BE(4)
      out.push(frame)
      this.buf = this.buf.subarray(this.headerSize + len)
    }
    return out
  }
}

/** Incremental decoder for the AI side: 4 ASCII digits, then exactly that many bytes. */
export class AiPayloadDecoder {
  private buf: Buffer = Buffer.alloc(0)
  private failed: FramingError | null = null

  push(chunk: Buffer): string[] {
    if (this.failed) throw this.failed
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk])
    const out: string[] = []
    while (this.buf.length >= 4) {
      const head = this.buf.toString('latin1', 0, 4)
      if (!/^\d{4}$/.test(head)) {
        this.failed = new FramingError(`expected 4 ASCII digits, got ${JSON.stringify(head)}`, 'garbage')
        throw this.failed
      }
      const len = Number(head)
      if (this.buf.length < 4 + len) break
      out.push(this.buf.toString('utf8', 4, 4 + len))
      this.buf = this.buf.subarray(4 + len)
    }
    return out
  }
}
