/**
 * "What the bot can get" (docs/obtainable.md and the summary in docs/minecraft.md) is generated
 * from the obtain graph by `npm run obtain-table`: regenerated here in memory, it must equal the
 * committed text; and the table says what the graph says.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { obtainDocs } from '../../src/minecraft/planner/obtain-docs.js'
import { obtainRows } from '../../src/minecraft/planner/obtain-table.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

test('the committed docs/obtainable.md and the summary in docs/minecraft.md are current (else: npm run obtain-table)', () => {
  for (const d of obtainDocs((p) => readFileSync(root + p, 'utf8'))) {
    assert.ok(d.current === d.wanted, `${d.path} is stale: run npm run obtain-table and commit the result`)
  }
})

test('the rows: every item once; routes where the graph has them, a reason where not', () => {
  const rows = obtainRows()
  const by = new Map(rows.map((r) => [r.item, r]))
  assert.equal(by.size, rows.length)
  assert.equal(by.get('bucket')?.kind, 'craft')
  assert.match(by.get('bucket')!.text, /iron_ore/)
  assert.equal(by.get('iron_ingot')?.kind, 'smelt')
  assert.equal(by.get('diamond')?.kind, 'collect')
  assert.equal(by.get('water_bucket')?.kind, 'fill')
  assert.equal(by.get('egg')?.kind, 'pickUp')
  assert.equal(by.get('string')?.kind, 'hunt')
  assert.ok(by.get('white_wool')?.others.includes('shear'), 'wool: shearing is another way')
  assert.equal(by.get('blaze_rod')?.kind, 'none')
  assert.match(by.get('blaze_rod')!.text, /Nether/)
  for (const r of rows) assert.ok(r.text.length > 0, r.item)
})
