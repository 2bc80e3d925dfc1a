/** The pure parts of digging for ore: stair and tunnel geometry, strip heights, hazard verdicts, the strip snake, torch crafts. */
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import {
  CARDINALS,
  SAFE_MIN_Y,
  cardinalOf,
  digVerdict,
  floorVerdict,
  fluidAmong,
  isOre,
  isOreItem,
  landingVerdict,
  snakeLegs,
  stairStep,
  DROP_STAIR,
  stairUpStep,
  stripHeight,
  tunnelStep,
  turnLeft,
  turnRight,
} from '../../src/minecraft/body/skills/tunnel.js'
import { torchCrafts, wantsCoal } from '../../src/minecraft/body/skills/torches.js'
import { ASIDE_BLOCKS, openBelow } from '../../src/minecraft/body/skills/cave-descent.js'
import { versionFacts } from '../../src/minecraft/version-facts.js'
/** Carved air at or below this y is lava in 1.16. */
const LAVA_LEVEL = versionFacts('1.16.5').lavaTop
import { planksOf } from '../../src/minecraft/body/skills/crafting.js'
import { UNREACHABLE_MS, isUnreachableFailure, sameCluster, unreachableFor } from '../../src/minecraft/body/skills/unreachable.js'
import { parseSkillCall } from '../../src/minecraft/body/schema.js'

const feet = { x: 10, y: 64, z: -5 }
const east = { dx: 1, dz: 0 }

/** Each cell a step digs touches the bot (feet or head) or a cell dug before it: exposed when dug (fair play). */
function assertEachCellExposed(step: { dig: Array<{ x: number; y: number; z: number }> }): void {
  const open = [feet, { ...feet, y: feet.y + 1 }]
  for (const c of step.dig) {
    assert.ok(open.some((o) => Math.abs(o.x - c.x) + Math.abs(o.y - c.y) + Math.abs(o.z - c.z) === 1), `${JSON.stringify(c)} touches an open cell`)
    open.push(c)
  }
}

describe('stair and tunnel steps', () => {
  test('a stair opens the next column three high, top first, and drops the feet one block onto a floor below it', () => {
    const s = stairStep(feet, east)
    assert.deepEqual(s.dig, [{ x: 11, y: 65, z: -5 }, { x: 11, y: 64, z: -5 }, { x: 11, y: 63, z: -5 }])
    assert.deepEqual(s.stand, { x: 11, y: 63, z: -5 })
    assert.deepEqual(s.floor, { x: 11, y: 62, z: -5 })
  })

  test('each cell a stair digs touches the cell opened before it, or the bot itself (fair play: it is exposed)', () => {
    for (const d of CARDINALS) {
      assertEachCellExposed(stairStep(feet, d))
      assertEachCellExposed(stairStep(feet, d, DROP_STAIR))
    }
  })

  test('a drop stair opens the next column four high, top first, and drops the feet two blocks: a fall that does no damage', () => {
    const s = stairStep(feet, east, DROP_STAIR)
    assert.deepEqual(s.dig, [{ x: 11, y: 65, z: -5 }, { x: 11, y: 64, z: -5 }, { x: 11, y: 63, z: -5 }, { x: 11, y: 62, z: -5 }])
    assert.deepEqual(s.stand, { x: 11, y: 62, z: -5 })
    assert.deepEqual(s.floor, { x: 11, y: 61, z: -5 })
    // the world's fall damage is ceil(distance − 3) (world facts §5): none for the drop
    assert.ok(DROP_STAIR < 3)
    // its first three cells are the walkable stair's: a drop refused falls back to the walkable stair the same way
    assert.deepEqual(s.dig.slice(0, 3), stairStep(feet, east).dig)
  })

  test('a stair up opens ahead at head height, over the head, ahead above that, and stands the feet one block higher on the block ahead', () => {
    const s = stairUpStep(feet, east)
    assert.deepEqual(s.dig, [{ x: 11, y: 65, z: -5 }, { x: 10, y: 66, z: -5 }, { x: 11, y: 66, z: -5 }])
    assert.deepEqual(s.stand, { x: 11, y: 65, z: -5 })
    assert.deepEqual(s.floor, { x: 11, y: 64, z: -5 })
    for (const d of CARDINALS) {
      const up = stairUpStep(feet, d)
      assertEachCellExposed(up)
      assert.equal(up.stand.y, feet.y + 1)
      assert.deepEqual(up.floor, { ...up.stand, y: feet.y })
    }
  })

  test('a 1×2 tunnel step opens head then feet and keeps the level', () => {
    const s = tunnelStep(feet, { dx: 0, dz: -1 })
    assert.deepEqual(s.dig, [{ x: 10, y: 65, z: -6 }, { x: 10, y: 64, z: -6 }])
    assert.deepEqual(s.stand, { x: 10, y: 64, z: -6 })
    assert.deepEqual(s.floor, { x: 10, y: 63, z: -6 })
  })

  test('yaw to the nearest cardinal; turns', () => {
    assert.deepEqual(cardinalOf(0), { dx: 0, dz: -1 }) // north
    assert.deepEqual(cardinalOf(Math.PI / 2), { dx: -1, dz: 0 }) // mineflayer: counter-clockwise, west
    assert.deepEqual(cardinalOf(Math.PI), { dx: 0, dz: 1 })
    assert.deepEqual(cardinalOf(-Math.PI / 2 + 0.3), { dx: 1, dz: 0 })
    assert.deepEqual(turnRight({ dx: 0, dz: -1 }), { dx: 1, dz: 0 }) // north → east
    assert.deepEqual(turnLeft({ dx: 0, dz: -1 }), { dx: -1, dz: 0 })
  })
})

