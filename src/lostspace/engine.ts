/**
 * The LostSpace game state and rules: pure and deterministic. Knows nothing
 * about processes, frames or bytes; every change is reported as an
 * `EngineEvent` so messages.ts and replay.ts can render it.
 *
 * Turn protocol (driven by logic.ts or a test driver):
 *   const t = engine.startTurn()      // start-of-turn effects for engine.seat
 *   if (t.canAct) { engine.act(seat, action)... until result.endsTurn or the AI finishes }
 *   engine.endTurn()                  // next seat; end-of-round effects after seat 3
 */
import { GameMap, type Pos, posKey, samePos } from './map.js'
import { RULES, Status, type Rules, type StatusCode, type ToolName, type TrapName, TOOL_NAMES } from './rules.js'

export type Action =
  | { kind: 'move'; to: Pos }
  | { kind: 'attack'; at: Pos; target: number }
  | { kind: 'materials'; tool: ToolName }
  | { kind: 'box' }
  | { kind: 'keymachine' }
  | { kind: 'escape'; start: boolean }
  | { kind: 'trap'; trap: TrapName }
  | { kind: 'kit' }
  | { kind: 'blink'; to: Pos }
  | { kind: 'detect'; at: Pos }

export type ToolCounts = Record<ToolName, number>

export interface PlayerState {
  id: number
  status: StatusCode
  /** Current node; while dead, the death node (vision stays there). */
  pos: Pos
  hp: number
  /** Sorted ascending, no duplicates. */
  keys: number[]
  /** Unplaced counts. */
  tools: ToolCounts
  score: number
  detectCd: number
  /** Own turns still to skip while status is 3. */
  skipTurns: number
  /** Key a KeyMachine will hand over at the start of the next own turn. */
  pendingKey: number | null
  escapeCountdown: number
  deathRound: number | null
  respawnRound: number | null
  permanentDeath: boolean
  escapeRound: number | null
  /** 1-based order of escape (1 = first to escape). */
  escapeOrder: number | null
  errorRound: number | null
}

export interface Trap {
  pos: Pos
  type: TrapName
  owner: number
}

export interface Box {
  pos: Pos
  keys: number[]
}

export interface MaterialsPoint {
  pos: Pos
  stock: number
  /** Rounds counted towards the next regain. */
  timer: number
}

export type EngineEvent =
  | { type: 'move'; player: number; from: Pos; to: Pos; blink: boolean }
  | { type: 'enter_top'; player: number }
  | { type: 'trap_trigger'; pos: Pos; trap: TrapName; owner: number; victim: number }
  | { type: 'trap_destroy'; pos: Pos; trap: TrapName; owner: number; by: number }
  | { type: 'trap_place'; pos: Pos; trap: TrapName; owner: number }
  | { type: 'attack'; attacker: number; target: number; from: Pos; to: Pos; hp: number }
  | { type: 'hp'; player: number; hp: number; cause: 'attack' | 'trap' | 'kit' }
  | { type: 'death'; player: number; pos: Pos; killer: number | null; cause: 'attack' | 'trap' | 'zone'; boxCreated: boolean; hasBox: boolean; permanent: boolean }
  | { type: 'box_appear'; pos: Pos }
  | { type: 'box_disappear'; pos: Pos; by: number }
  | { type: 'inspect'; player: number; pos: Pos; what: 'Box' | 'Materials' }
  | { type: 'getkey'; player: number; keys: number[]; all: number[] }
  | { type: 'tools'; player: number; tools: ToolCounts }
  | { type: 'keymachine'; player: number; pos: Pos; key: number }
  | { type: 'escape_capsule'; player: number; start: boolean }
  | { type: 'escaped'; player: number }
  | { type: 'regenerate'; player: number; pos: Pos }
  | { type: 'detect'; player: number; pos: Pos; hasTrap: boolean }
  | { type: 'kit'; player: number; hp: number }
  | { type: 'status'; player: number; status: StatusCode }
  | { type: 'ai_error'; player: number; log: string }
  | { type: 'zone_fail'; round: number; nodes: Pos[] }
  | { type: 'materials_regen'; pos: Pos; stock: number }

