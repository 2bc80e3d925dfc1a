/**
 * The builtin mind's look at the blocks around it, through the protocol only: which block names to
 * ask the link about (the planner's: ../planner/blocks-worth-knowing.ts), when a look is stale, and
 * what the answers add up to. Pure: the mind sends the EVENT_AI_GET_NEARBY_BLOCK this returns and
 * hands back the EVENT_PLAYER_SCAN_BLOCK's block ids.
 *
 * A scan lists the nearest matching blocks only (our link at most 64, the mod lists none above 50
 * and sends a summary instead), so an answer of 50 or more blocks may leave kinds out: those are
 * asked again, without the kinds already found, a few times per look. A look serves a few actions
 * or until the bot has walked away from where it was taken; the answer's round trip waits for no
 * running action (the mind asks between two).
 */
import type { AiEvent } from '../../protocols/lynxmind.js'
import { bareName, namespaced } from '../names.js'
import { blocksWorthKnowing } from '../planner/blocks-worth-knowing.js'
import type { ObtainGraph } from '../planner/graph.js'
import { STATIONS } from '../planner/plan.js'
import { STATION_RADIUS } from '../body/arrival.js'
import type { NearbyBlock } from '../../protocols/lynxmind.js'

/** The scan's radius: Body.surroundings' default, what the direct runner (planner/run-goal.ts) plans with. */
export const SCAN_RADIUS = 48
/** Actions a look serves before the next one (a scan costs a round trip; one per step is more than the plan needs). */
export const LOOK_EVERY_ACTIONS = 4
/** Blocks the bot may move from where the last look was taken before it looks again. */
export const LOOK_AGAIN_AFTER_BLOCKS = 16
/** An answer listing this many blocks may have been cut short (the mod's limit; our link's is 64). */
export const FULL_LIST = 50
/** Scans per look: the first, then the kinds a full list left out. */
export const MAX_SCANS_PER_LOOK = 3
/** Block ids per scan. */
export const MAX_IDS = 64
/**
 * A station (crafting table, furnace) serves the plan only within STATION_RADIUS (../body/arrival.ts),
 * where the craft and smelt skills look for one. An iron_ingot run counted a table 32–48 blocks away,
 * the craft made a new one from the planks the plan had for a pickaxe, and the pickaxe failed for
 * want of one.
 */
const STATION_NAMES: ReadonlySet<string> = new Set(STATIONS)

type Spot = { x: number; y: number; z: number }

export class KnownBlocksScan {
  private readonly wanted: string[]
  private last: { at: Spot; actions: number; known: Set<string> } | undefined
  private round: { left: string[]; found: Set<string>; scans: number; at: Spot; actions: number } | undefined

  constructor(graph: ObtainGraph, goal: string) {
    this.wanted = blocksWorthKnowing(graph, goal, MAX_IDS)
  }

  /** The block names a look asks about (bare). */
  asked(): readonly string[] {
    return this.wanted
  }

  /** The scan to send before deciding, at the bot's spot after `actions` actions; undefined while the last look is fresh. */
  ask(at: Spot, actions: number): AiEvent | undefined {
    const l = this.last
    if (l && actions - l.actions < LOOK_EVERY_ACTIONS && Math.hypot(at.x - l.at.x, at.y - l.at.y, at.z - l.at.z) < LOOK_AGAIN_AFTER_BLOCKS) return undefined
    if (this.wanted.length === 0) return undefined
    this.round = { left: [...this.wanted], found: new Set(), scans: 1, at, actions }
    return scan(this.wanted)
  }

  /** A scan's blocks: the next scan of this look when the list may have left kinds out, else undefined (the look is done). */
  answer(blocks: readonly NearbyBlock[]): AiEvent | undefined {
    const r = this.round
    if (!r) return undefined
    const got = new Set(blocks.map((b) => bareName(b.id)))
    const near = (b: NearbyBlock) => Math.hypot(b.x - r.at.x, b.y - r.at.y, b.z - r.at.z) <= STATION_RADIUS
    const usable = new Set(blocks.filter((b) => !STATION_NAMES.has(bareName(b.id)) || near(b)).map((b) => bareName(b.id)))
    for (const n of r.left) if (usable.has(n)) r.found.add(n)
    const left = r.left.filter((n) => !got.has(n))
    if (blocks.length >= FULL_LIST && left.length > 0 && r.scans < MAX_SCANS_PER_LOOK) {
      r.left = left
      r.scans++
      return scan(left)
    }
    this.close()
    return undefined
  }

  /** No answer came (the link's next heartbeat came first): the look ends with what it found. */
  unanswered(): void {
    this.close()
  }

  /** The asked-about blocks the last look found (bare names). */
  known(): string[] {
    return [...(this.last?.known ?? [])]
  }

  private close(): void {
    const r = this.round
    if (!r) return
    this.last = { at: r.at, actions: r.actions, known: r.found }
    this.round = undefined
  }
}

function scan(names: readonly string[]): AiEvent {
  return { type: 'EVENT_AI_GET_NEARBY_BLOCK', radius: SCAN_RADIUS, target_block_id: names.map((n) => namespaced(n)) }
}
