/**
 * LynxMind actions → body skills. Each action becomes one or more
 * `body.run({skill})` calls; the result is the reason and (for crafting) the
 * filled-in `craft_success` / `craft_failed` lists (from the body's `crafted` / `notCrafted`) that go back to the mind in
 * `EVENT_PLAYER_BARITONE_TASK_STOP`.
 *
 * LynxMind has no smelt action. The mod's crafting is a black box that makes
 * whatever is asked; we keep that contract: `ACTION_CRAFTING` of an item whose
 * recipe is a furnace recipe (iron_ingot, glass, charcoal, …) runs the body's
 * `smelt` skill, everything else runs `craft`.
 */
import type { Body, ItemCount, SkillResult } from '../body/types.js'
import type { Action } from '../../protocols/lynxmind.js'
import { FUEL_VALUE, isSmeltResult, SMELTING } from '../planner/items.js'
import { bareName, namespaced, planKey } from '../names.js'
import { smeltInputFor } from '../smelting.js'

export interface ActionOutcome {
  ok: boolean
  reason: string
  /** The action as it goes back in `linked_action` (crafting results filled in). */
  linked: Action
  /** Number of skill calls that failed. */
  skillFailures: number
}

type WireItem = { item_name: string; count: number }

/** The body's neutral item list (crafted / notCrafted) in LynxMind's shape. */
function itemList(v: unknown): WireItem[] | undefined {
  if (!Array.isArray(v)) return undefined
  const out: WireItem[] = []
  for (const x of v) {
    if (x && typeof x === 'object' && typeof (x as ItemCount).name === 'string' && typeof (x as ItemCount).count === 'number') {
      out.push({ item_name: namespaced((x as ItemCount).name), count: (x as ItemCount).count })
    }
  }
  return out
}

const toBody = (items: readonly WireItem[]): ItemCount[] => items.map((i) => ({ name: i.item_name, count: i.count }))

function merge(into: WireItem[], add: WireItem[]): void {
  for (const a of add) {
    const hit = into.find((x) => x.item_name === a.item_name)
    if (hit) hit.count += a.count
    else into.push({ ...a })
  }
}

/**
 * A fuel item the inventory holds enough of for `count` smelts (coal first, then
 * planks, logs, sticks), never the input itself; undefined lets the body choose.
 */
export function chooseFuel(inventory: Record<string, number>, count: number, input?: string): string | undefined {
  const candidates = Object.entries(inventory)
    .map(([name, n]) => ({ name, n, value: FUEL_VALUE[bareName(name)] ?? FUEL_VALUE[planKey(name)] ?? 0 }))
    .filter((c) => c.value > 0 && c.n > 0 && (!input || planKey(c.name) !== planKey(input)))
    .sort((a, b) => b.value - a.value || b.n - a.n)
  return candidates.find((c) => c.n * c.value >= count)?.name
}

/** Runs one action on the body. Never throws: a failing skill is an outcome with ok:false. */
export async function runAction(body: Body, action: Action, signal: AbortSignal): Promise<ActionOutcome> {
  const run = async (call: Parameters<Body['run']>[0]): Promise<SkillResult> => {
    try {
      return await body.run(call, { signal })
    } catch (err) {
      return { ok: false, reason: `skill ${call.skill} crashed: ${err instanceof Error ? err.message : String(err)}` }
    }
  }
  const single = async (call: Parameters<Body['run']>[0]): Promise<ActionOutcome> => {
    const r = await run(call)
    return { ok: r.ok, reason: r.reason, linked: action, skillFailures: r.ok ? 0 : 1 }
  }

  switch (action.type) {
    case 'ACTION_STOP_BARITONE':
      await body.stop('stopped by the AI (ACTION_STOP_BARITONE)')
      return { ok: true, reason: 'stopped', linked: action, skillFailures: 0 }
    case 'ACTION_MOVE':
      return single(action.y === undefined ? { skill: 'moveToXZ', x: action.x, z: action.z } : { skill: 'moveTo', x: action.x, y: action.y, z: action.z })
    case 'ACTION_COLLECT_BLOCK':
      return single({ skill: 'collect', items: toBody(action.needed_blocks) })
    case 'ACTION_COLLECT_ENTITY_LOOT': {
      // one hunt per (mob, item) quota, in order; the first failure ends the action
      const reasons: string[] = []
      for (const q of action.killingQuotas) {
        for (const need of q.needed_item) {
          const r = await run({ skill: 'hunt', entity: q.entity_id, item: need.item_name, count: need.count })
          reasons.push(r.reason)
          if (!r.ok) return { ok: false, reason: reasons.join('; '), linked: action, skillFailures: 1 }
        }
      }
      return { ok: true, reason: reasons.join('; ') || 'no quotas', linked: action, skillFailures: 0 }
    }
    case 'ACTION_MURDER':
      return single({ skill: 'kill', uuids: [...action.uuid_str_list] })
    case 'ACTION_CRAFTING':
      return craft(action, run, () => body.inventoryCounts())
  }
}

/** Smelts the furnace items one by one, then crafts the rest in one call. */
async function craft(
  action: Extract<Action, { type: 'ACTION_CRAFTING' }>,
  run: (call: Parameters<Body['run']>[0]) => Promise<SkillResult>,
  inventory: () => Record<string, number>,
): Promise<ActionOutcome> {
  const success: WireItem[] = []
  const failed: WireItem[] = []
  const reasons: string[] = []
  let skillFailures = 0
  const toSmelt = action.to_craft.filter((i) => isSmeltResult(i.item_name))
  const toCraft = action.to_craft.filter((i) => !isSmeltResult(i.item_name))
  for (const item of toSmelt) {
    let fuel: string | undefined
    try {
      fuel = chooseFuel(inventory(), item.count, SMELTING[bareName(item.item_name)])
    } catch {
      fuel = undefined
    }
    const input = smeltInputFor(item.item_name, inventory()) ?? SMELTING[bareName(item.item_name)] ?? item.item_name
    const r = await run({ skill: 'smelt', input, count: item.count, ...(fuel ? { fuel } : {}) })
    const entry = { item_name: namespaced(item.item_name), count: item.count }
    if (r.ok) success.push(entry)
    else {
      failed.push(entry)
      skillFailures++
    }
    reasons.push(r.reason)
  }
  if (toCraft.length) {
    const r = await run({ skill: 'craft', items: toCraft.map((i) => ({ name: namespaced(i.item_name), count: i.count })) })
    const s = itemList(r.crafted)
    const f = itemList(r.notCrafted)
    if (s || f) {
      merge(success, s ?? [])
      merge(failed, f ?? [])
    } else if (r.ok) merge(success, toCraft.map((i) => ({ item_name: namespaced(i.item_name), count: i.count })))
    else merge(failed, toCraft.map((i) => ({ item_name: namespaced(i.item_name), count: i.count })))
    if (!r.ok) skillFailures++
    reasons.push(r.reason)
  }
  const ok = failed.length === 0
  return {
    ok,
    reason: reasons.join('; ') || 'nothing to craft',
    linked: { ...action, craft_success: success, craft_failed: failed },
    skillFailures,
  }
}