export interface TurnStart {
  seat: number
  round: number
  /** False for seats that are out of the game (escaped earlier, error): no frame at all. */
  present: boolean
  /** True when the player may send actions this turn (status 0 or 4). */
  canAct: boolean
  events: EngineEvent[]
}

export interface ActResult {
  success: boolean
  /** Reason for a failure (for logs and tests; not on the wire). */
  reason?: string
  /** Extra reply fields for the wire (hp, status, view, keys, tools, has_trap). */
  reply: Record<string, unknown>
  events: EngineEvent[]
  /** The turn is over: status left {0,4}, or a KeyMachine/escape action succeeded. */
  endsTurn: boolean
}

export interface RankEntry {
  player: number
  rank: number
  points: number
  reason: string
}

function emptyTools(): ToolCounts {
  return { LandMine: 0, Sticky: 0, Kit: 0, Transport: 0 }
}

function sortedUnique(xs: number[]): number[] {
  return [...new Set(xs)].sort((a, b) => a - b)
}

export class LostSpaceEngine {
  readonly map: GameMap
  readonly rules: Rules
  round = 1
  seat = 0
  over = false
  players: PlayerState[]
  traps = new Map<string, Trap>()
  boxes = new Map<string, Box>()
  materials = new Map<string, MaterialsPoint>()
  /** Whether the in-turn player has used the main action. */
  mainUsed = false
  private escapes = 0
  private turnOpen = false

  constructor(map: GameMap, opts: { rules?: Rules; absent?: number[] } = {}) {
    this.map = map
    this.rules = opts.rules ?? RULES
    this.players = []
    for (let id = 0; id < this.rules.players; id++) {
      this.players.push({
        id,
        status: Status.Alive,
        pos: map.spawns[id]!,
        hp: this.rules.maxHp,
        keys: [id],
        tools: emptyTools(),
        score: 0,
        detectCd: 0,
        skipTurns: 0,
        pendingKey: null,
        escapeCountdown: 0,
        deathRound: null,
        respawnRound: null,
        permanentDeath: false,
        escapeRound: null,
        escapeOrder: null,
        errorRound: null,
      })
    }
    for (const m of map.materials) this.materials.set(posKey(m), { pos: m, stock: this.rules.materialsStock, timer: 0 })
    for (const id of opts.absent ?? []) this.markError(id, 'failed to start')
  }

  player(id: number): PlayerState {
    const p = this.players[id]
    if (!p) throw new Error(`no player ${id}`)
    return p
  }

  /** On the map and targetable: alive, skipping or waiting to escape. */
  onMap(p: PlayerState): boolean {
    return p.status === Status.Alive || p.status === Status.Skip || p.status === Status.WaitForEscape
  }

  /** Still in the game (receives messages): everyone but escaped and errored players. */
  inGame(p: PlayerState): boolean {
    return p.status !== Status.Escaped && p.status !== Status.Error
  }

  /** Layer a player sees (dead players keep their death node's layer). */
  visionLayer(p: PlayerState): number {
    return p.pos[2]
  }

  placedTraps(owner: number, type: TrapName): Pos[] {
    const out: Pos[] = []
    for (const t of this.traps.values()) if (t.owner === owner && t.type === type) out.push(t.pos)
    return out
  }

  trapAt(pos: Pos): Trap | undefined {
    return this.traps.size === 0 ? undefined : this.traps.get(this.map.keyOf(pos))
  }

  boxAt(pos: Pos): Box | undefined {
    return this.boxes.size === 0 ? undefined : this.boxes.get(this.map.keyOf(pos))
  }

  // ---------------------------------------------------------------- turns

