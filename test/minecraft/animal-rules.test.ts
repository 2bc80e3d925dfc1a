/**
 * Pure rules of animals: sheep colours and wool, mob loot against minecraft-data, eggs, tool wear;
 * and the animal-life plugin's tick (eggs, eating grass, shearing) on a stand-in server.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'
import {
  WOOL_COLOURS,
  colourId,
  naturalSheepColour,
  readSheepByte,
  sheepByte,
  shearWoolCount,
  woolColourOf,
  woolOf,
} from '../../src/minecraft/sheep.js'
import { MOB_LOOT, ZOMBIE_RARE, rollLoot, type MobKind } from '../../src/minecraft/world/mob-rules.js'
import { EGG_TICKS_MIN, nextEggTicks, wearTool } from '../../src/minecraft/world/animal-rules.js'
import { createRng } from '../../src/minecraft/world/rng.js'
import { createNaturalWorld } from '../../src/minecraft/world/natural/index.js'
import { installAnimalLife } from '../../src/minecraft/world/plugins/animal-life.js'
import type { MobRecord, MobsApi } from '../../src/minecraft/world/plugins/mobs.js'
import type { SquidServer } from '../../src/minecraft/world/squid.js'

const require = createRequire(import.meta.url)
const registry = require('minecraft-data')('1.16.5')

/** An rng that returns the given values in turn. */
const seq = (...v: number[]) => {
  let i = 0
  return () => v[i++ % v.length]!
}

describe('sheep', () => {
  test('wool colours come from minecraft-data in dye order', () => {
    assert.equal(WOOL_COLOURS.length, 16)
    assert.equal(WOOL_COLOURS[0], 'white')
    assert.equal(WOOL_COLOURS[15], 'black')
    for (const c of WOOL_COLOURS) assert.ok(registry.itemsByName[`${c}_wool`], c)
    assert.equal(woolOf(colourId('light_gray')), 'light_gray_wool')
    assert.equal(woolColourOf('minecraft:black_wool'), 'black')
    assert.equal(woolColourOf('wool'), null)
  })

  test('natural colours follow vanilla odds: black/gray/light gray 5 %, brown 3 %, pink 0.164 %, white the rest', () => {
    assert.equal(WOOL_COLOURS[naturalSheepColour(seq(0.04))], 'black')
    assert.equal(WOOL_COLOURS[naturalSheepColour(seq(0.09))], 'gray')
    assert.equal(WOOL_COLOURS[naturalSheepColour(seq(0.14))], 'light_gray')
    assert.equal(WOOL_COLOURS[naturalSheepColour(seq(0.17))], 'brown')
    assert.equal(WOOL_COLOURS[naturalSheepColour(seq(0.5, 0.001))], 'pink')
    assert.equal(WOOL_COLOURS[naturalSheepColour(seq(0.5, 0.5))], 'white')
    // over many sheep: white ≈ 81.836 %
    const rng = createRng(7)
    const n = 100_000
    let white = 0
    for (let i = 0; i < n; i++) if (naturalSheepColour(rng) === 0) white++
    assert.ok(Math.abs(white / n - 0.81836) < 0.01, `white share ${white / n}`)
  })

  test('the metadata byte carries colour and sheared', () => {
    for (const c of [0, 7, 15]) {
      assert.deepEqual(readSheepByte(sheepByte(c, true)), { colour: WOOL_COLOURS[c], sheared: true })
      assert.deepEqual(readSheepByte(sheepByte(c, false)), { colour: WOOL_COLOURS[c], sheared: false })
    }
    assert.deepEqual(readSheepByte(undefined), { colour: 'white', sheared: false })
  })

  test('shearing drops 1–3 wool', () => {
    assert.equal(shearWoolCount(seq(0)), 1)
    assert.equal(shearWoolCount(seq(0.999)), 3)
  })
})

describe('mob loot', () => {
  test('names the items minecraft-data names (its sheep entry lacks the wool, taken from a per-colour table)', () => {
    for (const kind of Object.keys(MOB_LOOT) as MobKind[]) {
      const ours = [...MOB_LOOT[kind].map((r) => r.item), ...(kind === 'zombie' ? ZOMBIE_RARE : [])]
      for (const item of ours) assert.ok(registry.itemsByName[item], `${kind}: ${item}`)
      const theirs = (registry.entityLoot[kind]?.drops ?? []).map((d: { item: string }) => d.item)
      assert.deepEqual([...theirs].sort(), ours.filter((i) => !(kind === 'sheep' && i.endsWith('_wool'))).sort(), kind)
    }
  })

  test('the drops the body hunts for: string, leather + beef, feathers + chicken, bones + arrows, gunpowder, wool + mutton, porkchop, rotten flesh', () => {
    const max = () => 0.999
    const names = (kind: MobKind) => rollLoot(kind, max, { byPlayer: true, burning: false }).map((d) => d.name)
    assert.deepEqual(names('spider'), ['string']) // + a spider eye one time in three
    assert.deepEqual(names('cow').sort(), ['beef', 'leather'])
    assert.deepEqual(names('chicken').sort(), ['chicken', 'feather'])
    assert.deepEqual(names('skeleton').sort(), ['arrow', 'bone'])
    assert.deepEqual(names('creeper'), ['gunpowder'])
    assert.deepEqual(names('pig'), ['porkchop'])
    assert.deepEqual(names('zombie'), ['rotten_flesh'])
    // cow: leather 0–2 and beef 1–3 (minecraft-data says [1,1] for both)
    assert.deepEqual(rollLoot('cow', max, { byPlayer: true, burning: false }), [{ name: 'leather', count: 2 }, { name: 'beef', count: 3 }])
  })

  test('a sheep drops wool of its colour, none when sheared, and its mutton either way', () => {
    const black = { colour: colourId('black'), sheared: false }
    assert.deepEqual(rollLoot('sheep', () => 0, { byPlayer: true, burning: false, wool: black }), [{ name: 'black_wool', count: 1 }, { name: 'mutton', count: 1 }])
    assert.deepEqual(rollLoot('sheep', () => 0, { byPlayer: true, burning: true, wool: { ...black, sheared: true } }), [{ name: 'cooked_mutton', count: 1 }])
  })
})

