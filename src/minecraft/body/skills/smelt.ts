/** smelt: find/place/craft a furnace, choose fuel, smelt `count` items and take the output. */
import type { SkillCall } from '../types.js'
import { bareName, nsName, resolveItemNames } from '../items.js'
import { SkillAborted, SkillError, abortable, checkAborted, errorMessage, ok, sleep, type SkillContext, type SkillDef } from './context.js'
import { ensureStation } from './crafting.js'

type Smelt = Extract<SkillCall, { skill: 'smelt' }>

/** input → output for common furnace recipes; lets a model name either side. */
export const SMELT_OUTPUT: Record<string, string> = {
  iron_ore: 'iron_ingot',
  gold_ore: 'gold_ingot',
  copper_ore: 'copper_ingot',
  raw_iron: 'iron_ingot',
  raw_gold: 'gold_ingot',
  raw_copper: 'copper_ingot',
  ancient_debris: 'netherite_scrap',
  sand: 'glass',
  red_sand: 'glass',
  cobblestone: 'stone',
  stone: 'smooth_stone',
  clay_ball: 'brick',
  netherrack: 'nether_brick',
  cactus: 'green_dye',
  beef: 'cooked_beef',
  porkchop: 'cooked_porkchop',
  chicken: 'cooked_chicken',
  mutton: 'cooked_mutton',
  rabbit: 'cooked_rabbit',
  cod: 'cooked_cod',
  salmon: 'cooked_salmon',
  potato: 'baked_potato',
  kelp: 'dried_kelp',
}

/** Items smelted per fuel item. */
const FUEL_VALUE: Array<[RegExp, number]> = [
  [/^coal_block$/, 80],
  [/^(coal|charcoal)$/, 8],
  [/^blaze_rod$/, 12],
  [/_(planks|log|wood)$/, 1.5],
  [/^stick$/, 0.5],
]

export function fuelValue(name: string): number {
  for (const [re, v] of FUEL_VALUE) if (re.test(name)) return v
  return 0
}

function resolveInput(ctx: SkillContext, name: string): string | null {
  const bare = bareName(name)
  const asOutput = Object.entries(SMELT_OUTPUT).find(([, out]) => out === bare)
  const candidates = SMELT_OUTPUT[bare] ? [bare] : asOutput ? Object.entries(SMELT_OUTPUT).filter(([, o]) => o === bare).map(([i]) => i) : []
  if (!candidates.length) {
    if (/_(log|wood)$/.test(bare)) return bare // logs → charcoal
    if (bare === 'charcoal') return ctx.bot.inventory.items().find((i) => /_(log|wood)$/.test(i.name))?.name ?? 'oak_log'
    return null
  }
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
    if (!input || !registry.itemsByName[input]) return { ok: false, reason: `${nsName(c.item)} cannot be smelted (known: ${Object.keys(SMELT_OUTPUT).slice(0, 8).join(', ')}…)` }
    const have = bot.inventory.count(registry.itemsByName[input]!.id, null)
    if (have < c.count) return { ok: false, reason: `missing ${c.count - have} ${nsName(input)} to smelt (have ${have})` }
    // Fuel: the requested one, else the best we carry that is not the input itself.
    const items = bot.inventory.items().filter((i) => i.name !== input && fuelValue(i.name) > 0)
    const wanted = c.fuel ? bareName(c.fuel) : null
    const fuelItem = wanted
      ? items.find((i) => i.name === wanted)
      : items.sort((a, b) => fuelValue(b.name) - fuelValue(a.name))[0]
    if (!fuelItem) {
      return { ok: false, reason: wanted ? `no ${nsName(wanted)} to use as fuel` : 'no fuel: need coal, charcoal, planks, logs or sticks' }
    }
    const fuelNeeded = Math.ceil(c.count / fuelValue(fuelItem.name))
    const fuelHave = bot.inventory.count(fuelItem.type, null)
    if (fuelHave < fuelNeeded) return { ok: false, reason: `missing ${fuelNeeded - fuelHave} ${nsName(fuelItem.name)} as fuel for ${c.count} items` }

    const block = await ensureStation(ctx, 'furnace')
    checkAborted(signal)
    const furnace = await abortable(bot.openFurnace(block), signal).catch((err: unknown) => {
      if (err instanceof SkillAborted) throw err
      throw new SkillError(`cannot open the furnace: ${errorMessage(err)}`)
    })
    const outputName = SMELT_OUTPUT[input] ?? (/_(log|wood)$/.test(input) ? 'charcoal' : 'output')
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
    return ok(`smelted ${taken} ${nsName(outputName)}`, { smelted: { item_name: nsName(outputName), count: taken } })
  },
}