  /** Start-of-turn effects for `this.seat`: respawn, escape countdown, key delivery, skips, detect cooldown. */
  startTurn(): TurnStart {
    if (this.over) return { seat: this.seat, round: this.round, present: false, canAct: false, events: [] }
    const p = this.player(this.seat)
    const events: EngineEvent[] = []
    this.mainUsed = false
    this.turnOpen = true
    if (!this.inGame(p)) return { seat: p.id, round: this.round, present: false, canAct: false, events }
    if (p.detectCd > 0) p.detectCd--
    if (p.status === Status.Dead && !p.permanentDeath && p.respawnRound !== null && this.round >= p.respawnRound) {
      p.status = Status.Alive
      p.hp = this.rules.maxHp
      p.pos = this.map.spawns[p.id]!
      p.keys = [p.id]
      p.tools = emptyTools()
      p.respawnRound = null
      events.push({ type: 'regenerate', player: p.id, pos: p.pos })
    } else if (p.status === Status.WaitForEscape) {
      p.escapeCountdown--
      if (p.escapeCountdown <= 0) {
        p.status = Status.Escaped
        p.escapeRound = this.round
        p.escapeOrder = ++this.escapes
        events.push({ type: 'escaped', player: p.id })
        this.checkOver()
        return { seat: p.id, round: this.round, present: true, canAct: false, events }
      }
    } else if (p.status === Status.Skip) {
      if (p.pendingKey !== null) {
        const key = p.pendingKey
        p.pendingKey = null
        const had = p.keys.includes(key)
        p.keys = sortedUnique([...p.keys, key])
        if (!had) events.push({ type: 'getkey', player: p.id, keys: [key], all: [...p.keys] })
      }
      if (p.skipTurns > 0) p.skipTurns--
      else {
        p.status = Status.Alive
        events.push({ type: 'status', player: p.id, status: p.status })
      }
    }
    const canAct = p.status === Status.Alive || p.status === Status.WaitForEscape
    return { seat: p.id, round: this.round, present: true, canAct, events }
  }

  /** Close the current small turn; after the last seat, apply end-of-round effects. */
  endTurn(): EngineEvent[] {
    if (this.over) return []
    this.turnOpen = false
    this.mainUsed = false
    const events: EngineEvent[] = []
    this.seat++
    if (this.seat >= this.rules.players) {
      events.push(...this.endRound())
      this.seat = 0
      if (!this.over) this.round++
    }
    return events
  }

  private endRound(): EngineEvent[] {
    const events: EngineEvent[] = []
    for (const zone of this.map.zones) {
      if (zone.round !== this.round) continue
      events.push({ type: 'zone_fail', round: this.round, nodes: zone.nodes })
      for (const p of this.players) {
        if (this.onMap(p) && zone.nodes.some((n) => samePos(n, p.pos))) events.push(...this.kill(p, null, 'zone'))
      }
    }
    for (const m of this.materials.values()) {
      if (m.stock >= this.rules.materialsStock) {
        m.timer = 0
        continue
      }
      m.timer++
      if (m.timer >= this.rules.materialsRegenRounds) {
        m.stock++
        m.timer = 0
        events.push({ type: 'materials_regen', pos: m.pos, stock: m.stock })
      }
    }
    if (this.round >= this.rules.lastRound) this.over = true
    this.checkOver()
    return events
  }

  /** The game also ends early once nobody can ever act again. */
  private checkOver(): void {
    const anyone = this.players.some((p) => this.onMap(p) || (p.status === Status.Dead && !p.permanentDeath))
    if (!anyone) this.over = true
  }

  /** Mark an AI failure: status 5, hp 0, out of the game. Returns events. */
  markError(id: number, log = ''): EngineEvent[] {
    const p = this.player(id)
    if (p.status === Status.Escaped || p.status === Status.Error) return []
    p.status = Status.Error
    p.hp = 0
    p.errorRound = this.round
    p.pendingKey = null
    p.skipTurns = 0
    p.escapeCountdown = 0
    this.checkOver()
    return [{ type: 'ai_error', player: id, log }]
  }

  // ---------------------------------------------------------------- actions

  private fail(reason: string, consumeMain = false): ActResult {
    if (consumeMain) this.mainUsed = true
    return { success: false, reason, reply: {}, events: [], endsTurn: false }
  }

