/**
 * Runs a LostSpace logic as a Saiblo *logic program* on byte streams
 * (stdin/stdout by default):
 * - in: 4-byte BE length + JSON. First the init message
 *   `{player_list, player_num, config, replay}`, then `{player, content, time}`
 *   per AI message, or `{player:-1, content:"{player,state,error,error_log}"}`
 *   for an AI failure;
 * - out: 4-byte BE length + 4-byte BE target (−1, the judger) + JSON frame.
 * The replay file named in the init message is written before the end frame.
 */
import type { Readable, Writable } from 'node:stream'
import { writeFileSync } from 'node:fs'
import { encodeTargetedFrame, FrameDecoder } from './judger/framing.js'
import type { JudgerFrame, LogicLike } from './judger/judger.js'
import type { ErrorCode } from './judger/seats.js'
import { createLogger, type Logger } from '../core/logger.js'

export interface LogicRunnerOptions {
  input?: Readable
  output?: Writable
  logger?: Logger
}

interface ErrorReport {
  player: number
  state?: number
  error: number
  error_log?: string
}

/** Resolves when the end frame was written (or the input ended). Never throws on bad input. */
export function runLogicProgram(logic: LogicLike, opts: LogicRunnerOptions = {}): Promise<void> {
  const input = opts.input ?? process.stdin
  const output = opts.output ?? process.stdout
  const logger = opts.logger ?? createLogger('lostspace:logic')
  const decoder = new FrameDecoder()
  let replayPath = ''
  let initialised = false
  let finished = false
  let ending = false

  return new Promise<void>((resolve) => {
    const stop = () => {
      if (finished) return
      finished = true
      input.removeListener('data', onData)
      resolve()
    }
    const write = (frames: JudgerFrame[]) => {
      for (const f of frames) {
        if (finished || ending) return
        if (f.state === -1 && replayPath) {
          try {
            writeFileSync(replayPath, JSON.stringify(logic.replay()))
          } catch (err) {
            logger.error('cannot write replay', { path: replayPath, err: err as Error })
          }
        }
        output.write(encodeTargetedFrame(-1, f))
        if (f.state === -1) {
          // Let the end frame reach the judger before we report completion.
          ending = true
          output.write('', () => stop())
          return
        }
      }
    }
    const handle = (body: string) => {
      let msg: unknown
      try {
        msg = JSON.parse(body)
      } catch {
        logger.warn('ignoring a frame that is not JSON', { body: body.slice(0, 200) })
        return
      }
      if (!msg || typeof msg !== 'object') {
        logger.warn('ignoring a frame that is not a JSON object', { body: body.slice(0, 200) })
        return
      }
      const m = msg as Record<string, unknown>
      if (!initialised) {
        if (!Array.isArray(m.player_list)) {
          logger.warn('first frame must be the init message {player_list, player_num, config, replay}')
          return
        }
        initialised = true
        replayPath = typeof m.replay === 'string' ? m.replay : ''
        write(
          logic.init({
            player_list: m.player_list as number[],
            player_num: typeof m.player_num === 'number' ? m.player_num : m.player_list.length,
            config: m.config && typeof m.config === 'object' ? (m.config as object) : {},
            replay: replayPath,
          }),
        )
        return
      }
      const player = m.player
      if (player === -1) {
        const report = parseErrorReport(m.content)
        if (!report) {
          logger.warn('ignoring a malformed error report', { content: String(m.content).slice(0, 200) })
          return
        }
        const code = (report.error === 1 || report.error === 2 ? report.error : 0) as ErrorCode
        write(logic.onAiError(report.player, code, report.error_log))
        return
      }
      if (typeof player !== 'number' || !Number.isInteger(player)) {
        logger.warn('ignoring a frame without a valid player', { body: body.slice(0, 200) })
        return
      }
      const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? null)
      write(logic.onAiMessage(player, content))
    }
    const onData = (chunk: Buffer) => {
      let frames
      try {
        frames = decoder.push(chunk)
      } catch (err) {
        logger.error('input framing broken', { err: err as Error })
        stop()
        return
      }
      for (const f of frames) {
        if (finished || ending) return
        try {
          handle(f.body)
        } catch (err) {
          logger.error('logic failed on a message', { err: err as Error })
        }
      }
    }
    input.on('data', onData)
    input.once('end', stop)
    input.once('close', stop)
    input.once('error', stop)
  })
}

function parseErrorReport(content: unknown): ErrorReport | null {
  let v: unknown = content
  if (typeof content === 'string') {
    try {
      v = JSON.parse(content)
    } catch {
      return null
    }
  }
  if (!v || typeof v !== 'object') return null
  const r = v as Record<string, unknown>
  if (typeof r.player !== 'number' || typeof r.error !== 'number') return null
  return {
    player: r.player,
    state: typeof r.state === 'number' ? r.state : undefined,
    error: r.error,
    error_log: typeof r.error_log === 'string' ? r.error_log : undefined,
  }
}