describe('strip height', () => {
  test('iron (veins in y 0–63): 20 under the ground, at most 55, never below the lava margin', () => {
    assert.equal(stripHeight('iron_ore', 68), 48)
    assert.equal(stripHeight('iron_ore', 120), 55)
    assert.equal(stripHeight('iron_ore', 25), SAFE_MIN_Y)
  })

  test('diamond and redstone (0–15) strip just above the lava level; gold (0–31) lower than iron', () => {
    assert.equal(stripHeight('diamond_ore', 68), 12)
    assert.equal(stripHeight('redstone_ore', 68), 12)
    assert.equal(stripHeight('gold_ore', 68), 23)
    assert.ok(SAFE_MIN_Y > 10, 'lava fills carved air below y 11')
  })

  test('the deep ores keep the lava in mind: a 1×2 strip at the diamond height never digs the floor cell, which stays above the lava level', () => {
    for (const ore of ['diamond_ore', 'redstone_ore', 'gold_ore', 'lapis_ore']) {
      const y = stripHeight(ore, 68)
      const step = tunnelStep({ x: 0, y, z: 0 }, { dx: 1, dz: 0 })
      const lowestDug = Math.min(...step.dig.map((c) => c.y))
      assert.ok(lowestDug > LAVA_LEVEL + 1, `${ore}: dug cells at y ≥ ${lowestDug}`)
      assert.ok(step.floor.y > LAVA_LEVEL, `${ore}: the floor it stands on (y ${step.floor.y}) is above the lava level`)
    }
    assert.deepEqual([stripHeight('diamond_ore', 68), stripHeight('diamond_ore', 30)], [12, 12], 'diamonds: y 12 however low the ground')
  })

  test('lapis (triangular around y 16) strips near its peak, not at the top of its range', () => {
    assert.equal(stripHeight('lapis_ore', 68), 15)
    assert.equal(stripHeight('lapis_ore', 30), SAFE_MIN_Y)
  })

  test('which names are ores', () => {
    assert.ok(isOre('iron_ore') && isOre('coal_ore') && !isOre('stone'))
    for (const n of ['iron_ore', 'minecraft:iron_ore', 'raw_iron', 'raw iron', 'coal', 'diamond']) assert.ok(isOreItem(n), n)
    for (const n of ['log', 'cobblestone', 'minecraft:stone', 'iron_ingot']) assert.ok(!isOreItem(n), n)
  })
})