  /** Apply one action of `id`. Illegal actions change nothing (except an empty Materials pick, which uses the main action). */
  act(id: number, action: Action): ActResult {
    if (this.over) return this.fail('game over')
    if (id !== this.seat || !this.turnOpen) return this.fail('not your turn')
    const p = this.player(id)
    if (p.status === Status.WaitForEscape) {
      if (action.kind !== 'escape' || action.start) return this.fail('waiting to escape: only abort or finish')
    } else if (p.status !== Status.Alive) return this.fail('cannot act with status ' + p.status)
    switch (action.kind) {
      case 'move':
        return this.doMove(p, action.to, false)
      case 'blink':
        return this.doMove(p, action.to, true)
      case 'attack':
        return this.doAttack(p, action.at, action.target)
      case 'materials':
        return this.doMaterials(p, action.tool)
      case 'box':
        return this.doBox(p)
      case 'keymachine':
        return this.doKeyMachine(p)
      case 'escape':
        return this.doEscape(p, action.start)
      case 'trap':
        return this.doTrap(p, action.trap)
      case 'kit':
        return this.doKit(p)
      case 'detect':
        return this.doDetect(p, action.at)
    }
  }

  private canEnter(to: Pos): boolean {
    return this.map.index(to) >= 0 && !this.map.isFailed(to, this.round)
  }

  private doMove(p: PlayerState, rawTo: Pos, blink: boolean): ActResult {
    const target = this.map.facts(rawTo)
    if (!target) return this.fail('not a node')
    const to = target.pos
    const here = this.map.facts(p.pos)
    const adjacent = here !== undefined && here.neighbors.includes(target)
    if (blink) {
      if (p.tools.Transport < 1) return this.fail('no Transport')
      if (!adjacent) return this.fail('blink target not adjacent')
    } else {
      if (this.mainUsed) return this.fail('main action already used')
      if (!adjacent && !here?.lifts.includes(target)) return this.fail('target not reachable in one move')
    }
    if (target.zoneRound < this.round) return this.fail('target zone has failed')
    const events: EngineEvent[] = []
    const from = p.pos
    if (blink) p.tools.Transport--
    else this.mainUsed = true
    p.pos = to
    events.push({ type: 'move', player: p.id, from, to, blink })
    if (blink) events.push({ type: 'tools', player: p.id, tools: { ...p.tools } })
    if (to[2] === 0 && from[2] !== 0) events.push({ type: 'enter_top', player: p.id })
    const trap = this.traps.size === 0 ? undefined : this.traps.get(target.key)
    if (trap && trap.owner !== p.id) {
      this.traps.delete(target.key)
      events.push({ type: 'trap_trigger', pos: to, trap: trap.type, owner: trap.owner, victim: p.id })
      if (trap.type === 'LandMine') {
        p.hp = Math.max(0, p.hp - this.rules.landMineDamage)
        events.push({ type: 'hp', player: p.id, hp: p.hp, cause: 'trap' })
        if (p.hp <= 0) events.push(...this.kill(p, trap.owner === p.id ? null : trap.owner, 'trap'))
      } else {
        p.status = Status.Skip
        p.skipTurns = 1
        p.escapeCountdown = 0
        events.push({ type: 'status', player: p.id, status: p.status })
      }
    }
    const reply: Record<string, unknown> = { hp: p.hp, status: p.status, view: from[2] !== to[2] ? this.view(to[2], p.id) : [] }
    return { success: true, reply, events, endsTurn: !this.canStillAct(p) }
  }

  private canStillAct(p: PlayerState): boolean {
    return p.status === Status.Alive || p.status === Status.WaitForEscape
  }

  /** One entry per node of layer z: [pos, hasBox, [players on it except `self`]]. */
  view(z: number, self: number): Array<[Pos, boolean, number[]]> {
    const seen: PlayerState[] = []
    for (const q of this.players) if (q.id !== self && q.pos[2] === z && this.onMap(q)) seen.push(q)
    const boxes = this.boxes.size > 0
    const out: Array<[Pos, boolean, number[]]> = []
    for (const n of this.map.layerNodeList(z)) {
      const here: number[] = []
      for (const q of seen) if (q.pos[0] === n[0] && q.pos[1] === n[1]) here.push(q.id)
      out.push([[n[0], n[1], n[2]], boxes && this.boxes.has(this.map.keyOf(n)), here])
    }
    return out
  }

