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
import { isSmeltResult, SMELTING } from '../planner/items.js'
import { gatherCall } from '../planner/step-calls.js'
import { chooseFuel } from '../planner/fuel.js'
import { smeltInputFor } from '../smelting.js'
import { bareName, namespaced } from '../names.js'

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
function itemList(v: ItemCount[] | undefined): WireItem[] | undefined {
  return v?.map((x) => ({ item_name: namespaced(x.name), count: x.count }))
}

const toBody = (items: readonly WireItem[]): ItemCount[] => items.map((i) => ({ name: i.item_name, count: i.count }))

function merge(into: WireItem[], add: WireItem[]): void {
  for (const a of add) {
    const hit = into.find((x) => x.item_name === a.item_name)
    if (hit) hit.count += a.count
    else into.push({ ...a })
  }
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
      return collect(action, run, body.version)
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

/**
 * Gathers the items: one collect call for everything mined, and the world's own way for items
 * no block drops (wool by shearing, milk by bucket, wheat by farming, eggs): the planner's
 * `gatherCall`.
 */
async function collect(
  action: Extract<Action, { type: 'ACTION_COLLECT_BLOCK' }>,
  run: (call: Parameters<Body['run']>[0]) => Promise<SkillResult>,
  version: string | undefined,
): Promise<ActionOutcome> {
  const calls = action.needed_blocks.map((i) => gatherCall(i.item_name, i.count, version))
  const mined = calls.flatMap((c) => (c.skill === 'collect' ? c.items : []))
  const others = calls.filter((c) => c.skill !== 'collect')
  const reasons: string[] = []
  let failures = 0
  for (const call of [...(mined.length ? [{ skill: 'collect' as const, items: mined }] : []), ...others]) {
    const r = await run(call)
    reasons.push(r.reason)
    if (!r.ok) failures++
  }
  return { ok: failures === 0, reason: reasons.join('; '), linked: action, skillFailures: failures }
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

/** Short text for an action in progress lines and the dashboard. */
export function describeAction(a: Action): string {
  switch (a.type) {
    case 'ACTION_MOVE':
      return `move to ${a.x} ${a.y ?? '~'} ${a.z}`
    case 'ACTION_COLLECT_BLOCK':
      return `collect ${a.needed_blocks.map((i) => `${i.count} ${i.item_name}`).join(', ')}`
    case 'ACTION_CRAFTING':
      return `craft ${a.to_craft.map((i) => `${i.count} ${i.item_name}`).join(', ')}`
    case 'ACTION_STOP_BARITONE':
      return 'stop'
    case 'ACTION_COLLECT_ENTITY_LOOT':
      return `loot ${a.killingQuotas.map((q) => q.entity_id).join(', ')}`
    case 'ACTION_MURDER':
      return `attack ${a.uuid_str_list.length} target(s)`
  }
}