describe('hazards', () => {
  test('dig only what is known, never a fluid or bedrock', () => {
    assert.equal(digVerdict('stone', true), 'ok')
    assert.equal(digVerdict('stone', false), 'unknown')
    assert.equal(digVerdict('air', false), 'ok')
    assert.equal(digVerdict('lava', true), 'lava')
    assert.equal(digVerdict('water', true), 'water')
    assert.equal(digVerdict('bedrock', true), 'unbreakable')
    // a field: farmland and what grows on it (breaking the farmland breaks the crop)
    for (const f of ['farmland', 'wheat', 'carrots', 'pumpkin_stem', 'attached_melon_stem']) assert.equal(digVerdict(f, true), 'field', f)
    assert.equal(digVerdict(undefined, true), 'unknown')
  })

  test('step only onto a known solid floor; air or a plant is a drop', () => {
    assert.equal(floorVerdict('stone', true, true), 'ok')
    assert.equal(floorVerdict('stone', true, false), 'unknown')
    assert.equal(floorVerdict('cave_air', false, true), 'drop')
    assert.equal(floorVerdict('torch', false, true), 'drop')
    assert.equal(floorVerdict('lava', false, true), 'lava')
    assert.equal(floorVerdict('water', false, true), 'water')
  })

  test('lava or water beside an opened cell stops that way; lava wins', () => {
    assert.equal(fluidAmong(['stone', undefined, 'air']), null)
    assert.equal(fluidAmong(['stone', 'water']), 'water')
    assert.equal(fluidAmong(['water', 'lava']), 'lava')
    assert.equal(fluidAmong([undefined, undefined]), null, 'what is not known is not a hazard seen')
  })
})

describe('a drop under a step (a cave or a hole)', () => {
  const air = { name: 'cave_air', solid: false }
  const stone = { name: 'stone', solid: true }
  test('lands on the first known solid block at most 2 below the floor level: no fall damage', () => {
    assert.equal(landingVerdict([air, stone, stone]), 1)
    assert.equal(landingVerdict([air, air, stone]), 2)
    assert.equal(landingVerdict([air, air, air]), 'a drop of more than 2')
  })
  test('never onto or into a fluid, a plant or what it does not know', () => {
    assert.equal(landingVerdict([air, { name: 'lava', solid: false }, stone]), 'lava below')
    assert.equal(landingVerdict([air, { name: 'water', solid: false }, stone]), 'water below')
    assert.equal(landingVerdict([air, { name: 'torch', solid: false }, stone]), 'torch below')
    assert.equal(landingVerdict([air, { name: undefined, solid: true }, stone]), 'an unknown drop')
  })
})

describe('the strip snake', () => {
  test('strips of 24 toward the first way and back, linked by 3 to the right: two blocks between strips, each exposed once', () => {
    const north = { dx: 0, dz: -1 }
    const legs = snakeLegs(north, 5)
    assert.deepEqual(legs, [
      { dir: north, length: 24 },
      { dir: { dx: 1, dz: 0 }, length: 3 },
      { dir: { dx: 0, dz: 1 }, length: 24 },
      { dir: { dx: 1, dz: 0 }, length: 3 },
      { dir: north, length: 24 },
    ])
  })
})

describe('torches', () => {
  test('crafts (4 torches each) from coal and sticks beyond 1 coal and 2 sticks kept, up to 16 torches', () => {
    assert.equal(torchCrafts(3, 6, 0), 2)
    assert.equal(torchCrafts(10, 20, 0), 4)
    assert.equal(torchCrafts(10, 20, 12), 1)
    assert.equal(torchCrafts(1, 20, 0), 0, 'the last coal is kept for the furnace')
    assert.equal(torchCrafts(5, 2, 0), 0, 'two sticks are kept for a pickaxe')
  })
})

describe('coal on the way', () => {
  test('mined when few torches are left and no coal is spare', () => {
    assert.equal(wantsCoal(0, 0), true)
    assert.equal(wantsCoal(3, 1), true, 'the one coal kept for the furnace is not spare')
    assert.equal(wantsCoal(3, 2), false, 'a spare coal makes 4 torches')
    assert.equal(wantsCoal(4, 0), false, 'enough torches')
  })
})