  private doAttack(p: PlayerState, rawAt: Pos, target: number): ActResult {
    if (this.mainUsed) return this.fail('main action already used')
    const t = this.players[target]
    if (!t || !Number.isInteger(target) || t.id === p.id) return this.fail('bad target')
    if (!this.onMap(t)) return this.fail('target not on the map')
    const at = this.map.get(rawAt)
    if (!at || !samePos(at, t.pos)) return this.fail('target is not at that position')
    if (!samePos(at, p.pos) && !this.map.isAdjacent(p.pos, at)) return this.fail('target not in reach')
    this.mainUsed = true
    t.hp = Math.max(0, t.hp - this.rules.attackDamage)
    const events: EngineEvent[] = [{ type: 'attack', attacker: p.id, target: t.id, from: p.pos, to: at, hp: t.hp }]
    if (t.hp <= 0) events.push(...this.kill(t, p.id, 'attack'))
    return { success: true, reply: {}, events, endsTurn: false }
  }

  private doMaterials(p: PlayerState, tool: ToolName): ActResult {
    if (this.mainUsed) return this.fail('main action already used')
    const m = this.materials.get(this.map.keyOf(p.pos))
    if (!m) return this.fail('no Materials here')
    if (!TOOL_NAMES.includes(tool)) return this.fail('unknown tool')
    if (p.tools[tool] >= this.rules.carryLimit[tool]) return this.fail('carry limit reached')
    const events: EngineEvent[] = [{ type: 'inspect', player: p.id, pos: p.pos, what: 'Materials' }]
    if (m.stock <= 0) {
      this.mainUsed = true
      return { success: false, reason: 'Materials point is empty', reply: {}, events, endsTurn: false }
    }
    this.mainUsed = true
    m.stock--
    p.tools[tool]++
    events.push({ type: 'tools', player: p.id, tools: { ...p.tools } })
    return { success: true, reply: { tools: { ...p.tools } }, events, endsTurn: false }
  }

  private doBox(p: PlayerState): ActResult {
    if (this.mainUsed) return this.fail('main action already used')
    const box = this.boxAt(p.pos)
    if (!box) return this.fail('no Box here')
    this.mainUsed = true
    this.boxes.delete(this.map.keyOf(p.pos))
    const gained = box.keys.filter((k) => !p.keys.includes(k))
    p.keys = sortedUnique([...p.keys, ...box.keys])
    p.score += this.rules.score.box
    const events: EngineEvent[] = [
      { type: 'inspect', player: p.id, pos: p.pos, what: 'Box' },
      { type: 'box_disappear', pos: p.pos, by: p.id },
    ]
    if (gained.length > 0) events.push({ type: 'getkey', player: p.id, keys: gained, all: [...p.keys] })
    return { success: true, reply: { keys: [...p.keys], tools: { ...p.tools } }, events, endsTurn: false }
  }

  private doKeyMachine(p: PlayerState): ActResult {
    if (this.mainUsed) return this.fail('main action already used')
    const key = this.map.keyMachineAt(p.pos)
    if (key === undefined) return this.fail('no KeyMachine here')
    if (p.keys.includes(key)) return this.fail('already holding that key')
    this.mainUsed = true
    p.pendingKey = key
    p.status = Status.Skip
    p.skipTurns = 1
    return {
      success: true,
      reply: {},
      events: [
        { type: 'keymachine', player: p.id, pos: p.pos, key },
        { type: 'status', player: p.id, status: p.status },
      ],
      endsTurn: true,
    }
  }

  private doEscape(p: PlayerState, start: boolean): ActResult {
    if (this.mainUsed) return this.fail('main action already used')
    if (!start) {
      if (p.status !== Status.WaitForEscape) return this.fail('no escape countdown to abort')
      this.mainUsed = true
      p.status = Status.Alive
      p.escapeCountdown = 0
      return {
        success: true,
        reply: {},
        events: [
          { type: 'escape_capsule', player: p.id, start: false },
          { type: 'status', player: p.id, status: p.status },
        ],
        endsTurn: true,
      }
    }
    if (!this.map.isCapsule(p.pos)) return this.fail('not at the EscapeCapsule')
    for (let k = 0; k < this.rules.players; k++) if (!p.keys.includes(k)) return this.fail('need all keys')
    this.mainUsed = true
    p.status = Status.WaitForEscape
    p.escapeCountdown = this.rules.escapeCountdown
    return {
      success: true,
      reply: {},
      events: [
        { type: 'escape_capsule', player: p.id, start: true },
        { type: 'status', player: p.id, status: p.status },
      ],
      endsTurn: true,
    }
  }

