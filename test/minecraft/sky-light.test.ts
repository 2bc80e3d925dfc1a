/**
 * The embedded world's sky light estimate (block-view.ts `skyLight`) on small hand-built views,
 * and the light rules that read it (mob-rules.ts: the spawn draws, the spider's calm level).
 * The view is a plain block map: stone below y 64, air above, plus the blocks a test sets.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { createBlockView, type BlockView } from '../../src/minecraft/world/block-view.js'
import { SPIDER_CALM_LIGHT, darkEnoughToSpawn, overworldBrightness, skyLightFailing } from '../../src/minecraft/world/mob-rules.js'
import { versionFacts } from '../../src/minecraft/version-facts.js'
import { cropHasLight } from '../../src/minecraft/world/farming.js'
import type { SquidWorld } from '../../src/minecraft/world/squid.js'

const require = createRequire(import.meta.url)
const GROUND = 64

function handBuilt(version: string) {
  const registry = require('minecraft-data')(version)
  const blocks = new Map<string, number>()
  const stateOf = (name: string) => registry.blocksByName[name].defaultState as number
  const stone = stateOf('stone')
  const world = {
    getLoadedColumn: (cx: number, cz: number) =>
      Math.abs(cx) > 4 || Math.abs(cz) > 4
        ? undefined
        : {
            getBlockStateId: (p: { x: number; y: number; z: number }) =>
              blocks.get(`${cx * 16 + p.x},${p.y},${cz * 16 + p.z}`) ?? (p.y < GROUND ? stone : 0),
          },
  }
  const view: BlockView = createBlockView(registry, () => world as unknown as SquidWorld)
  const set = (x: number, y: number, z: number, name: string) => blocks.set(`${x},${y},${z}`, stateOf(name))
  const box = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, name: string) => {
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) for (let z = z0; z <= z1; z++) set(x, y, z, name)
  }
  return { view, set, box }
}

const VERSIONS = ['1.16.5', '1.20.4', '1.21.4']

describe('sky light estimate', () => {
  test('open sky is 15 on the ground and in the air', () => {
    const { view } = handBuilt('1.16.5')
    assert.equal(view.skyLight(0, GROUND, 0), 15)
    assert.equal(view.skyLight(3.7, GROUND + 20.2, -5.1), 15)
  })

  for (const version of VERSIONS) {
    test(`${version}: one leaf above lets 14 in (leaves filter 1, light comes round it), a wide leaf roof 13 (leaf 14, the air under it 13)`, () => {
      const one = handBuilt(version)
      one.set(0, GROUND + 3, 0, 'oak_leaves')
      assert.equal(one.view.skyLight(0, GROUND, 0), 14)
      const wide = handBuilt(version)
      wide.box(-10, GROUND + 1, -10, 10, GROUND + 1, 10, 'oak_leaves')
      assert.equal(wide.view.skyLight(0, GROUND, 0), 13)
      assert.equal(wide.view.skyLight(0, GROUND + 1, 0), 14)
    })

    test(`${version}: a tree's shade next to its trunk, under four layers of leaves, is lit sideways to 13`, () => {
      const { view, box } = handBuilt(version)
      // an oak-like canopy: 5×5 leaves two layers high over a 1×1 trunk, 3×3 on top
      box(-2, GROUND + 3, -2, 2, GROUND + 4, 2, 'oak_leaves')
      box(-1, GROUND + 5, -1, 1, GROUND + 6, 1, 'oak_leaves')
      box(0, GROUND, 0, 0, GROUND + 5, 0, 'oak_log')
      // its own column lets 8 through the four leaf layers; the open sky at x 3 gives 15 − 2
      assert.equal(view.skyLight(1, GROUND, 1), 13)
      assert.equal(view.skyLight(1, GROUND + 2, 1), 13)
    })
  }

  test('a spot under a 3×3 stone roof is lit sideways from the open sky two blocks away', () => {
    const { view, box } = handBuilt('1.16.5')
    box(-1, GROUND + 1, -1, 1, GROUND + 1, 1, 'stone')
    assert.equal(view.skyLight(0, GROUND, 0), 13)
  })

  test('a stone roof with walls is 0; a hole in the wall lets light in, falling off by the way it takes', () => {
    const { view, box, set } = handBuilt('1.16.5')
    box(-3, GROUND, -3, 3, GROUND + 4, 3, 'stone')
    box(-2, GROUND, -2, 2, GROUND + 3, 2, 'air')
    assert.equal(view.skyLight(0, GROUND, 0), 0)
    set(3, GROUND, 0, 'air')
    // the hole (15 outside at x 4) → x 3 is 14, x 2 is 13, … the centre at x 0 is 11
    assert.equal(view.skyLight(3, GROUND, 0), 14)
    assert.equal(view.skyLight(0, GROUND, 0), 11)
    assert.equal(view.skyLight(-2, GROUND + 3, -2), 13 - (4 + 3 + 2))
  })

  test('a cave mouth falls off by 1 per block and is dark 15 blocks in', () => {
    const { view, box } = handBuilt('1.16.5')
    // a cliff: stone up to y 80 for x ≥ 1, a 1×2 tunnel into it at the ground from x 1 to x 30
    box(1, GROUND, -2, 40, GROUND + 16, 2, 'stone')
    box(1, GROUND, 0, 30, GROUND + 1, 0, 'air')
    for (const k of [1, 2, 5, 10, 14]) assert.equal(view.skyLight(k, GROUND, 0), 15 - k, `x ${k}`)
    assert.equal(view.skyLight(15, GROUND, 0), 0)
    assert.equal(view.skyLight(25, GROUND + 1, 0), 0)
  })

  test('water filters 1 per block down from the surface', () => {
    const { view, box } = handBuilt('1.16.5')
    box(-20, GROUND - 6, -20, 20, GROUND - 1, 20, 'water')
    assert.equal(view.skyLight(0, GROUND - 1, 0), 14)
    assert.equal(view.skyLight(0, GROUND - 6, 0), 9)
  })

  test('`enough`: at or above it where the light reaches it, below it where it does not', () => {
    const { view, box } = handBuilt('1.16.5')
    box(1, GROUND, -2, 40, GROUND + 16, 2, 'stone')
    box(1, GROUND, 0, 30, GROUND + 1, 0, 'air')
    for (let k = 1; k <= 20; k++) {
      for (const enough of [1, 8, 12, 15]) {
        const l = view.skyLight(k, GROUND, 0, enough)
        assert.equal(l >= enough, Math.max(0, 15 - k) >= enough, `x ${k}, enough ${enough}: ${l}`)
      }
    }
  })

  test('an unloaded column gives no light', () => {
    const { view } = handBuilt('1.16.5')
    assert.equal(view.skyLight(16 * 6, GROUND, 0), 0)
  })
})

describe('light rules', () => {
  const constantLight = (sky: number, block: number) => ({ skyReaches: (level: number) => sky >= level, block: () => block })

  test('light filters come from minecraft-data (1.16.5 reads 1.17.1\'s table, its own is wrong)', () => {
    for (const v of VERSIONS) {
      const f = versionFacts(v)
      assert.equal(f.lightFilter('oak_leaves'), 1, v)
      assert.equal(f.lightFilter('water'), 1, v)
      assert.equal(f.lightFilter('dandelion'), 0, v)
      assert.equal(f.lightFilter('glass'), 0, v)
      assert.equal(f.lightFilter('stone'), 15, v)
    }
  })

  test('the spawn rule fails by day at the light under a tree and passes in the dark at night', () => {
    let seed = 1
    const rng = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
    for (let i = 0; i < 2000; i++) {
      assert.equal(darkEnoughToSpawn(constantLight(12, 0), 6000, rng), false)
      assert.equal(skyLightFailing({ sky: 31, brightness: 7 }, 6000), 8)
    }
    let spawned = 0
    for (let i = 0; i < 2000; i++) if (darkEnoughToSpawn(constantLight(0, 0), 18000, rng)) spawned++
    assert.equal(spawned, 2000)
  })

  test('a crop grows at sky or block light 9, not 8: under a roof lit sideways, in a walled room by a hole in the wall, by a torch', () => {
    const { view, box, set } = handBuilt('1.16.5')
    set(0, GROUND, 0, 'wheat')
    assert.equal(cropHasLight(view, 0, GROUND, 0), true, 'open sky')
    // under a 3×3 stone roof (no open sky above it): 13 from the sky beside it
    box(-1, GROUND + 1, -1, 1, GROUND + 1, 1, 'stone')
    assert.equal(cropHasLight(view, 0, GROUND, 0), true, 'under a roof, lit sideways')
    // a walled room is dark; a hole in the wall at x 5 lets 14 in there, 9 at x 0, 8 at x −1
    box(-5, GROUND, -5, 5, GROUND + 4, 5, 'stone')
    box(-4, GROUND, -4, 4, GROUND + 3, 4, 'air')
    set(0, GROUND, 0, 'wheat')
    set(-1, GROUND, 0, 'wheat')
    assert.equal(cropHasLight(view, 0, GROUND, 0), false, 'a walled room')
    set(5, GROUND, 0, 'air')
    assert.equal(view.skyLight(0, GROUND, 0), 9)
    assert.equal(cropHasLight(view, 0, GROUND, 0), true, 'sky light 9')
    assert.equal(view.skyLight(-1, GROUND, 0), 8)
    assert.equal(cropHasLight(view, -1, GROUND, 0), false, 'sky light 8')
    set(-3, GROUND, 0, 'torch')
    assert.equal(cropHasLight(view, -1, GROUND, 0), true, 'a torch 2 blocks away (block light 14 − 2)')
  })

  test('spiders are calm from light 12 up (overworld brightness 0.5)', () => {
    assert.equal(SPIDER_CALM_LIGHT, 12)
    assert.ok(overworldBrightness(11) < 0.5 && overworldBrightness(12) >= 0.5)
  })
})
