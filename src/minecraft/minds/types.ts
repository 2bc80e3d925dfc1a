/**
 * The Mind contract: every mind (builtin planner, llm, remote agent) plugs into
 * the LynxMind link the same way. The link sends mod→AI events (canonical
 * form, see src/protocols/lynxmind.ts); the mind answers with zero or more
 * AI→mod events. Minds that hear from elsewhere (a remote agent) may also
 * push events at any time through `emit`.
 */
import type { Logger } from '../../core/logger.js'
import type { ContextBus } from '../../core/context-bus.js'
import type { AiEvent, ModEvent } from '../../protocols/lynxmind.js'
import type { DeathSpot } from '../planner/death-recovery.js'

export type MindKind = 'builtin' | 'llm' | 'remote'

export interface MindContext {
  /** Pushes AI→mod events outside a `receive` answer (remote agents, late answers). */
  emit(events: AiEvent[]): void
  /** Tells the players something (in-game chat) — e.g. why a model was shut down. */
  say(message: string): void
  /** The body's context stream, when there is one (model minds read its XML). */
  bus?: ContextBus
  logger: Logger
  botName: string
  /** The game version the body plays (for the planner's facts), once known. */
  gameVersion?: () => string | undefined
  /**
   * Minds whose decisions come from an agent elsewhere (remote) report when it
   * connects and when it leaves, so the link can stop the body, judge the task
   * on the world and hand a returning agent the current task.
   */
  presence?(state: AgentPresence): void
}

export type AgentPresence = 'connected' | 'disconnected'

export interface MindStats {
  /** Decisions asked of a model (0 for the builtin mind); for the remote mind, every message its agents sent. */
  calls: number
  promptTokens: number
  completionTokens: number
  /** Replies that could not be used (format errors, LLM errors, rejected agent messages). */
  failures: number
}

export interface Mind {
  readonly kind: MindKind
  /**
   * Session start. The link opens the session when an `EVENT_AI_START` arrives
   * (returned here or emitted later); until then no task is sent.
   */
  start(ctx: MindContext): Promise<AiEvent[]>
  /** One mod→AI event; resolves to the answer (possibly empty). Never rejects on bad model output. */
  receive(event: ModEvent): Promise<AiEvent[]>
  /**
   * The body died, and where (the link hears it from the body: LynxMind has no death event).
   * Minds that plan with the executor go back for the items the death left; `held` is the
   * inventory at the moment of the death.
   */
  bodyDied?(cause: string, spot?: DeathSpot, held?: Record<string, number>): void
  stats(): MindStats
  close(): Promise<void>
}

export function emptyStats(): MindStats {
  return { calls: 0, promptTokens: 0, completionTokens: 0, failures: 0 }
}
