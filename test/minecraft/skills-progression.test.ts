/**
 * The full tech progression from an empty inventory, driven by skills only, in the
 * embedded world (which provides drops, crafting and furnaces): logs → planks →
 * sticks → crafting table → wooden pickaxe → cobblestone → stone pickaxe → iron ore
 * → smelting → iron pickaxe.
 */
import { test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import type { SkillResult } from '../../src/minecraft/body/types.js'
import { IRON_PICKAXE_PROGRESSION } from './support/progression.js'
import { worldAndBody } from './body-support.js'

const PROGRESSION = IRON_PICKAXE_PROGRESSION

let body: MineflayerBody
let cleanup: () => Promise<void>
before(async () => {
  ;({ body, cleanup } = await worldAndBody('Crafter', { seed: 11, body: { reflexes: { eat: false } } }))
})
after(async () => {
  await cleanup?.()
})

test('from an empty inventory to an iron pickaxe with skills only', { timeout: 600_000 }, async (t) => {
  assert.deepEqual(body.inventoryCounts(), {})
  const results: Array<{ skill: string; r: SkillResult }> = []
  for (const step of PROGRESSION) {
    // One retry per step, as a mind would do after a failure (pathfinding in a fresh world
    // is not fully deterministic); a second failure fails the test.
    let r: SkillResult = { ok: false, reason: 'not run' }
    for (let attempt = 1; attempt <= 2 && !r.ok; attempt++) {
      const t0 = Date.now()
      r = await body.run(step.call)
      t.diagnostic(`${step.call.skill} (attempt ${attempt}) ${Date.now() - t0} ms: ${r.reason}`)
    }
    results.push({ skill: step.call.skill, r })
    assert.equal(r.ok, true, `${JSON.stringify(step.call)} failed: ${r.reason}`)
    if (step.milestone) assert.ok((body.inventoryCounts()[`minecraft:${step.milestone}`] ?? 0) >= 1, `${step.milestone} in inventory`)
  }
  const inv = body.inventoryCounts()
  assert.equal(inv['minecraft:iron_pickaxe'], 1)
  // craft results list what was made, and the action slot's inventory delta agrees
  const last = results.at(-1)!.r
  assert.deepEqual(last.crafted, [{ name: 'minecraft:iron_pickaxe', count: 1 }])
  assert.deepEqual(last.notCrafted, [])
  assert.equal(last.gained?.['minecraft:iron_pickaxe'], 1)
  // every skill end reached the context bus (identical consecutive events stack as `dataxN`)
  const ends = body.bus
    .getStore()
    .filter((e) => e.type === 'event' && e.eventType === 'skill.end' && e.data.includes(':success'))
    .reduce((n, e) => n + Number((e as { data: string }).data.match(/x(\d+)$/)?.[1] ?? 1), 0)
  assert.equal(ends, PROGRESSION.length)
})