  private doTrap(p: PlayerState, trap: TrapName): ActResult {
    if (p.tools[trap] < 1) return this.fail('no such trap in the bag')
    if (this.trapAt(p.pos)) return this.fail('there is already a trap here')
    if (this.map.isCapsule(p.pos) || this.map.keyMachineAt(p.pos) !== undefined || this.map.isElevator(p.pos)) {
      return this.fail('traps cannot be placed on the capsule, a key machine or an elevator')
    }
    p.tools[trap]--
    this.traps.set(this.map.keyOf(p.pos), { pos: p.pos, type: trap, owner: p.id })
    return {
      success: true,
      reply: {},
      events: [
        { type: 'trap_place', pos: p.pos, trap, owner: p.id },
        { type: 'tools', player: p.id, tools: { ...p.tools } },
      ],
      endsTurn: false,
    }
  }

  private doKit(p: PlayerState): ActResult {
    if (this.mainUsed) return this.fail('main action already used')
    if (p.tools.Kit < 1) return this.fail('no Kit')
    this.mainUsed = true
    p.tools.Kit--
    p.hp = Math.min(this.rules.maxHp, p.hp + this.rules.kitHeal)
    return {
      success: true,
      reply: { hp: p.hp },
      events: [
        { type: 'kit', player: p.id, hp: p.hp },
        { type: 'tools', player: p.id, tools: { ...p.tools } },
      ],
      endsTurn: false,
    }
  }

  private doDetect(p: PlayerState, rawAt: Pos): ActResult {
    if (p.detectCd > 0) return this.fail('detect is cooling down')
    const target = this.map.facts(rawAt)
    if (!target || !this.map.facts(p.pos)?.neighbors.includes(target)) return this.fail('detect target not adjacent')
    const at = target.pos
    p.detectCd = this.rules.detectCooldown
    const trap = this.traps.size === 0 ? undefined : this.traps.get(target.key)
    const events: EngineEvent[] = []
    if (trap && trap.owner !== p.id) {
      this.traps.delete(target.key)
      events.push({ type: 'trap_destroy', pos: at, trap: trap.type, owner: trap.owner, by: p.id })
    }
    events.unshift({ type: 'detect', player: p.id, pos: at, hasTrap: trap !== undefined })
    return { success: true, reply: { has_trap: trap !== undefined }, events, endsTurn: false }
  }

  /** Death: keys drop as a Box (merged), score, respawn timer or permanent failure. */
  private kill(p: PlayerState, killer: number | null, cause: 'attack' | 'trap' | 'zone'): EngineEvent[] {
    const events: EngineEvent[] = []
    p.hp = 0
    p.status = Status.Dead
    p.score += this.rules.score.death
    if (killer !== null) this.player(killer).score += this.rules.score.kill
    let boxCreated = false
    if (p.keys.length > 0) {
      const k = this.map.keyOf(p.pos)
      const old = this.boxes.get(k)
      if (old) old.keys = sortedUnique([...old.keys, ...p.keys])
      else {
        this.boxes.set(k, { pos: p.pos, keys: [...p.keys] })
        boxCreated = true
      }
    }
    p.keys = []
    p.tools = emptyTools()
    p.pendingKey = null
    p.skipTurns = 0
    p.escapeCountdown = 0
    p.deathRound = this.round
    p.permanentDeath = this.round > this.rules.overtimeAfter
    p.respawnRound = p.permanentDeath ? null : this.round + this.rules.respawnDelay
    events.push({
      type: 'death',
      player: p.id,
      pos: p.pos,
      killer,
      cause,
      boxCreated,
      hasBox: this.boxes.has(this.map.keyOf(p.pos)),
      permanent: p.permanentDeath,
    })
    if (boxCreated) events.push({ type: 'box_appear', pos: p.pos })
    this.checkOver()
    return events
  }

  // ---------------------------------------------------------------- queries

