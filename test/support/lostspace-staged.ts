import { LostSpaceLogic, type LostSpaceInit } from '../../src/lostspace/logic.js'
import { loadMap, type Pos } from '../../src/lostspace/map.js'
import type { ToolCounts } from '../../src/lostspace/engine.js'

const map = loadMap()
const NO_TOOLS: ToolCounts = { LandMine: 0, Sticky: 0, Kit: 0, Transport: 0 }

export interface Stage {
  pos: Pos
  keys: number[]
  tools?: Partial<ToolCounts>
}

/**
 * Our logic, with some players moved before seat 1's first turn (seat 0 has already been sent its
 * round-1 roundbegin, so the staged seats are 1–3). Every rule stays the engine's.
 */
export class StagedLogic extends LostSpaceLogic {
  constructor(private readonly stage: Record<number, Stage>) {
    super({ seed: 1 })
  }
  override init(msg: LostSpaceInit) {
    const frames = super.init(msg)
    for (const [id, st] of Object.entries(this.stage)) {
      const p = this.engine.player(Number(id))
      p.pos = map.get(st.pos)!
      p.keys = [...st.keys]
      p.tools = { ...NO_TOOLS, ...st.tools }
    }
    return frames
  }
}
