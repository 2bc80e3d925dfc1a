/** smelt: find/place/craft a furnace, choose fuel, smelt `count` items and take the output. */
import type { SkillCall } from '../types.js'
import { resolveItemNames } from '../items.js'
import { bareName, namespaced } from '../../names.js'
import { SkillAborted, SkillError, abortable, checkAborted, errorMessage, ok, sleep, type SkillContext, type SkillDef } from './context.js'
import { ensureStation } from './crafting.js'
import { SMELTABLE_INPUTS, isExpendableFuel, itemsPerFuel, smeltInputs, smeltResult } from '../../smelting.js'

type Smelt = Extract<SkillCall, { skill: 'smelt' }>

/** Items one unit of `name` smelts, counting only fuels worth burning (never a table or a tool). */
export function fuelValue(name: string): number {
  return isExpendableFuel(name) ? itemsPerFuel(name) : 0
}

function resolveInput(ctx: SkillContext, name: string): string | null {
  const bare = bareName(name)
  // A model may name either side of the recipe: the input itself, or what it makes.
  const candidates = smeltResult(bare) ? [bare] : smeltInputs(bare)
  if (!candidates.length) return null
  for (const c of candidates) {
    const r = resolveItemNames(ctx.registry, c)
    if (r.ok && ctx.bot.inventory.items().some((i) => r.value.includes(i.name))) return ctx.bot.inventory.items().find((i) => r.value.includes(i.name))!.name
  }
  const r = resolveItemNames(ctx.registry, candidates[0]!)
  return r.ok ? r.value[0]! : null
}

export const smelt: SkillDef<Smelt> = {
  name: 'smelt',
  timeoutMs: 180_000,
  timeoutFor: (c) => 60_000 + 15_000 * c.count,
  async run(ctx, c) {
    const { bot, signal, registry } = ctx
    const input = resolveInput(ctx, c.item)
    if (!input || !registry.itemsByName[input]) return { ok: false, reason: `${namespaced(c.item)} cannot be smelted (known: ${SMELTABLE_INPUTS.slice(0, 8).join(', ')}…)` }
    const have = bot.inventory.count(registry.itemsByName[input]!.id, null)
    if (have < c.count) return { ok: false, reason: `missing ${c.count - have} ${namespaced(input)} to smelt (have ${have})` }
    // Fuel: the requested one, else the best we carry that is not the input itself.
    const items = bot.inventory.items().filter((i) => i.name !== input && fuelValue(i.name) > 0)
    const wanted = c.fuel ? bareName(c.fuel) : null
    const fuelItem = wanted
      ? items.find((i) => i.name === wanted)
      : items.sort((a, b) => fuelValue(b.name) - fuelValue(a.name))[0]
    if (!fuelItem) {
      return { ok: false, reason: wanted ? `no ${namespaced(wanted)} to use as fuel` : 'no fuel: need coal, charcoal, planks, logs or sticks' }
    }
    const fuelNeeded = Math.ceil(c.count / fuelValue(fuelItem.name))
    const fuelHave = bot.inventory.count(fuelItem.type, null)
    if (fuelHave < fuelNeeded) return { ok: false, reason: `missing ${fuelNeeded - fuelHave} ${namespaced(fuelItem.name)} as fuel for ${c.count} items` }

    const block = await ensureStation(ctx, 'furnace')
    checkAborted(signal)
    const furnace = await abortable(bot.openFurnace(block), signal).catch((err: unknown) => {
      if (err instanceof SkillAborted) throw err
      throw new SkillError(`cannot open the furnace: ${errorMessage(err)}`)
    })
    const outputName = smeltResult(input) ?? 'output'
    let taken = 0
    try {
      await abortable(furnace.putFuel(fuelItem.type, null, fuelNeeded), signal)
      await abortable(furnace.putInput(registry.itemsByName[input]!.id, null, c.count), signal)
      ctx.progress(`smelting ${c.count} ${input} with ${fuelNeeded} ${fuelItem.name}`, 0)
      let lastChange = Date.now()
      while (taken < c.count) {
        checkAborted(signal)
        const out = furnace.outputItem()
        if (out && out.count > 0) {
          const n = out.count
          await abortable(furnace.takeOutput(), signal)
          taken += n
          lastChange = Date.now()
          ctx.progress(`smelted ${taken}/${c.count} ${outputName}`, taken / c.count)
          continue
        }
        if (Date.now() - lastChange > 30_000) throw new SkillError(`the furnace stopped producing (${taken}/${c.count} ${outputName} after 30s)`)
        await sleep(250, signal)
      }
    } finally {
      // Leave nothing behind in the furnace if we stop early.
      try {
        if (furnace.inputItem()) await furnace.takeInput()
        if (furnace.outputItem()) await furnace.takeOutput()
      } catch {
        /* window may already be closed */
      }
      furnace.close()
    }
    return ok(`smelted ${taken} ${namespaced(outputName)}`, { smelted: { name: namespaced(outputName), count: taken } })
  },
}
