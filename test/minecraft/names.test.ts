import { test } from 'node:test'
import assert from 'node:assert/strict'
import minecraftData from 'minecraft-data'
import { bareName, countByKey, matchesName, namespaced, planKey, planksForLog, TAGS } from '../../src/minecraft/names.js'
import { resolveItemNames } from '../../src/minecraft/body/items.js'
import { SUPPORTED_MC_VERSIONS } from '../../src/minecraft/versions.js'

const reg = minecraftData('1.16.5')

test('names: one normalisation for body and planner', () => {
  assert.equal(bareName(' Minecraft:Oak_Log '), 'oak_log')
  assert.equal(bareName('raw-iron'), 'raw_iron')
  assert.equal(bareName('oak log'), 'oak_log')
  assert.equal(namespaced('oak log'), 'minecraft:oak_log')
})

test('names: every tag member is a real item of a supported version, and the body resolves a tag to exactly the members its version has', () => {
  const regs = SUPPORTED_MC_VERSIONS.map((v) => minecraftData(v))
  for (const [tag, members] of Object.entries(TAGS)) {
    for (const m of members) assert.ok(regs.some((r) => r.itemsByName[m]), `${tag}: ${m} is an item of no supported version`)
    for (const r of regs) {
      const resolved = resolveItemNames(r, tag)
      assert.ok(resolved.ok, `${tag} resolves`)
      if (resolved.ok) assert.deepEqual([...resolved.value].sort(), members.filter((m) => r.itemsByName[m]).sort(), `${r.version.minecraftVersion} ${tag}`)
    }
  }
  // the woods of the newer versions, read from minecraft-data
  for (const m of ['cherry_log', 'stripped_mangrove_wood', 'pale_oak_log']) assert.equal(planKey(m), 'log', m)
  assert.equal(planksForLog('stripped_pale_oak_log'), 'pale_oak_planks')
  assert.equal(planKey('bamboo_planks'), 'planks')
  assert.equal(planKey('crimson_stem'), 'crimson_stem', 'a Nether stem is no log that burns')
  assert.deepEqual(TAGS.log!.filter((m) => reg.itemsByName[m]).slice(0, 4), ['oak_log', 'stripped_oak_log', 'oak_wood', 'stripped_oak_wood'])
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
