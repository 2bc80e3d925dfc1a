/**
 * The random player: each turn it tries a few uniformly random actions among
 * those it believes legal (main and secondary), then finishes. For fuzzing the
 * logic and as the weakest baseline.
 */
import { mulberry32 } from '../../core/rng.js'
import { loadMap, type GameMap } from '../map.js'
import type { Player } from '../sdk/client.js'
import { actionOfCode, isMainAction, legalActionCodes, type LegalCodes } from './legal.js'

export interface RandomPlayerOptions {
  seed?: number
  map?: GameMap
  /** Most actions tried per turn (default 3). */
  maxActions?: number
}

/** A bare `() => number` generator, for callers that do not need the `Rng` helpers. */
export const createRng = mulberry32

export function createRandomPlayer(opts: RandomPlayerOptions = {}): Player {
  const map = opts.map ?? loadMap()
  const rng = createRng(opts.seed ?? 1)
  const maxActions = opts.maxActions ?? 3
  const legal: LegalCodes = { main: [], secondary: [] }
  return {
    name: 'random',
    keepsLog: false,
    async onRoundBegin(state, api) {
      let mainUsed = false
      for (let i = 0; i < maxActions && !api.turnOver; i++) {
        // The legal actions as codes: only the one picked is built.
        legalActionCodes(state, map, mainUsed, legal)
        const { main, secondary } = legal
        const count = main.length + secondary.length
        // "finish" is one of the choices, so turns end at random too.
        const pick = Math.floor(rng() * (count + 1))
        if (pick >= count) break
        const action = actionOfCode(pick < main.length ? main[pick]! : secondary[pick - main.length]!, map)
        const reply = await api.act(action)
        if (reply.success && isMainAction(action)) mainUsed = true
      }
    },
  }
}
