import { test } from 'node:test'
import assert from 'node:assert/strict'
import minecraftData from 'minecraft-data'
import { bareName, countByKey, matchesName, namespaced, planKey, planksForLog, TAGS } from '../../src/minecraft/names.js'
import { resolveItemNames } from '../../src/minecraft/body/items.js'

const reg = minecraftData('1.16.5')

test('names: one normalisation for body and planner', () => {
  assert.equal(bareName(' Minecraft:Oak_Log '), 'oak_log')
  assert.equal(bareName('raw-iron'), 'raw_iron')
  assert.equal(bareName('oak log'), 'oak_log')
  assert.equal(namespaced('oak log'), 'minecraft:oak_log')
})

test('names: every tag member is a real 1.16.5 item, and the body resolves a tag to exactly its members', () => {
  for (const [tag, members] of Object.entries(TAGS)) {
    for (const m of members) assert.ok(reg.itemsByName[m], `${tag}: ${m} is not an item in 1.16.5`)
    const r = resolveItemNames(reg, tag)
    assert.ok(r.ok, `${tag} resolves`)
    if (r.ok) assert.deepEqual([...r.value].sort(), [...members].sort(), tag)
  }
})

test('names: the planner counts every log the body collects under `log`, and each makes planks', () => {
  const r = resolveItemNames(reg, 'log')
  assert.ok(r.ok)
  if (!r.ok) return
  const inv = Object.fromEntries(r.value.map((m) => [namespaced(m), 1]))
  assert.equal(countByKey(inv).get('log'), r.value.length)
  for (const m of r.value) {
    assert.equal(planKey(m), 'log', m)
    assert.ok(planksForLog(m), `${m} makes planks`)
    assert.ok(matchesName('log', m))
  }
  assert.equal(matchesName('log', 'oak_planks'), false)
})
