import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { halvedIn, layField, type Cell } from '../../src/minecraft/body/skills/field-layout.js'

const c = (x: number, y: number, z: number): Cell => ({ x, y, z })
const fullSpeed = (field: readonly Cell[]) => field.every((f) => !halvedIn(f, field))

describe('the field in rows (field-layout.ts)', () => {
  test('halvedIn follows vanilla: a diagonal or rows both ways halve, a row or another height does not', () => {
    assert.equal(halvedIn(c(0, 64, 0), [c(0, 64, 0), c(1, 64, 1)]), true)
    assert.equal(halvedIn(c(0, 64, 0), [c(0, 64, 0), c(1, 64, 0), c(0, 64, 1)]), true)
    assert.equal(halvedIn(c(0, 64, 0), [c(-1, 64, 0), c(0, 64, 0), c(1, 64, 0)]), false)
    assert.equal(halvedIn(c(0, 64, 0), [c(0, 64, 0), c(1, 65, 1)]), false)
  })

  test("a diagonal down a slope (seed 2's field) becomes plots that all grow at full speed", () => {
    // the old choice there first (the top of the slope, the diagonal below it), then made-up ground along and beside that diagonal
    const slope = [c(-154, 62, 51), c(-153, 61, 50), c(-152, 61, 49), c(-151, 61, 48), c(-153, 61, 49), c(-152, 61, 50), c(-154, 61, 50)]
    assert.equal(fullSpeed(slope.slice(0, 3)), false, 'the old choice had two diagonal neighbours')
    const field = layField(slope, 3)
    assert.equal(field.length, 3)
    assert.ok(fullSpeed(field), JSON.stringify(field))
    assert.deepEqual(field, [c(-154, 62, 51), c(-153, 61, 50), c(-151, 61, 48)])
  })

  test('an L (the seed-24 field) becomes a row', () => {
    const ranked = [c(79, 65, -202), c(79, 65, -201), c(80, 65, -202), c(79, 65, -200), c(80, 65, -201)]
    assert.deepEqual(layField(ranked, 3), [c(79, 65, -202), c(79, 65, -201), c(79, 65, -200)])
  })

  test('too few candidates for such a field: the best-ranked plots, as before', () => {
    const ranked = [c(79, 65, -202), c(79, 65, -201), c(80, 65, -202)]
    assert.deepEqual(layField(ranked, 3), ranked)
    assert.deepEqual(layField(ranked.slice(0, 2), 3), ranked.slice(0, 2))
  })

  test('fixed plots stay and the next plot keeps the layout (a plot that failed is replaced)', () => {
    const kept = [c(79, 65, -202), c(79, 65, -201)]
    const spares = [c(80, 65, -202), c(80, 65, -201), c(79, 65, -203), c(79, 65, -200)]
    assert.deepEqual(layField(spares, 3, { fixed: kept }), [...kept, c(79, 65, -203)])
  })

  test('a wide field: rows a free line apart, every crop at full speed', () => {
    const ranked: Cell[] = []
    for (let x = -3; x <= 3; x++) for (let z = -3; z <= 3; z++) ranked.push(c(x, 64, z))
    ranked.sort((a, b) => Math.hypot(a.x, a.z) - Math.hypot(b.x, b.z))
    const field = layField(ranked, 9)
    assert.equal(field.length, 9)
    assert.ok(fullSpeed(field), JSON.stringify(field))
  })

  test('stems keep apart (a free side for the fruit) in the layout and in the fallback', () => {
    const ranked = [c(0, 64, 0), c(1, 64, 0), c(1, 64, 1), c(2, 64, 0), c(0, 64, 2)]
    assert.deepEqual(layField(ranked, 3, { apart: true }), [c(0, 64, 0), c(2, 64, 0), c(0, 64, 2)])
    assert.deepEqual(layField([c(0, 64, 0), c(1, 64, 1), c(1, 64, 0)], 2, { apart: true }), [c(0, 64, 0), c(1, 64, 1)])
  })

  test('falls back only when no full-speed field of `want` plots exists among the candidates (exhaustive check)', () => {
    const cell = fc.record({ x: fc.integer({ min: 0, max: 3 }), y: fc.integer({ min: 64, max: 65 }), z: fc.integer({ min: 0, max: 3 }) })
    fc.assert(
      fc.property(fc.uniqueArray(cell, { minLength: 1, maxLength: 9, selector: (p) => `${p.x},${p.y},${p.z}` }), fc.integer({ min: 1, max: 5 }), (ranked, want) => {
        const field = layField(ranked, want)
        assert.equal(field.length, Math.min(want, ranked.length))
        let exists = false
        const subsets = (from: number, pick: Cell[]): void => {
          if (exists) return
          if (pick.length === want) {
            exists = fullSpeed(pick)
            return
          }
          for (let i = from; i < ranked.length; i++) subsets(i + 1, [...pick, ranked[i]!])
        }
        subsets(0, [])
        if (exists) assert.ok(fullSpeed(field), JSON.stringify({ ranked, want, field }))
        else assert.deepEqual(field, ranked.slice(0, want))
      }),
      { numRuns: 300, seed: 39 },
    )
  })
})