describe('eggs and wear', () => {
  test('a chicken lays every 6000–12000 ticks', () => {
    assert.equal(nextEggTicks(() => 0), EGG_TICKS_MIN)
    assert.equal(nextEggTicks(() => 0.99999), 11999)
  })

  test('shears break after minecraft-data maxDurability uses', () => {
    const max = registry.itemsByName.shears.maxDurability as number
    assert.equal(max, 238)
    assert.deepEqual(wearTool(0, max), { damage: 1, broken: false })
    assert.deepEqual(wearTool(max - 1, max), { damage: max, broken: true })
  })
})

describe('natural sheep', () => {
  test('sheep placed at generation carry a colour; other animals none; the same seed gives the same colours', () => {
    const colours = (seed: number) => {
      const w = createNaturalWorld(seed)
      const out: Array<string | undefined> = []
      for (let cx = -6; cx < 6; cx++) {
        for (let cz = -6; cz < 6; cz++) {
          for (const a of w.animals(cx, cz, w.generate(cx, cz))) {
            if (a.kind === 'sheep') out.push(WOOL_COLOURS[a.woolColour!])
            else assert.equal(a.woolColour, undefined)
          }
        }
      }
      return out
    }
    const a = colours(29)
    assert.ok(a.length > 0, 'no sheep in 144 chunks')
    assert.ok(a.every((c) => c !== undefined))
    assert.deepEqual(colours(29), a)
  })
})

/** A stand-in flying-squid server with one mob record, for the animal-life plugin's tick. */
function standIn(kind: 'sheep' | 'chicken', opts: { ground?: string; rng?: () => number } = {}) {
  const serv = new EventEmitter() as unknown as SquidServer & EventEmitter
  const drops: Array<{ name: string; count: number }> = []
  const blocks: Array<{ pos: { x: number; y: number; z: number }; state: number }> = []
  const shown: boolean[] = []
  const events: number[] = []
  Object.assign(serv, {
    registry,
    overworld: {},
    entities: {},
    mbDropItem: (_w: unknown, _p: unknown, name: string, count: number) => drops.push({ name, count }),
    setBlock: async (_w: unknown, pos: { x: number; y: number; z: number }, state: number) => void blocks.push({ pos, state }),
  })
  const rec = {
    id: 1,
    kind,
    x: 0.5,
    y: 64,
    z: 0.5,
    dead: false,
    panicTicks: 0,
    goal: null,
    wool: kind === 'sheep' ? { colour: colourId('brown'), sheared: true } : null,
    eggTicks: kind === 'chicken' ? 3 : 0,
    eatTicks: 0,
  } as unknown as MobRecord
  const mobs = {
    awake: () => new Set([rec]),
    view: { name: () => opts.ground ?? 'grass_block' },
    showWool: (r: MobRecord) => shown.push(r.wool!.sheared),
    entityEvent: (_r: MobRecord, status: number) => events.push(status),
  } as unknown as MobsApi
  installAnimalLife(serv, mobs, opts.rng ?? (() => 0))
  const tick = (n: number) => {
    for (let i = 0; i < n; i++) serv.emit('tick')
  }
  return { rec, drops, blocks, shown, events, tick }
}

describe('animal life (the plugin on a stand-in server)', () => {
  test('a chicken drops an egg when its timer runs out, then waits 6000–12000 ticks again', () => {
    const s = standIn('chicken', { rng: () => 0.5 })
    s.tick(2)
    assert.deepEqual(s.drops, [])
    s.tick(1)
    assert.deepEqual(s.drops, [{ name: 'egg', count: 1 }])
    assert.equal(s.rec.eggTicks, 9000)
  })

  test('a sheared sheep on grass eats it: 40 ticks, the grass becomes dirt, the wool is back', () => {
    const s = standIn('sheep')
    s.tick(1)
    assert.deepEqual(s.events, [10])
    s.tick(39)
    assert.equal(s.blocks.length, 0)
    s.tick(1)
    assert.equal(s.blocks.length, 1)
    assert.equal(s.blocks[0]!.state, registry.blocksByName.dirt.defaultState)
    assert.deepEqual(s.blocks[0]!.pos.y, 63)
    assert.equal(s.rec.wool!.sheared, false)
    assert.deepEqual(s.shown, [false])
  })

  test('a sheep not on grass does not eat, and stays sheared', () => {
    const s = standIn('sheep', { ground: 'dirt' })
    s.tick(200)
    assert.deepEqual(s.events, [])
    assert.equal(s.rec.wool!.sheared, true)
  })
})
