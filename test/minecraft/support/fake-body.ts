/**
 * A small in-memory Body for unit tests of links and minds. It keeps an
 * inventory and simulates the skills well enough for planning: collect adds
 * items (tools required as in the game), craft and smelt follow minecraft-data
 * recipes (crafting table / furnace / fuel required), moves teleport.
 * Failures can be scripted; every skill honours cancellation.
 */
import { EventEmitter } from 'node:events'
import type { Activity, Body, BodyStatus, ItemCount, RunOptions, ScannedEntity, SeenBlock, SkillCall, SkillResult, Vision } from '../../../src/minecraft/body/types.js'
import { defaultItemBook, FUEL_VALUE } from '../../../src/minecraft/planner/items.js'
import { bareName, countByKey, matchesName, planKey, planksForLog, tagMembers } from '../../../src/minecraft/names.js'
import { smeltResult } from '../../../src/minecraft/smelting.js'

export interface FakeBodyOptions {
  username?: string
  inventory?: Record<string, number>
  /** Delay of every skill in ms (0 = next tick). */
  skillMs?: number
  /** Which log type collecting `log` yields. */
  logType?: string
  /** The Minecraft version it reports (`Body.version`); unset as before a real body connects. */
  version?: string
}

const TAG_ITEM: Record<string, string> = { log: 'oak_log', logs: 'oak_log', planks: 'oak_planks' }

export class FakeBody extends EventEmitter implements Body {
  readonly username: string
  readonly version: string | undefined
  ready = true
  readonly calls: SkillCall[] = []
  inv = new Map<string, number>()
  pos = { x: 0, y: 64, z: 0 }
  health = 20
  skillMs: number
  logType: string
  private failures: Array<{ skill: string; reason: string; times: number }> = []
  private current: { abort: (reason: string) => void; activity: Activity } | undefined
  private readonly strike = new Set<string>()
  scanResult: { blocks?: SeenBlock[]; entities?: ScannedEntity[] } = {}
  /** What look() returns. */
  vision: Pick<Vision, 'blocks' | 'entities'> = { blocks: [], entities: [] }
  said: string[] = []
  /** Stations placed in the world (as the real body does when it crafts or smelts). */
  placed = new Set<string>()
  stops: string[] = []
  closed = false

  constructor(opts: FakeBodyOptions = {}) {
    super()
    this.username = opts.username ?? 'Lynx'
    this.version = opts.version
    this.skillMs = opts.skillMs ?? 0
    this.logType = opts.logType ?? 'oak_log'
    for (const [k, v] of Object.entries(opts.inventory ?? {})) this.give(k, v)
  }

  /** The next `times` calls of `skill` fail with `reason`. */
  failNext(skill: SkillCall['skill'], reason: string, times = 1): void {
    this.failures.push({ skill, reason, times })
  }

  give(item: string, n: number): void {
    const k = `minecraft:${bareName(item)}`
    this.inv.set(k, (this.inv.get(k) ?? 0) + n)
    if ((this.inv.get(k) ?? 0) <= 0) this.inv.delete(k)
  }

  count(item: string): number {
    return this.inv.get(`minecraft:${bareName(item)}`) ?? 0
  }

  status(): BodyStatus {
    // hotbar first (36–44), then the inner slots (9–35), as the real body's window
    const slotOf = (i: number) => (i < 9 ? 36 + i : i)
    return {
      connected: this.ready, health: this.health, maxHealth: 20, food: 20, maxFood: 20, saturation: 5,
      position: { ...this.pos }, yaw: 0, pitch: 0, dimension: 'overworld', timeOfDay: 1000, day: 0,
      inventory: [...this.inv.entries()].map(([name, count], i) => ({ slot: slotOf(i), name, count })),
      equipment: { hand: null, offHand: null, head: null, torso: null, legs: null, feet: null },
      activity: this.current?.activity ?? { kind: 'idle' },
      action: null,
    }
  }

  look(): Vision {
    return { eye: { x: this.pos.x, y: this.pos.y + 1.62, z: this.pos.z }, yaw: 0, pitch: 0, distance: 16, ...this.vision }
  }

  say(message: string): boolean {
    if (!this.ready) return false
    this.said.push(message)
    this.emit('said', message)
    return true
  }

  inventoryCounts(): Record<string, number> {
    return Object.fromEntries(this.inv)
  }

  strikeBack = {
    add: (u: string[]) => u.forEach((x) => this.strike.add(x)),
    remove: (u: string[]) => u.forEach((x) => this.strike.delete(x)),
    list: () => [...this.strike],
  }

