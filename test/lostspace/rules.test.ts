// The numbers of lostspace-facts §5, in one place.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { RULES, Status, withRules, isToolName, isTrapName } from '../../src/lostspace/rules.js'
import { loadMap } from '../../src/lostspace/map.js'

test('core numbers match the facts', () => {
  assert.equal(RULES.maxHp, 200)
  assert.equal(RULES.attackDamage, 70)
  assert.equal(RULES.kitHeal, 100)
  assert.equal(RULES.landMineDamage, 120)
  assert.deepEqual(RULES.carryLimit, { LandMine: 3, Sticky: 3, Kit: 2, Transport: 2 })
  assert.equal(RULES.materialsStock, 2)
  assert.equal(RULES.materialsRegenRounds, 8)
  assert.equal(RULES.detectCooldown, 5)
  assert.equal(RULES.respawnDelay, 5)
  assert.equal(RULES.escapeCountdown, 2)
  assert.equal(RULES.overtimeAfter, 80)
  assert.equal(RULES.lastRound, 100)
  assert.deepEqual(RULES.score, { box: 1, kill: 2, death: -3 })
  assert.deepEqual(RULES.points, [4, 3, 2, 1])
  assert.deepEqual(Status, { Alive: 0, Dead: 1, Escaped: 2, Skip: 3, WaitForEscape: 4, Error: 5 })
})

test('zone rounds come from the map and match the facts table', () => {
  assert.deepEqual(loadMap().zones.map((z) => z.round), [40, 50, 60, 70, 80])
})

test('RULES is frozen; withRules makes an independent copy', () => {
  assert.ok(Object.isFrozen(RULES))
  const r = withRules({ attackDamage: 40 })
  assert.equal(r.attackDamage, 40)
  r.carryLimit.Kit = 9
  assert.equal(RULES.carryLimit.Kit, 2)
})

test('wire names', () => {
  assert.ok(isToolName('Transport') && !isToolName('Blink') && !isToolName('MedKit'))
  assert.ok(isTrapName('Sticky') && !isTrapName('Landmine') && !isTrapName('Kit'))
})