describe('getting unstuck', () => {
  test('an unreachable spot is remembered per bot, for a while', () => {
    const bot = {}
    const other = {}
    const p = { x: 3, y: 70, z: -2 }
    unreachableFor(bot).mark(p, 1000)
    assert.equal(unreachableFor(bot).has({ x: 3.4, y: 70.9, z: -1.5 }, 2000), true, 'the same block')
    assert.equal(unreachableFor(other).has(p, 2000), false, 'another bot starts afresh')
    assert.equal(unreachableFor(bot).has(p, 1000 + UNREACHABLE_MS), false, 'expired')
  })

  test('a reconnect (a new bot object, the same player on the same server) keeps the memory; another server does not share it', () => {
    const connected = (port: number) => ({ username: 'unstuck-test', _client: { socket: { remoteAddress: '127.0.0.1', remotePort: port } } })
    const p = { x: 5, y: 64, z: 5 }
    unreachableFor(connected(40001)).mark(p, 1000)
    assert.equal(unreachableFor(connected(40001)).has(p, 2000), true, 'the same player back on the same server')
    assert.equal(unreachableFor(connected(40002)).has(p, 2000), false, 'another server')
  })

  test('the same tree or ledge: within 2 blocks on each axis', () => {
    assert.equal(sameCluster({ x: 2, y: 72, z: 1 }, { x: 0, y: 70, z: 0 }), true)
    assert.equal(sameCluster({ x: 3, y: 70, z: 0 }, { x: 0, y: 70, z: 0 }), false)
  })

  test('which failures mean "could not get there"', () => {
    for (const m of ['stuck: no movement for 10s while going to oak_log at (1, 2, 3)', 'no progress: walking for 30s without getting closer to oak_log at (1, 2, 3)', 'no path to oak_log at (1, 2, 3)', 'oak_log at (1, 2, 3) is out of reach', 'pathfinding to x took too long (terrain too complex)', 'digging oak_log at (1, 2, 3) would take 75s from where I can reach it (in water)'])
      assert.equal(isUnreachableFailure(m), true, m)
    for (const m of ['need a wooden pickaxe to harvest stone', 'digging stone failed: aborted']) assert.equal(isUnreachableFailure(m), false, m)
  })

  test('a crafting table made on the spot: planks from any log', () => {
    assert.equal(planksOf('oak_log'), 'oak_planks')
    assert.equal(planksOf('stripped_birch_log'), 'birch_planks')
    assert.equal(planksOf('crimson_stem'), 'crimson_planks')
    assert.equal(planksOf('oak_planks'), null)
  })
})

describe('stripMine call', () => {
  test('schema: y is a block height of some supported world (deep ores below y 0 on 1.18+); outside them a clear error', () => {
    assert.equal(parseSkillCall({ skill: 'stripMine', item: 'iron_ore', count: 3 }).ok, true)
    for (const y of [0, -58, 12, 319]) assert.equal(parseSkillCall({ skill: 'stripMine', item: 'diamond_ore', y }).ok, true, `y ${y}`)
    for (const y of [-65, 320, 1.5]) assert.equal(parseSkillCall({ skill: 'stripMine', item: 'diamond_ore', y }).ok, false, `y ${y}`)
    const r = parseSkillCall({ skill: 'stripMine', item: 'diamond_ore', y: -70 })
    assert.ok(!r.ok && /y -70 is no block height of a supported Minecraft world \(y -64 to 319\)/.test(r.reason), JSON.stringify(r))
  })

  test('the skill checks y against the server’s own version: minecraft-data’s world height', () => {
    assert.equal(versionFacts('1.20.4').heightError(-58), null)
    assert.equal(versionFacts('1.16.5').heightError(-58), "y -58 is below Minecraft 1.16.5's world, y 0 to 255")
    assert.equal(versionFacts('1.16.5').heightError(256), "y 256 is above Minecraft 1.16.5's world, y 0 to 255")
    assert.equal(versionFacts('1.21.4').heightError(319), null)
  })
})

describe('tunnelling aside past a cave under the stairs', () => {
  test('the side whose ground is least open (known air 1 and 2 below the feet, the next 8 cells) is where the cave ends soonest', () => {
    // a cave under the bot that reaches 6 cells west and east, 2 north and none south; unknown cells count as solid
    const air = (p: { x: number; y: number; z: number }) => p.y < feet.y && p.z === feet.z && Math.abs(p.x - feet.x) <= 6 || (p.x === feet.x && p.z < feet.z && p.z >= feet.z - 2 && p.y < feet.y)
    const counts = CARDINALS.map((d) => openBelow(air, feet, d))
    assert.deepEqual(counts, [4, 12, 0, 12])
    assert.equal(ASIDE_BLOCKS, 8)
  })
})
