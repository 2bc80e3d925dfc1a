/**
 * The LLM player: any OpenAI-compatible model picks each action.
 *
 * Context: a ContextBus fed with what the player saw, what hit it and what it
 * did (from the SDK tracker's event log), plus a compact state summary.
 * Answer: JSON `{"action": "<one of the listed labels>", "why": "..."}` under a
 * JSON Schema whose enum is the CURRENT legal actions (structured output).
 * Fallback: when the model fails, times out or answers garbage, the expert
 * (`builtin:expert`, with a small budget) plays the rest of the turn, so a turn
 * is never wasted. Every
 * model call, its retries and their waits (Retry-After, backoff) included, is
 * bounded by the time the turn has left.
 */
import { z } from 'zod'
import { createContextBus, type ContextBus } from '../../core/context-bus.js'
import type { LlmClient } from '../../core/llm/client.js'
import type { ChatMessage } from '../../core/llm/structured.js'
import { parseModelAnswer } from '../../core/model-json.js'
import { createLogger, type Logger } from '../../core/logger.js'
import { loadMap, type GameMap } from '../map.js'
import type { Player, PlayerApi } from '../sdk/client.js'
import type { Action } from '../sdk/messages.js'
import { describeAction, type GameStateTracker } from '../sdk/state.js'
import { isMainAction, legalActions } from './legal.js'
import { createExpertPlayer } from './expert/index.js'

export interface LlmPlayerOptions {
  client: LlmClient
  map?: GameMap
  bus?: ContextBus
  /** Model calls per turn at most (each picks one action). Default 2. */
  callsPerTurn?: number
  /** Time budget of one whole turn in ms (the judger's limit is 3 s by default). Default 2500. */
  turnBudgetMs?: number
  logger?: Logger
  /** Seed of the fallback expert. */
  seed?: number
}

export interface LlmPlayerStats {
  calls: number
  fallbacks: number
  modelActions: number
}

export const FINISH = 'finish'

/** Thinking budget of the fallback expert (ms of simulations). */
const FALLBACK_BUDGET_MS = 40
/** Time kept back from a model call for the fallback turn (the expert's budget with room to spare). */
const FALLBACK_RESERVE_MS = 250

/** Human-readable label of an action, unique within one list. */
export function actionLabel(a: Action): string {
  return describeAction(a)
}

export const SYSTEM_PROMPT = [
  'You play LostSpace, a 4-player turn-based escape game on a 3-layer graph map (positions are [x,y,layer]; layer 0 is the top with the escape capsule at [3,3,0], 1 the spawn layer, 2 the bottom).',
  'Goal: collect the 4 keys (you hold your own; each other key comes from that player\'s key machine at their spawn x,y on layer 1 or 2, or from boxes dropped by dead players), reach the capsule and escape. Escapers rank first.',
  'Each turn: at most one MAIN action (move one step or elevator hop, attack an adjacent/same-node player for 70, take a tool at a Materials point, open a Box, use a KeyMachine (ends your turn), use a Kit (+100 hp), start the escape) plus any number of secondary ones (detect a neighbour for traps, place a trap, blink one step with Transport).',
  'Zones fail over time (round 40 onward) and kill whoever is inside. HP starts at 200; dying costs 3 points and drops your keys.',
  'Answer with JSON only: {"action": "<exactly one label from the list>", "why": "<a few words>"}. "finish" ends your turn.',
].join('\n')

export function createLlmPlayer(opts: LlmPlayerOptions): Player & { stats: LlmPlayerStats; bus: ContextBus } {
  const map = opts.map ?? loadMap()
  const bus = opts.bus ?? createContextBus()
  const logger = opts.logger ?? createLogger('lostspace:llm')
  const callsPerTurn = opts.callsPerTurn ?? 2
  const budget = opts.turnBudgetMs ?? 2500
  // Watches every message (its belief) so it can take over any turn.
  const expert = createExpertPlayer({ map, seed: opts.seed, budgetMs: FALLBACK_BUDGET_MS, turnLimitMs: FALLBACK_RESERVE_MS * 2 })
  const stats: LlmPlayerStats = { calls: 0, fallbacks: 0, modelActions: 0 }
  let seenEvents = 0

  const syncBus = (s: GameStateTracker) => {
    const n = Math.min(s.eventCount - seenEvents, s.events.length)
    const fresh = n > 0 ? s.events.slice(s.events.length - n) : []
    seenEvents = s.eventCount
    for (const e of fresh) {
      if (e.kind === 'did') bus.pushBot(`r${e.round} ${e.text}`)
      else bus.pushEvent(e.kind, `r${e.round} ${e.text}`)
    }
  }

  const ask = async (s: GameStateTracker, labels: string[], deadline: number): Promise<string | null> => {
    const remaining = deadline - Date.now()
    if (remaining < 200 + FALLBACK_RESERVE_MS) return null
    const schema = z.object({ action: z.enum(labels as [string, ...string[]]), why: z.string().max(200).optional() })
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      {
        role: 'user',
        content: [
          '<context>',
          bus.buildXml({ maxEntries: 40 }),
          '</context>',
          `<state>${s.summary()}</state>`,
          `Legal actions now:\n${labels.map((l) => `- ${l}`).join('\n')}`,
          'Pick one.',
        ].join('\n'),
      },
    ]
    stats.calls++
    try {
      const res = await opts.client.chat({
        messages,
        jsonSchema: { name: 'lostspace_action', schema: z.toJSONSchema(schema) as object },
        // the whole call, retries and their waits included, must end while the seat still has time to fall back
        budgetMs: remaining - FALLBACK_RESERVE_MS,
        maxTokens: 120,
      })
      const parsed = parseModelAnswer(res.text, schema)
      if (!parsed.ok) {
        logger.debug('model answer rejected', { error: parsed.error.slice(0, 200) })
        bus.pushTool(`model answer rejected: ${parsed.error.split('\n')[0]}`)
        return null
      }
      return parsed.value.action
    } catch (err) {
      logger.debug('model call failed', { err: err as Error })
      bus.pushTool(`model call failed: ${(err as Error).message.slice(0, 120)}`)
      return null
    }
  }

  const fallback = async (s: GameStateTracker, api: PlayerApi) => {
    stats.fallbacks++
    const done: string[] = []
    const watched: PlayerApi = Object.create(api, {
      act: {
        value: async (a: Action) => {
          const r = await api.act(a)
          done.push(`${describeAction(a)}${r.success ? '' : ' (failed)'}`)
          return r
        },
      },
    })
    await expert.onRoundBegin(s, watched)
    bus.pushTool(`fallback: ${done.length ? done.join(', ') : 'finish'}`)
  }

  return {
    name: 'llm',
    stats,
    bus,
    onMessage(msg, s) {
      expert.onMessage?.(msg, s)
      syncBus(s)
    },
    async onRoundBegin(s, api) {
      if (s.status === 4) return
      const deadline = Date.now() + budget
      let mainUsed = false
      for (let i = 0; i < callsPerTurn && !api.turnOver; i++) {
        const legal = legalActions(s, map, { mainUsed })
        const actions = [...legal.main, ...legal.secondary]
        const byLabel = new Map(actions.map((a) => [actionLabel(a), a]))
        const labels = [...byLabel.keys(), FINISH]
        const pick = await ask(s, labels, deadline)
        if (pick === null) {
          if (!mainUsed) await fallback(s, api)
          return
        }
        if (pick === FINISH) return
        const action = byLabel.get(pick)!
        stats.modelActions++
        const r = await api.act(action)
        syncBus(s)
        if (r.success && isMainAction(action)) mainUsed = true
      }
    },
  }
}
