/** One tournament game, start to end: seats from the task's specs, our logic and judger, the record. */
import { runGame } from '../judger/judger.js'
import { LostSpaceLogic } from '../logic.js'
import { seatFromSpec, type SeatSetup } from '../seat-specs.js'
import { createLogger, type Logger } from '../../core/logger.js'
import { recordOf, type GameOutcome, type GameTask } from './records.js'

export interface PlayOptions {
  /** Recorded as the game's `by`. */
  by: string
  llm?: SeatSetup['llm']
  /** Default: silent (AI failures are in the record). */
  logger?: Logger
}

const silent = createLogger('lostspace:tournament', { level: 'silent' })

/** Plays the task's game; rejects only when the game itself breaks (a logic error, a bad spec). */
export async function playGame(task: GameTask, opts: PlayOptions): Promise<GameOutcome> {
  const setup: SeatSetup = { timeLimitSec: task.timeLimitSec, ...(opts.llm ? { llm: opts.llm } : {}) }
  const seats = await Promise.all(task.specs.map((spec, seat) => seatFromSpec(spec, seat, task.seed, setup)))
  const started = performance.now()
  const result = await runGame({
    seats,
    logic: new LostSpaceLogic({ seed: task.seed, timeLimitSec: task.timeLimitSec, maxLength: task.maxLength }),
    timeLimitSec: task.timeLimitSec,
    maxLength: task.maxLength,
    logger: opts.logger ?? silent,
  })
  const record = recordOf(task, result, performance.now() - started, opts.by)
  return task.replay ? { record, replay: result.replay } : { record }
}