  async stop(reason: string): Promise<void> {
    this.stops.push(reason)
    this.current?.abort(`cancelled: ${reason}`)
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stop('closing')
  }

  /** Emits a chat line as if a player said it. */
  chat(username: string, message: string): void {
    this.emit('chat', username, message)
  }

  run(call: SkillCall, opts: RunOptions = {}): Promise<SkillResult> {
    this.calls.push(call)
    this.current?.abort('cancelled: interrupted by a new skill')
    this.emit('skill.start', call)
    return new Promise<SkillResult>((resolve) => {
      let settled = false
      const finish = (r: SkillResult) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        opts.signal?.removeEventListener('abort', onAbort)
        if (this.current === entry) this.current = undefined
        this.emit('skill.end', call, r)
        resolve(r)
      }
      const onAbort = () => finish({ ok: false, reason: `cancelled: ${String((opts.signal?.reason as Error | undefined)?.message ?? 'aborted')}` })
      const entry = { abort: (reason: string) => finish({ ok: false, reason }), activity: activityOf(call) }
      this.current = entry
      if (opts.signal?.aborted) return onAbort()
      opts.signal?.addEventListener('abort', onAbort)
      const timer = setTimeout(() => finish(this.perform(call)), this.skillMs)
    })
  }

  private perform(call: SkillCall): SkillResult {
    const f = this.failures.find((x) => x.skill === call.skill && x.times > 0)
    if (f) {
      f.times--
      return { ok: false, reason: f.reason, ...(call.skill === 'craft' ? { crafted: [], notCrafted: call.items } : {}) }
    }
    switch (call.skill) {
      case 'moveTo':
        this.pos = { x: call.x, y: call.y, z: call.z }
        return { ok: true, reason: `arrived at ${call.x} ${call.y} ${call.z}` }
      case 'moveToXZ':
        this.pos = { ...this.pos, x: call.x, z: call.z }
        return { ok: true, reason: `arrived at ${call.x} ${call.z}` }
      case 'collect':
        return this.collect(call.items)
      case 'craft':
        return this.craft(call.items)
      case 'smelt':
        return this.smelt(call.input, call.count)
      // animals: the world always has what is hunted, sheared or lying on the ground (script failures with failNext)
      case 'hunt':
        this.give(bareName(call.item), call.count)
        return { ok: true, reason: `picked up ${call.count} minecraft:${bareName(call.item)}`, kills: 1, picked: [{ name: `minecraft:${bareName(call.item)}`, count: call.count }] }
      case 'shear': {
        const wool = call.color ? `${bareName(call.color).replace(/_wool$/, '')}_wool` : 'white_wool'
        this.give(wool, call.count)
        return { ok: true, reason: `sheared 1 sheep, picked up ${call.count} wool`, sheared: 1, picked: [{ name: call.color ? `minecraft:${wool}` : 'wool', count: call.count }] }
      }
      case 'pickUp':
        this.give(bareName(call.item), call.count ?? 1)
        return { ok: true, reason: `picked up ${call.count ?? 1} minecraft:${bareName(call.item)}`, picked: [{ name: `minecraft:${bareName(call.item)}`, count: call.count ?? 1 }] }
      case 'scanBlocks':
        return { ok: true, reason: 'scanned', blocks: this.scanResult.blocks ?? [] }
      case 'scanEntities':
        return { ok: true, reason: 'scanned', entities: this.scanResult.entities ?? [] }
      default:
        return { ok: true, reason: `${call.skill} done` }
    }
  }

  private collect(items: ItemCount[]): SkillResult {
    const book = defaultItemBook()
    for (const it of items) {
      const key = planKey(it.name)
      const item = key === 'log' ? this.logType : TAG_ITEM[key] ?? key
      const src = book.mineSource(key)
      if (!src) return { ok: false, reason: `${it.name} does not come from mining any block` }
      if (src.tools.length && !src.tools.some((t) => this.count(t) > 0)) return { ok: false, reason: `need a ${src.tools[0]} or better to mine ${src.block}` }
      this.give(item, it.count)
      this.emit('pickup', { name: `minecraft:${item}`, count: it.count })
    }
    return { ok: true, reason: `collected ${items.map((i) => `${i.count} ${i.name}`).join(', ')}` }
  }

  /** Like the real body: use a placed station, else place one from the inventory, else craft one. */
  private station(name: 'crafting_table' | 'furnace'): boolean {
    if (this.placed.has(name)) return true
    if (this.count(name) === 0) {
      const need = name === 'crafting_table' ? { key: 'planks', n: 4 } : { key: 'cobblestone', n: 8 }
      if (this.keyCount(need.key) < need.n) return false
      this.take(need.key, need.n)
      this.give(name, 1)
    }
    this.give(name, -1)
    this.placed.add(name)
    return true
  }

  /** Held count of a plan key; a tag (`stone_crafting_materials`, `coals`) counts its members. */
  private keyCount(key: string): number {
    const byKey = countByKey(this.inventoryCounts())
    const members = key === 'log' || key === 'planks' ? undefined : tagMembers(key)
    return members ? members.reduce((n, m) => n + (byKey.get(m) ?? 0), 0) : (byKey.get(key) ?? 0)
  }

  private take(key: string, n: number): void {
    for (const [name, c] of [...this.inv.entries()]) {
      if (n <= 0) break
      if (planKey(name) !== key && !(key !== 'log' && key !== 'planks' && matchesName(key, name))) continue
      const t = Math.min(c, n)
      this.give(name, -t)
      n -= t
    }
  }

  private craft(items: ItemCount[]): SkillResult {
    const book = defaultItemBook()
    const success: ItemCount[] = []
    const failed: ItemCount[] = []
    const reasons: string[] = []
    for (const it of items) {
      const name = bareName(it.name)
      const key = planKey(name)
      const recipes = book.craftRecipes(key)
      const r = recipes.find((rc) => rc.ingredients.every((i) => this.keyCount(i.key) >= i.count * Math.ceil(it.count / rc.makes)))
      if (!r) {
        failed.push({ name: `minecraft:${name}`, count: it.count })
        reasons.push(`missing ingredients for ${name}`)
        continue
      }
      if (r.needsTable && !this.station('crafting_table')) {
        failed.push({ name: `minecraft:${name}`, count: it.count })
        reasons.push(`no crafting_table nearby and cannot craft one`)
        continue
      }
      if (key === 'planks') {
        const log = [...this.inv.keys()].find((k) => planksForLog(k) === name)
        if (!log) {
          failed.push({ name: `minecraft:${name}`, count: it.count })
          reasons.push(`no log for ${name}`)
          continue
        }
      }
      const times = Math.ceil(it.count / r.makes)
      for (const i of r.ingredients) this.take(i.key, i.count * times)
      this.give(name, times * r.makes)
      success.push({ name: `minecraft:${name}`, count: it.count })
    }
    const ok = failed.length === 0
    return { ok, reason: ok ? `crafted ${success.map((s) => `${s.count} ${s.name}`).join(', ')}` : reasons.join('; '), crafted: success, notCrafted: failed }
  }

  private smelt(inputName: string, count: number): SkillResult {
    const input = planKey(inputName)
    const name = input === 'log' ? 'charcoal' : smeltResult(bareName(inputName))
    if (!name) return { ok: false, reason: `minecraft:${bareName(inputName)} cannot be smelted` }
    if (!this.station('furnace')) return { ok: false, reason: 'no furnace nearby and cannot craft one' }
    if (this.keyCount(input) < count) return { ok: false, reason: `need ${count} ${input}, have ${this.keyCount(input)}` }
    const coal = this.count('coal') + this.count('charcoal')
    const planks = this.keyCount('planks')
    if (coal * FUEL_VALUE.coal! < count && planks * FUEL_VALUE.planks! < count) return { ok: false, reason: 'no fuel' }
    if (coal * FUEL_VALUE.coal! >= count) this.take(this.count('coal') ? 'coal' : 'charcoal', Math.ceil(count / 8))
    else this.take('planks', Math.ceil(count / FUEL_VALUE.planks!))
    this.take(input, count)
    this.give(name, count)
    return { ok: true, reason: `smelted ${count} minecraft:${name}`, smelted: [{ name: `minecraft:${name}`, count }] }
  }
}

function activityOf(call: SkillCall): Activity {
  switch (call.skill) {
    case 'collect':
      return { kind: 'searching', needed: call.items }
    case 'craft':
      return { kind: 'crafting', wanted: call.items, crafted: [], failed: [] }
    case 'moveTo':
      return { kind: 'moving', x: call.x, y: call.y, z: call.z }
    case 'moveToXZ':
      return { kind: 'moving', x: call.x, z: call.z }
    default:
      return { kind: 'idle' }
  }
}
