/**
 * smelt: `count` of the furnace INPUT `input` (an item or a family such as `log`) in one furnace
 * visit: find, place or craft a furnace, put the inputs in (64 at a time, one kind after the other)
 * and enough fuel (topped up as it burns, one kind after the other), take every output, and close.
 * Cooking is the same (beef, porkchop, mutton, chicken, potato …): the world has no smoker or campfire.
 */
import { openWithin } from '../stray-window.js'
import type { Furnace } from 'mineflayer'
import type { ItemCount, SkillCall, SmeltResult } from '../types.js'
import { resolveItemNames } from '../items.js'
import { bareName, namespaced } from '../../names.js'
import { SkillAborted, SkillError, abortable, checkAborted, errorMessage, sleep, type SkillContext, type SkillDef } from './context.js'
import { ensureStation } from './crafting.js'
import { SMELTABLE_INPUTS, isExpendableFuel, itemsPerFuel, smeltInputs, smeltResult } from '../../smelting.js'

type Smelt = Extract<SkillCall, { skill: 'smelt' }>

/** A furnace slot holds one stack. */
const STACK = 64
/** No output and no change for this long: the furnace is not producing. */
const STALL_MS = 30_000

/** Items one unit of `name` smelts, counting only fuels worth burning (never a table or a tool). */
export function fuelValue(name: string): number {
  return isExpendableFuel(name) ? itemsPerFuel(name) : 0
}

interface Lot {
  name: string
  n: number
}

/** What the inventory holds of each name. */
function held(ctx: SkillContext): Map<string, number> {
  const m = new Map<string, number>()
  for (const i of ctx.bot.inventory.items()) m.set(i.name, (m.get(i.name) ?? 0) + i.count)
  return m
}

/** Splits lots into furnace-slot stacks of at most 64. */
function stacks(lots: Lot[]): Lot[] {
  const out: Lot[] = []
  for (const l of lots) for (let left = l.n; left > 0; left -= STACK) out.push({ name: l.name, n: Math.min(STACK, left) })
  return out
}

/**
 * The inputs to put in: the named item, or members of the named family (most held first), `count`
 * in all; or a reason to fail (not an input, an output named instead, not enough held).
 */
export function chooseInputs(members: readonly string[], have: ReadonlyMap<string, number>, count: number, asked: string): Lot[] | string {
  const smeltable = members.filter((m) => smeltResult(m))
  if (!smeltable.length) {
    const from = smeltInputs(bareName(asked))
    if (from.length) return `${namespaced(asked)} is what a furnace makes, not an input: smelt ${from.slice(0, 3).map(namespaced).join(' or ')} to get it`
    return `${namespaced(asked)} cannot be smelted (known inputs: ${SMELTABLE_INPUTS.slice(0, 8).join(', ')}, logs …)`
  }
  const byHeld = [...smeltable].sort((a, b) => (have.get(b) ?? 0) - (have.get(a) ?? 0))
  const total = byHeld.reduce((n, m) => n + (have.get(m) ?? 0), 0)
  if (total < count) return `missing ${count - total} ${namespaced(smeltable.length === 1 ? smeltable[0]! : asked)} to smelt (have ${total})`
  const lots: Lot[] = []
  let left = count
  for (const m of byHeld) {
    const n = Math.min(left, have.get(m) ?? 0)
    if (n > 0) lots.push({ name: m, n })
    left -= n
    if (left === 0) break
  }
  return lots
}

/**
 * Fuel for `count` items: the asked fuel (a family allowed), else the best fuels held, several
 * kinds when one is not enough; never an input being smelted. Returns lots or the reason.
 */
export function chooseFuel(candidates: readonly string[] | null, have: ReadonlyMap<string, number>, count: number, inputs: Lot[], asked?: string): Lot[] | string {
  const spare = (name: string) => (have.get(name) ?? 0) - inputs.filter((l) => l.name === name).reduce((n, l) => n + l.n, 0)
  const pool = (candidates ?? [...have.keys()])
    .filter((n) => fuelValue(n) > 0 && spare(n) > 0)
    .sort((a, b) => fuelValue(b) - fuelValue(a) || spare(b) - spare(a))
  if (!pool.length) return asked ? `no ${namespaced(asked)} to use as fuel` : 'no fuel: need coal, charcoal, planks, logs or sticks'
  // one kind when it suffices (the best that does), else the best kinds together
  const single = pool.find((n) => spare(n) * fuelValue(n) >= count)
  if (single) return [{ name: single, n: Math.ceil(count / fuelValue(single) - 1e-9) }]
  const lots: Lot[] = []
  let left = count
  for (const n of pool) {
    const take = Math.min(spare(n), Math.ceil(left / fuelValue(n) - 1e-9))
    lots.push({ name: n, n: take })
    left -= take * fuelValue(n)
    if (left <= 1e-9) return lots
  }
  const best = pool[0]!
  return `missing ${Math.ceil(left / fuelValue(best) - 1e-9)} ${namespaced(best)} as fuel for ${count} items`
}

