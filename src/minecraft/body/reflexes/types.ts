/** Reflexes: small always-on behaviours kept apart from any mind, each switchable. */
import type { Bot } from 'mineflayer'
import type { EventEmitter } from 'node:events'
import type { Logger } from '../../../core/logger.js'
import type { ActionSlot, HoldOptions } from '../action-slot.js'
import type { Registry } from '../items.js'
import type { BlockKnowledge } from '../senses/known-blocks.js'
import type { SkillCall, SkillResult } from '../types.js'

export interface ReflexHost {
  bot: Bot
  registry: Registry
  slot: ActionSlot
  /** The body, for its events ('health.change', …). */
  events: EventEmitter
  run(call: SkillCall): Promise<SkillResult>
  /** Runs a skill that other calls wait for instead of interrupting (the action slot's hold). */
  hold(call: SkillCall, opts?: HoldOptions): Promise<SkillResult>
  strikeBackList(): string[]
  /** The fair-play block knowledge of the current bot (what the reflex may target). */
  knowledge(): BlockKnowledge
  log: Logger
}

export interface Reflex {
  name: ReflexName
  /** Starts the reflex on a (new) bot; returns its stop function. */
  start(host: ReflexHost): () => void
}

export type ReflexName = 'eat' | 'mend' | 'escapeFluids' | 'waterBucket' | 'watchdog' | 'strikeBack' | 'shelter' | 'surface'
export type ReflexSwitches = Partial<Record<ReflexName, boolean>>