  /** Every legal action for `id` right now (empty unless it is their turn and they can act). */
  legalActions(id: number): Action[] {
    if (this.over || id !== this.seat || !this.turnOpen) return []
    const p = this.player(id)
    const out: Action[] = []
    if (p.status === Status.WaitForEscape) {
      if (!this.mainUsed) out.push({ kind: 'escape', start: false })
      return out
    }
    if (p.status !== Status.Alive) return out
    if (!this.mainUsed) {
      for (const to of this.map.moveTargets(p.pos, { round: this.round })) out.push({ kind: 'move', to })
      for (const t of this.players) {
        if (t.id !== p.id && this.onMap(t) && (samePos(t.pos, p.pos) || this.map.isAdjacent(p.pos, t.pos))) {
          out.push({ kind: 'attack', at: t.pos, target: t.id })
        }
      }
      if (this.materials.has(this.map.keyOf(p.pos))) {
        for (const tool of TOOL_NAMES) if (p.tools[tool] < this.rules.carryLimit[tool]) out.push({ kind: 'materials', tool })
      }
      if (this.boxAt(p.pos)) out.push({ kind: 'box' })
      const km = this.map.keyMachineAt(p.pos)
      if (km !== undefined && !p.keys.includes(km)) out.push({ kind: 'keymachine' })
      if (this.map.isCapsule(p.pos) && p.keys.length >= this.rules.players) out.push({ kind: 'escape', start: true })
      if (p.tools.Kit > 0) out.push({ kind: 'kit' })
    }
    const placeable =
      !this.trapAt(p.pos) && !this.map.isCapsule(p.pos) && this.map.keyMachineAt(p.pos) === undefined && !this.map.isElevator(p.pos)
    if (placeable) {
      if (p.tools.LandMine > 0) out.push({ kind: 'trap', trap: 'LandMine' })
      if (p.tools.Sticky > 0) out.push({ kind: 'trap', trap: 'Sticky' })
    }
    if (p.tools.Transport > 0) {
      for (const to of this.map.neighbors(p.pos)) if (this.canEnter(to)) out.push({ kind: 'blink', to })
    }
    if (p.detectCd === 0) for (const at of this.map.neighbors(p.pos)) out.push({ kind: 'detect', at })
    return out
  }

  /** Ids of players `id` could attack now. */
  attackable(id: number): number[] {
    const p = this.player(id)
    if (!this.onMap(p)) return []
    return this.players
      .filter((t) => t.id !== id && this.onMap(t) && (samePos(t.pos, p.pos) || this.map.isAdjacent(p.pos, t.pos)))
      .map((t) => t.id)
  }

  /** Ranking: escapers (earliest first), then others by death round (later better, survivors latest), ties by score then later seat; errors last. */
  ranking(): RankEntry[] {
    const bucket = (p: PlayerState): number[] => {
      if (p.status === Status.Escaped) return [0, p.escapeOrder ?? 0]
      if (p.status === Status.Error) return [3, -(p.errorRound ?? 0), -p.score, -p.id]
      if (p.status === Status.Dead) return [2, -(p.deathRound ?? 0), -p.score, -p.id]
      return [1, 0, -p.score, -p.id]
    }
    const order = [...this.players].sort((a, b) => {
      const ka = bucket(a)
      const kb = bucket(b)
      for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
        const d = (ka[i] ?? 0) - (kb[i] ?? 0)
        if (d !== 0) return d
      }
      return 0
    })
    return order.map((p, i) => ({
      player: p.id,
      rank: i + 1,
      points: this.rules.points[i] ?? 0,
      reason: this.describe(p),
    }))
  }

  private describe(p: PlayerState): string {
    switch (p.status) {
      case Status.Escaped:
        return `escaped in round ${p.escapeRound} (#${p.escapeOrder})`
      case Status.Error:
        return `ai error in round ${p.errorRound}, score ${p.score}`
      case Status.Dead:
        return `dead since round ${p.deathRound}, score ${p.score}`
      default:
        return `survived, score ${p.score}`
    }
  }

  /** Deep snapshot for tests and debugging. */
  snapshot(): unknown {
    return {
      round: this.round,
      seat: this.seat,
      over: this.over,
      players: this.players.map((p) => ({ ...p, keys: [...p.keys], tools: { ...p.tools } })),
      traps: [...this.traps.values()],
      boxes: [...this.boxes.values()].map((b) => ({ pos: b.pos, keys: [...b.keys] })),
      materials: [...this.materials.values()].map((m) => ({ ...m })),
    }
  }
}