/** Empties what someone left in the furnace's input and output slots, so our batch has room. */
async function clearFurnace(ctx: SkillContext, furnace: Furnace): Promise<void> {
  if (furnace.outputItem()) await abortable(furnace.takeOutput(), ctx.signal)
  if (furnace.inputItem()) await abortable(furnace.takeInput(), ctx.signal)
}

export const smelt: SkillDef<Smelt> = {
  name: 'smelt',
  timeoutMs: 180_000,
  timeoutFor: (c) => 60_000 + 15_000 * c.count,
  async run(ctx, c): Promise<SmeltResult> {
    const { bot, signal, registry } = ctx
    const none: ItemCount[] = []
    const r = resolveItemNames(registry, c.input)
    if (!r.ok) return { ok: false, reason: r.reason, smelted: none }
    const have = held(ctx)
    const inputs = chooseInputs(r.value, have, c.count, c.input)
    if (typeof inputs === 'string') return { ok: false, reason: inputs, smelted: none }
    let fuelCandidates: string[] | null = null
    if (c.fuel) {
      const f = resolveItemNames(registry, c.fuel)
      if (!f.ok) return { ok: false, reason: f.reason, smelted: none }
      fuelCandidates = f.value
    }
    const fuels = chooseFuel(fuelCandidates, have, c.count, inputs, c.fuel)
    if (typeof fuels === 'string') return { ok: false, reason: fuels, smelted: none }

    const block = await ensureStation(ctx, 'furnace').catch((err: unknown) => {
      if (err instanceof SkillError) throw new SkillError(err.message, { ...err.extra, smelted: none })
      throw err
    })
    checkAborted(signal)
    const furnace = await openWithin(bot.openFurnace(block), signal).catch((err: unknown) => {
      if (err instanceof SkillAborted) throw err
      throw new SkillError(`cannot open the furnace: ${errorMessage(err)}`, { smelted: none })
    })
    const smelted = new Map<string, number>()
    const total = () => [...smelted.values()].reduce((a, b) => a + b, 0)
    const result = (): ItemCount[] => [...smelted].map(([name, count]) => ({ name: namespaced(name), count }))
    const inQueue = stacks(inputs)
    const fuelQueue = stacks(fuels)
    const id = (name: string) => registry.itemsByName[name]!.id
    const what = inputs.map((l) => `${l.n} ${l.name}`).join(' + ')
    try {
      await clearFurnace(ctx, furnace)
      let lastChange = Date.now()
      ctx.progress(`smelting ${what} with ${fuels.map((l) => `${l.n} ${l.name}`).join(' + ')}`, 0)
      while (total() < c.count) {
        checkAborted(signal)
        // fuel: the next kind once the slot is empty (one burning item keeps the fire going meanwhile)
        if (!furnace.fuelItem() && fuelQueue.length) {
          const f = fuelQueue.shift()!
          await abortable(furnace.putFuel(id(f.name), null, f.n), signal)
          lastChange = Date.now()
        }
        // input: the next stack once the slot is empty
        if (!furnace.inputItem() && inQueue.length) {
          const l = inQueue.shift()!
          await abortable(furnace.putInput(id(l.name), null, l.n), signal)
          lastChange = Date.now()
        }
        const out = furnace.outputItem()
        if (out && out.count > 0) {
          const name = out.name
          const n = out.count
          await abortable(furnace.takeOutput(), signal)
          smelted.set(name, (smelted.get(name) ?? 0) + n)
          lastChange = Date.now()
          ctx.progress(`smelted ${total()}/${c.count} (${result().map((x) => `${x.count} ${x.name}`).join(', ')})`, total() / c.count)
          continue
        }
        if (Date.now() - lastChange > STALL_MS) {
          throw new SkillError(`the furnace stopped producing (${total()}/${c.count} after ${STALL_MS / 1000}s without output)`, { smelted: result() })
        }
        await sleep(250, signal)
      }
    } finally {
      // leave nothing of ours behind when we stop early; once the window is closed (a skill cut
      // short: the action slot's halt closes it) its slots are a stale copy and a click would go to
      // the inventory instead: what is left stays in the furnace for the next smelt to take back
      try {
        if (bot.currentWindow !== (furnace as unknown)) throw new Error('closed')
        if (furnace.inputItem()) await furnace.takeInput()
        if (furnace.outputItem()) {
          const out = furnace.outputItem()!
          await furnace.takeOutput()
          smelted.set(out.name, (smelted.get(out.name) ?? 0) + out.count)
        }
      } catch {
        /* window may already be closed */
      }
      furnace.close()
    }
    const list = result()
    return { ok: true, reason: `smelted ${list.map((x) => `${x.count} ${x.name}`).join(', ') || 'nothing'} from ${what}`, smelted: list }
  },
}
