import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import minecraftData from 'minecraft-data'
import { inferHurtKind, deathCause, healthChangeEvent, formatDelta, lowHealthDue, type HurtEvidence } from '../../src/minecraft/body/senses/hurt.js'
import { mapWindowSlot, groupSlots } from '../../src/minecraft/links/lynxmind-status.js'
import { toMcYaw, toMcPitch } from '../../src/minecraft/body/senses/status.js'
import { resolveCollectTarget, resolveItemNames, describeHarvestTools, blockSourcesFor } from '../../src/minecraft/body/items.js'
import { bareName } from '../../src/minecraft/names.js'
import { backoffDelay, reconnectPolicy } from '../../src/minecraft/body/connection.js'
import { parseSkillCall } from '../../src/minecraft/body/schema.js'
import { fuelValue } from '../../src/minecraft/body/skills/smelt.js'
import { cooldownTicks, isWeapon, meleeDps, weaponDps } from '../../src/minecraft/melee.js'
import { keptFood, noteCollecting, KEEP_COLLECTED_MS, KEPT_UNTIL_FOOD, STARVING } from '../../src/minecraft/body/skills/kept-food.js'
import { mendUntil } from '../../src/minecraft/body/skills/mending.js'
import { bestFood } from '../../src/minecraft/body/skills/eat.js'

const reg = minecraftData('1.16.5')
const base: HurtEvidence = { now: 10_000, onFire: false, headInWater: false, food: 20 }

describe('hurt inference', () => {
  test('combat wins when an attacker hit within 1.5 s, even when on fire', () => {
    assert.deepEqual(inferHurtKind({ ...base, onFire: true, lastAttacker: { name: 'Steve', at: 8_600 } }), { kind: 'combat', attacker: 'Steve' })
  })
  test('an attacker older than 1.5 s no longer counts', () => {
    assert.equal(inferHurtKind({ ...base, lastAttacker: { name: 'Steve', at: 8_400 } }).kind, 'other')
  })
  test('explosion within 1.5 s beats fire, drown, fall and hunger', () => {
    const e = { ...base, lastExplosionAt: 9_000, onFire: true, headInWater: true, lastLanding: { blocks: 10, at: 9_900 }, food: 0 }
    assert.equal(inferHurtKind(e).kind, 'explosion')
    assert.equal(inferHurtKind({ ...e, lastExplosionAt: 8_000 }).kind, 'fire')
  })
  test('a death: an explosion no older than the last hit is the cause (a creeper blew the bot up mid-fight with a spider)', () => {
    const spider = { name: 'spider', at: 9_000 }
    // session 39's fishing_rod run: the log said "killed by spider", the server "blown up by Creeper"
    assert.equal(deathCause({ now: 10_000, lastAttacker: spider, lastExplosionAt: 9_900 }).words, 'hurt by explosion')
    assert.equal(deathCause({ now: 10_000, lastAttacker: spider, lastExplosionAt: 9_000 }).words, 'hurt by explosion')
    // the hit after the explosion, or an explosion out of its window, leaves the mob the cause
    assert.equal(deathCause({ now: 10_000, lastAttacker: spider, lastExplosionAt: 8_900 }).words, 'killed by spider')
    assert.equal(deathCause({ now: 10_000, lastAttacker: { name: 'zombie', at: 9_500 }, lastExplosionAt: 9_000 }).words, 'killed by zombie')
    assert.equal(deathCause({ now: 10_000, lastExplosionAt: 8_400 }).words, 'cause unknown')
    assert.equal(deathCause({ now: 10_000, lastExplosionAt: 8_600 }).words, 'hurt by explosion')
    // as before: a hit within 3 s, else a hurt of a known kind within 10 s
    assert.equal(deathCause({ now: 10_000, lastAttacker: { name: 'skeleton', at: 7_100 } }).words, 'killed by skeleton')
    assert.equal(deathCause({ now: 10_000, lastAttacker: { name: 'skeleton', at: 7_000 }, lastHurt: { kind: 'fall', at: 1_000 } }).words, 'hurt by fall')
    assert.equal(deathCause({ now: 10_000, lastHurt: { kind: 'fall', at: 0 } }).words, 'cause unknown')
    // the bus's `death` event names the same cause as the log (it used to say by:spider after the blast)
    assert.equal(deathCause({ now: 10_000, lastAttacker: spider, lastExplosionAt: 9_900 }).by, 'explosion')
    assert.equal(deathCause({ now: 10_000, lastAttacker: spider, lastExplosionAt: 8_900 }).by, 'spider')
    assert.equal(deathCause({ now: 10_000, lastAttacker: { name: 'skeleton', at: 7_000 }, lastHurt: { kind: 'fall', at: 1_000 } }).by, undefined)
  })
  test('fire > drown > fall > hunger > other', () => {
    assert.equal(inferHurtKind({ ...base, onFire: true, headInWater: true }).kind, 'fire')
    assert.equal(inferHurtKind({ ...base, headInWater: true, food: 0 }).kind, 'drown')
    assert.equal(inferHurtKind({ ...base, lastLanding: { blocks: 3, at: 8_800 }, food: 0 }).kind, 'fall')
    assert.equal(inferHurtKind({ ...base, food: 0 }).kind, 'hunger')
    assert.equal(inferHurtKind(base).kind, 'other')
  })
  test('fall needs ≥3 blocks and a landing within 1.2 s', () => {
    assert.equal(inferHurtKind({ ...base, lastLanding: { blocks: 2.9, at: 9_900 } }).kind, 'other')
    assert.equal(inferHurtKind({ ...base, lastLanding: { blocks: 5, at: 8_700 } }).kind, 'other')
    assert.equal(inferHurtKind({ ...base, lastLanding: { blocks: 5, at: 8_800 } }).kind, 'fall')
  })
  test('event data: attacker:delta or hp:delta rounded to 0.1; heal only above 0.5', () => {
    assert.deepEqual(healthChangeEvent(20, 18, { ...base, lastAttacker: { name: 'zombie', at: 9_999 } }), { type: 'hurt.combat', data: 'zombie:-2' })
    assert.deepEqual(healthChangeEvent(20, 18.76, { ...base, food: 0 }), { type: 'hurt.hunger', data: 'hp:-1.2' })
    assert.deepEqual(healthChangeEvent(10, 14, base), { type: 'heal', data: 'hp:+4' })
    assert.equal(healthChangeEvent(10, 10.5, base), null)
    assert.deepEqual(healthChangeEvent(10, 10.51, base), { type: 'heal', data: 'hp:+0.5' })
    assert.equal(healthChangeEvent(10, 10, base), null)
    assert.equal(healthChangeEvent(10, Number.NaN, base), null)
  })
  test('formatDelta', () => {
    assert.equal(formatDelta(-1.25), '-1.3')
    assert.equal(formatDelta(-2), '-2')
    assert.equal(formatDelta(3.04, true), '+3')
  })
  test('health.low at hp ≤ 6, at most once per 30 s, not when dead', () => {
    assert.equal(lowHealthDue(6, 0, undefined), true)
    assert.equal(lowHealthDue(6.5, 0, undefined), false)
    assert.equal(lowHealthDue(0, 0, undefined), false)
    assert.equal(lowHealthDue(3, 29_999, 0), false)
    assert.equal(lowHealthDue(3, 30_000, 0), true)
  })
})

describe('slot mapping', () => {
  test('window slots map to LynxMind slot types and ids', () => {
    assert.deepEqual(mapWindowSlot(36), { slotType: 'INVENTORY_HOTBAR', id: 0 })
    assert.deepEqual(mapWindowSlot(44), { slotType: 'INVENTORY_HOTBAR', id: 8 })
    assert.deepEqual(mapWindowSlot(9), { slotType: 'INVENTORY_INNER', id: 0 })
    assert.deepEqual(mapWindowSlot(35), { slotType: 'INVENTORY_INNER', id: 26 })
    assert.deepEqual(mapWindowSlot(5), { slotType: 'INVENTORY_EQUIPMENT', id: 0 })
    assert.deepEqual(mapWindowSlot(8), { slotType: 'INVENTORY_EQUIPMENT', id: 3 })
    assert.deepEqual(mapWindowSlot(45), { slotType: 'INVENTORY_EQUIPMENT', id: 4 })
    for (const s of [0, 1, 4, 46, -1, 1.5]) assert.equal(mapWindowSlot(s), null)
  })
  test('groupSlots namespaces names, sorts by id and skips the crafting grid', () => {
    const g = groupSlots([
      { slot: 40, name: 'stick', count: 2 },
      { slot: 36, name: 'minecraft:oak_log', count: 5 },
      { slot: 2, name: 'dirt', count: 1 },
      { slot: 45, name: 'shield', count: 1 },
      { slot: 12, name: 'cobblestone', count: 64 },
      null,
    ])
    assert.deepEqual(g.inventory_hotbar.map((e) => [e.l_slot.id, e.item_stack.item_name]), [[0, 'minecraft:oak_log'], [4, 'minecraft:stick']])
    assert.deepEqual(g.inventory_inner[0], { item_stack: { item_name: 'minecraft:cobblestone', count: 64 }, l_slot: { slotType: 'INVENTORY_INNER', id: 3, complexContainerType: 'PLAYER_INFO' } })
    assert.deepEqual(g.inventory_equipment.map((e) => e.l_slot.id), [4])
  })
  test('yaw/pitch convert to Minecraft degrees', () => {
    assert.equal(toMcYaw(0), 180) // mineflayer 0 = north = MC 180
    assert.equal(toMcYaw(Math.PI), 0) // south
    assert.equal(toMcYaw(Math.PI / 2), 90) // west
    assert.equal(toMcPitch(-Math.PI / 4), 45) // looking down
  })
})

describe('item names', () => {
  test('bare names', () => {
    assert.equal(bareName(' minecraft:Oak_Log '), 'oak_log')
    assert.equal(bareName('raw iron'), 'raw_iron')
  })
  test('collect targets: items from blocks, tags, version aliases', () => {
    const cobble = resolveCollectTarget(reg, 'minecraft:cobblestone')
    assert.ok(cobble.ok && cobble.value.sources.includes('stone') && cobble.value.members[0] === 'cobblestone')
    const coal = resolveCollectTarget(reg, 'coal')
    assert.ok(coal.ok && coal.value.sources[0] === 'coal_ore')
    const iron = resolveCollectTarget(reg, 'raw iron')
    assert.ok(iron.ok && iron.value.members[0] === 'iron_ore' && iron.value.sources[0] === 'iron_ore')
    const logs = resolveCollectTarget(reg, 'log')
    // vanilla 1.16 `minecraft:logs`: stripped logs and wood count too (they all make planks)
    assert.ok(logs.ok && logs.value.members.includes('oak_log') && logs.value.members.includes('birch_log') && logs.value.members.includes('stripped_oak_log'))
    assert.ok(logs.ok && logs.value.sources.includes('oak_log') && !logs.value.members.includes('crimson_stem'))
    const bad = resolveCollectTarget(reg, 'unobtainium')
    assert.ok(!bad.ok && /unknown item 'unobtainium'/.test(bad.reason))
    const notMined = resolveCollectTarget(reg, 'iron_ingot')
    assert.ok(!notMined.ok && /does not come from mining/.test(notMined.reason))
    assert.equal(blockSourcesFor(reg, 'stick').at(-1)?.endsWith('_leaves') || blockSourcesFor(reg, 'stick').includes('dead_bush'), true)
  })
  test('collect targets on 1.20.4: an ore that drops a raw metal counts what it drops, from both ores', () => {
    const reg20 = minecraftData('1.20.4')
    const iron = resolveCollectTarget(reg20, 'minecraft:iron_ore')
    assert.ok(iron.ok)
    assert.deepEqual(iron.value.members, ['raw_iron'])
    assert.deepEqual(iron.value.sources.slice(0, 2), ['iron_ore', 'deepslate_iron_ore'])
    const raw = resolveCollectTarget(reg20, 'raw iron')
    assert.ok(raw.ok && raw.value.members[0] === 'raw_iron' && raw.value.sources.includes('deepslate_iron_ore'))
    // 1.16.5: iron ore drops itself, nothing changes
    const old = resolveCollectTarget(reg, 'minecraft:iron_ore')
    assert.ok(old.ok && old.value.members[0] === 'iron_ore' && old.value.sources[0] === 'iron_ore')
  })
  test('blocks that drop an item are named as the server\'s version names them (short grass on 1.20.4 and 1.21.4)', () => {
    for (const version of ['1.20.4', '1.21.4']) {
      const r = minecraftData(version)
      const seeds = blockSourcesFor(r, 'wheat_seeds')
      assert.ok(seeds.includes('short_grass'), `${version}: ${seeds.join(', ')}`)
      for (const b of seeds) assert.ok(r.blocksByName[b], `${version}: ${b} is no block of ${version}`)
    }
    assert.ok(blockSourcesFor(reg, 'wheat_seeds').includes('grass'))
  })
  test('a collect never takes seeds from a growing crop (the farm harvests it)', () => {
    for (const version of ['1.16.5', '1.20.4', '1.21.4']) {
      const r = minecraftData(version)
      for (const [item, crop] of [['wheat_seeds', 'wheat'], ['beetroot_seeds', 'beetroots'], ['carrot', 'carrots'], ['potato', 'potatoes']]) {
        assert.ok(!blockSourcesFor(r, item!).includes(crop!), `${version}: ${item} from ${crop}: ${blockSourcesFor(r, item!).join(', ')}`)
      }
      assert.deepEqual(blockSourcesFor(r, 'sugar_cane'), ['sugar_cane'], version)
    }
  })
  test('planks tag resolves to all plank kinds', () => {
    const r = resolveItemNames(reg, 'planks')
    assert.ok(r.ok && r.value.includes('oak_planks') && r.value.every((n) => n.endsWith('_planks')))
  })
  test('harvest tool description names the weakest tool', () => {
    assert.equal(describeHarvestTools(reg, reg.blocksByName.iron_ore!.harvestTools), 'a stone_pickaxe or better')
    assert.equal(describeHarvestTools(reg, reg.blocksByName.stone!.harvestTools), 'a wooden_pickaxe or better')
    assert.equal(describeHarvestTools(reg, undefined), null)
  })
  test('fuel values', () => {
    assert.equal(fuelValue('coal'), 8)
    assert.equal(fuelValue('oak_planks'), 1.5)
    assert.equal(fuelValue('dirt'), 0)
  })
})

describe('reconnect backoff', () => {
  test('doubles from the base and caps at the max', () => {
    const p = reconnectPolicy({ baseDelayMs: 100, maxDelayMs: 1000 })
    const zero = () => 0
    assert.deepEqual([0, 1, 2, 3, 4, 10, 1000].map((n) => backoffDelay(n, p, zero)), [100, 200, 400, 800, 1000, 1000, 1000])
    assert.ok(backoffDelay(0, p, () => 1) <= 110)
    assert.equal(backoffDelay(10, p, () => 1), 1000)
  })
  test('false disables; defaults are sane', () => {
    assert.equal(reconnectPolicy(false).enabled, false)
    const d = reconnectPolicy(undefined)
    assert.equal(d.enabled, true)
    assert.equal(d.maxDelayMs, 30_000)
  })
})

describe('skill call validation', () => {
  test('valid calls pass', () => {
    assert.ok(parseSkillCall({ skill: 'collect', items: [{ name: 'log', count: 3 }] }).ok)
    assert.ok(parseSkillCall({ skill: 'moveTo', x: 1, y: 2, z: 3 }).ok)
  })
  test('bad calls give a reason naming the field', () => {
    const r = parseSkillCall({ skill: 'moveTo', x: 'a', y: 2, z: 3 })
    assert.ok(!r.ok && /x/.test(r.reason) && /invalid skill call/.test(r.reason))
    const u = parseSkillCall({ skill: 'fly' })
    assert.ok(!u.ok && /skill/.test(u.reason))
    const n = parseSkillCall(null)
    assert.ok(!n.ok)
    const c = parseSkillCall({ skill: 'collect', items: [{ name: 'log', count: 0 }] })
    assert.ok(!c.ok && /count/.test(c.reason))
  })
})

describe('protocol compat shims', async () => {
  const { normalisePlayerInfo, normaliseVelocity } = await import('../../src/minecraft/body/compat.js')
  test('string player_info actions become the shape mineflayer reads', () => {
    const add = { action: 'add_player' as unknown, data: [{ uuid: 'u1', name: 'Steve', properties: [], gamemode: 0, ping: 5 }] as Array<Record<string, unknown>> }
    assert.equal(normalisePlayerInfo(add as never), null)
    assert.deepEqual(add.action, { add_player: true, update_game_mode: true, update_latency: true })
    assert.deepEqual(add.data[0]!.player, { name: 'Steve', properties: [] })
    assert.equal(add.data[0]!.latency, 5)
    const rm = { action: 'remove_player' as unknown, data: [{ uuid: 'u1' }] }
    assert.deepEqual(normalisePlayerInfo(rm as never), ['u1'])
    assert.deepEqual(rm.data, [])
    const numeric = { action: 0, data: [] }
    assert.equal(normalisePlayerInfo(numeric as never), null)
    assert.equal(numeric.action, 0)
  })
  test('velocity objects are copied to velocityX/Y/Z, non-finite values become 0', () => {
    const p: Record<string, unknown> = { velocity: { x: 0, y: 1000, z: Number.NaN } }
    normaliseVelocity(p as never)
    assert.deepEqual([p.velocityX, p.velocityY, p.velocityZ], [0, 1000, 0])
    const old: Record<string, unknown> = { velocityX: 1, velocityY: 2, velocityZ: 3 }
    normaliseVelocity(old as never)
    assert.deepEqual([old.velocityX, old.velocityY, old.velocityZ], [1, 2, 3])
  })
})

describe('melee cooldown', () => {
  test('ticks until a full-strength hit follow the held item (1.9+ attack speeds)', () => {
    assert.deepEqual(
      [undefined, 'dirt', 'stone_sword', 'diamond_axe', 'iron_pickaxe', 'wooden_shovel', 'trident'].map(cooldownTicks),
      // a diamond axe swings once a second (wooden and stone axes 0.8, iron 0.9)
      [5, 5, 13, 20, 17, 20, 19],
    )
  })

  test('what to fight with: swords and axes, by damage per second; tools and blocks are no weapon', () => {
    assert.deepEqual(['stone_sword', 'minecraft:iron_axe', 'stone_pickaxe', 'stick', 'diamond_hoe'].map(isWeapon), [true, true, false, false, false])
    assert.ok(weaponDps('stone_sword') > weaponDps('wooden_sword'))
    assert.ok(weaponDps('iron_sword') > weaponDps('stone_axe'))
    assert.equal(weaponDps('iron_pickaxe'), 0)
  })

  test('without a sword or axe a tool can still hit harder than a fist: a mob\'s invulnerability wastes half a fist\'s hits', () => {
    assert.equal(meleeDps(null), 2)
    assert.equal(meleeDps('bucket'), 2)
    assert.ok(meleeDps('iron_pickaxe') > meleeDps('stone_pickaxe') && meleeDps('stone_pickaxe') > meleeDps(null))
    assert.ok(meleeDps('stone_sword') > meleeDps('iron_pickaxe'))
  })
})

describe('never dig straight down on a walk', async () => {
  const { forbidDiggingDown } = await import('../../src/minecraft/body/skills/nav.js')
  test("the pathfinder's move down is kept only where nothing under the feet has to be broken", () => {
    const moves = {
      getMoveDown(_node: unknown, neighbors: Array<{ y: number; toBreak: unknown[] }>) {
        neighbors.push({ y: 63, toBreak: [] }, { y: 62, toBreak: [{ x: 0, y: 63, z: 0 }] })
      },
    }
    forbidDiggingDown(moves)
    const out: Array<{ y: number; toBreak: unknown[] }> = []
    moves.getMoveDown({}, out)
    assert.deepEqual(out, [{ y: 63, toBreak: [] }])
  })

  test('on a tree (leaves or a log under the feet) the move down through it is kept; on ground it is not', () => {
    const under = (name: string) => {
      const moves = {
        getBlock: (_n: unknown, dx: number, dy: number, dz: number) => (dx === 0 && dy === -1 && dz === 0 ? { name } : { name: 'air' }),
        getMoveDown(_node: unknown, neighbors: Array<{ y: number; toBreak: unknown[] }>) {
          neighbors.push({ y: 62, toBreak: [{ x: 0, y: 63, z: 0 }] })
        },
      }
      forbidDiggingDown(moves)
      const out: Array<{ y: number; toBreak: unknown[] }> = []
      moves.getMoveDown({ x: 0, y: 64, z: 0 }, out)
      return out.length
    }
    assert.deepEqual(['oak_leaves', 'dark_oak_leaves', 'oak_log', 'birch_log'].map(under), [1, 1, 1, 1])
    assert.deepEqual(['dirt', 'grass_block', 'stone', 'sand', 'oak_planks', 'dirt_path'].map(under), [0, 0, 0, 0, 0, 0])
  })
})

describe("the pathfinder digs only blocks with an open face (fair play)", async () => {
  const { digOnlyWhatIsOpen } = await import('../../src/minecraft/body/skills/nav.js')
  const pathfinderPkg = (await import('mineflayer-pathfinder')).default
  const prismarineBlock = (await import('prismarine-block')).default
  const { Vec3 } = await import('vec3')
  const Block = prismarineBlock(reg as never) as unknown as { fromStateId(id: number, biome: number): { position: unknown } }
  type Cell = { x: number; y: number; z: number }
  const key = (c: Cell) => `${c.x},${c.y},${c.z}`
  // a 2-high hole at (0, 64, 0) in solid dirt (the CI run's case): the bot stands in it; every way out is dug
  const air = new Set(['0,64,0', '0,65,0'])
  const blockAt = (p: Cell) => {
    const b = Block.fromStateId(air.has(key(p)) ? reg.blocksByName.air!.defaultState! : reg.blocksByName.dirt!.defaultState!, 0)
    b.position = new Vec3(p.x, p.y, p.z)
    return b
  }
  const bot = { registry: reg, blockAt, inventory: { items: () => [] }, entities: {}, entity: { effects: {} }, game: { minY: 0 }, pathfinder: { bestHarvestTool: () => null } }
  const isOpen = (c: Cell) => air.has(key(c))
  const exposed = (c: Cell) => [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].some(([dx, dy, dz]) => isOpen({ x: c.x + dx!, y: c.y + dy!, z: c.z + dz! }))
  /** Each block to break, in order, has a face open by then: the bot's cells, the world's air, or a block broken before it. */
  const unfairDigs = (moves: Array<{ toBreak: Cell[] }>) => {
    const bad: string[] = []
    for (const m of moves) {
      const open = new Set(air)
      for (const b of m.toBreak) {
        if (!exposed(b) && ![[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].some(([dx, dy, dz]) => open.has(key({ x: b.x + dx!, y: b.y + dy!, z: b.z + dz! })))) bad.push(key(b))
        open.add(key(b))
      }
    }
    return bad
  }
  const neighbours = (moves: unknown) => (moves as { getNeighbors(n: Cell): Array<{ x: number; y: number; z: number; toBreak: Cell[] }> }).getNeighbors(new Vec3(0, 64, 0))

  test("mineflayer-pathfinder alone breaks a diagonal step up side-first, through dirt it cannot see", () => {
    const moves = new pathfinderPkg.Movements(bot as never)
    assert.notDeepEqual(unfairDigs(neighbours(moves)), [])
  })

  test('wrapped, every move breaks its blocks in an order where each has an open face, and no move is lost', () => {
    const plain = neighbours(new pathfinderPkg.Movements(bot as never))
    const moves = new pathfinderPkg.Movements(bot as never)
    digOnlyWhatIsOpen(moves, exposed)
    const fair = neighbours(moves)
    assert.deepEqual(unfairDigs(fair), [])
    assert.deepEqual(fair.map(key).sort(), plain.map(key).sort(), 'in a tunnel every move has a fair order')
    const diagonalUp = fair.find((m) => m.x === 1 && m.z === 1 && m.y === 65)
    assert.ok(diagonalUp, 'the diagonal step up is kept')
  })

  test('a move whose blocks cannot be opened in any order is dropped', () => {
    const moves = { getNeighbors: (_n: Cell) => [{ x: 0, y: 64, z: 2, toBreak: [{ x: 0, y: 64, z: 2 }] }, { x: 0, y: 64, z: 1, toBreak: [] }] }
    digOnlyWhatIsOpen(moves, () => false)
    assert.deepEqual(moves.getNeighbors({ x: 0, y: 64, z: 0 }).map(key), ['0,64,1'])
  })
})

describe('goTo stuck detector (event-driven)', async () => {
  const { goTo, goals } = await import('../../src/minecraft/body/skills/nav.js')
  const { EventEmitter } = await import('node:events')
  const { Vec3 } = await import('vec3')
  const { createLogger } = await import('../../src/core/logger.js')
  /** A stand-in bot for the detector alone: its pathfinder never arrives; we drive 'move' and 'diggingCompleted' events. */
  function bot(opts: { digging?: { x: number; y: number; z: number } } = {}) {
    const b = Object.assign(new EventEmitter(), {
      entity: { position: new Vec3(0, 64, 0) },
      targetDigBlock: opts.digging ? { position: opts.digging } : null,
      pathfinder: { goto: () => new Promise<void>(() => {}), setGoal: () => {}, isMining: () => !!opts.digging, isBuilding: () => false },
    })
    return b
  }
  const ctxOf = (b: ReturnType<typeof bot>, progress: string[]) =>
    ({ bot: b, signal: new AbortController().signal, log: createLogger('t', { level: 'silent' }), progress: (m: string) => progress.push(m), setActivity: () => {}, counts: () => ({}), registry: {} }) as never

  test("an empty path is no arrival: pathfinder's goto resolves on it, goTo fails with where it stands", async () => {
    const b = bot()
    // mineflayer-pathfinder's goto.js resolves on a path_update with an empty path, whatever its status
    b.pathfinder.goto = () => {
      b.emit('path_update', { status: 'noPath', path: [] })
      return Promise.resolve()
    }
    await assert.rejects(goTo(ctxOf(b, []), new goals.GoalBlock(5, 64, 5), 'the goal', 1000), /^SkillError: no path to the goal from \(0, 64, 0\)$/)
    assert.equal(b.listenerCount('path_update'), 0, 'the path listener is removed')
  })

  test('goal_reached, or the goal met where the bot stands, is arrival', async () => {
    const b = bot()
    b.pathfinder.goto = () => {
      b.emit('goal_reached')
      return Promise.resolve()
    }
    await goTo(ctxOf(b, []), new goals.GoalBlock(5, 64, 5), 'the goal', 1000)
    const here = bot()
    here.pathfinder.goto = () => {
      here.emit('path_update', { status: 'success', path: [] })
      return Promise.resolve()
    }
    await goTo(ctxOf(here, []), new goals.GoalNear(1, 64, 0, 2), 'the goal', 1000)
    assert.equal(b.listenerCount('goal_reached') + here.listenerCount('goal_reached'), 0, 'the arrival listener is removed')
  })

  test('no movement: stuck with a reason', async () => {
    const progress: string[] = []
    await assert.rejects(goTo(ctxOf(bot(), progress), new goals.GoalBlock(5, 64, 5), 'the goal', 30), /stuck: no movement for 0s while going to the goal/)
    assert.deepEqual(progress, [])
  })

  test('each real step closer reports progress; tiny jitter does not count', async () => {
    const b = bot()
    const progress: string[] = []
    const p = goTo(ctxOf(b, progress), new goals.GoalBlock(5, 64, 0), 'the goal', 30)
    b.entity.position = new Vec3(0.1, 64, 0)
    b.emit('move')
    b.entity.position = new Vec3(1, 64, 0)
    b.emit('move')
    b.entity.position = new Vec3(2, 64, 0)
    b.emit('move')
    await assert.rejects(p, /stuck/)
    assert.deepEqual(progress, ['moving to the goal', 'moving to the goal'])
    assert.equal(b.listenerCount('move'), 0, 'the move listener is removed')
  })

  test('steps that bring the bot no closer (back and forth) end the walk after 2 × the limit', async () => {
    const b = bot()
    const progress: string[] = []
    let x = 0
    const t = setInterval(() => {
      x = x === 0 ? 1 : 0
      b.entity.position = new Vec3(x, 64, 0)
      b.emit('move')
    }, 20)
    try {
      await assert.rejects(goTo(ctxOf(b, progress), new goals.GoalBlock(5, 64, 5), 'the goal', 100), /^SkillError: no progress: walking for \ds without getting closer to the goal$/)
    } finally {
      clearInterval(t)
    }
    // a step back and forth between x 0 and 1 is never more than CLOSER_BY closer to (5, 64, 5)
    assert.deepEqual(progress, [])
  })

  test('steps closer keep the walk going past the limit', async () => {
    const b = bot()
    const progress: string[] = []
    let x = 0
    const t = setInterval(() => {
      x++
      b.entity.position = new Vec3(x, 64, 0)
      b.emit('move')
    }, 20)
    try {
      // 60 blocks toward the goal at (60, 64, 0), one every 20 ms: longer than the 500 ms limit
      await assert.rejects(goTo(ctxOf(b, progress), new goals.GoalBlock(60, 64, 0), 'the goal', 500), /no progress: walking for \ds without getting closer to the goal|stuck/)
    } finally {
      clearInterval(t)
    }
    assert.ok(x >= 60, `it walked ${x} steps closer before it was stopped`)
    assert.ok(progress.length >= 55 && progress.every((m) => m === 'moving to the goal'), `${progress.length} progress reports`)
  })

  test('a dig under way gets its time once; the same dig still going after that is stuck', async () => {
    const progress: string[] = []
    await assert.rejects(goTo(ctxOf(bot({ digging: { x: 1, y: 64, z: 0 } }), progress), new goals.GoalBlock(5, 64, 5), 'the goal', 100), /stuck/)
    assert.deepEqual(progress, ['clearing the way to the goal'])
  })

  test('blocks of the way broken count as progress, but not for more than 2 × the limit without a step closer', async () => {
    const b = bot()
    const progress: string[] = []
    let digs = 0
    const t = setInterval(() => {
      digs++
      b.emit('diggingCompleted')
    }, 20)
    try {
      await assert.rejects(goTo(ctxOf(b, progress), new goals.GoalBlock(5, 64, 5), 'the goal', 100), /stuck: no movement for \ds while going to the goal/)
    } finally {
      clearInterval(t)
    }
    assert.ok(digs >= 5 && progress.length >= 5, `${digs} digs, ${progress.length} progress reports`)
    assert.ok(progress.every((m) => m === 'clearing the way to the goal'))
    assert.equal(b.listenerCount('diggingCompleted'), 0, 'the dig listener is removed')
  })
})

describe('pickUpNear (the drops of a dig)', async () => {
  const { pickUpNear } = await import('../../src/minecraft/body/skills/dig.js')
  const { EventEmitter } = await import('node:events')
  const { Vec3 } = await import('vec3')
  const { createLogger } = await import('../../src/core/logger.js')
  /** A stand-in bot for pickUpNear's bookkeeping alone: two drops lie 2 blocks away and its pathfinder finds no path to them (the seed-6 pit). */
  function pitBot() {
    const walks: string[] = []
    const drop = (id: number, x: number) => ({ id, name: 'item', position: new Vec3(x, 59.1, -300.5) })
    const b = Object.assign(new EventEmitter(), {
      entity: { position: new Vec3(-21.6, 59, -298.6) },
      entities: { 485: drop(485, -21.5), 491: drop(491, -22.4) } as Record<number, unknown>,
      pathfinder: {
        goto: (goal: { x: number }) => {
          walks.push(String(goal.x))
          b.emit('path_update', { status: 'noPath', path: [] })
          return Promise.resolve()
        },
        setGoal: () => {},
      },
    })
    return { b, walks }
  }
  const ctxOf = (b: unknown) =>
    ({ bot: b, signal: new AbortController().signal, log: createLogger('t', { level: 'silent' }), progress: () => {}, setActivity: () => {}, counts: () => ({}), registry: {} }) as never

  test('a drop with no path to it leaves no listener behind, and is not walked to again after the next dig', async () => {
    const { b, walks } = pitBot()
    await pickUpNear(ctxOf(b), new Vec3(-22, 59, -300))
    assert.equal(walks.length, 2, 'each drop is tried once')
    assert.equal(b.listenerCount('entityGone'), 0, 'no pickup wait is left listening')
    assert.equal(b.listenerCount('entitySpawn'), 0)
    // the next dig's drop: only it is walked to
    b.entities[493] = { id: 493, name: 'item', position: new Vec3(-20.5, 59.1, -300.5) }
    await pickUpNear(ctxOf(b), new Vec3(-21, 59, -301))
    assert.deepEqual(walks.slice(2), ['-21'], 'the drops left behind (goals at x −22 and −23) are not tried again')
    assert.equal(b.listenerCount('entityGone'), 0)
  })
})

describe('collect stops a walk once enough arrived', async () => {
  const { stopWhenEnough } = await import('../../src/minecraft/body/skills/collect.js')
  const { EventEmitter } = await import('node:events')
  test('the child signal fires on the inventory change that makes enough, not before; stop() removes the listener', () => {
    const inventory = new EventEmitter()
    const parent = new AbortController()
    let have = 9
    const w = stopWhenEnough({ bot: { inventory }, signal: parent.signal } as never, () => have >= 11)
    inventory.emit('updateSlot')
    assert.equal(w.ctx.signal.aborted, false, '9 of 11: the walk goes on')
    have = 11
    inventory.emit('updateSlot')
    assert.equal(w.ctx.signal.aborted, true)
    assert.equal(w.fired(), true)
    assert.equal(parent.signal.aborted, false, 'the skill itself goes on')
    w.stop()
    assert.equal(inventory.listenerCount('updateSlot'), 0)
  })
})

describe('blocks that act when clicked', async () => {
  const { canPlaceAgainst } = await import('../../src/minecraft/body/skills/placing.js')

  test('no block is placed against a furnace, a table or a chest (the click opens them); stone, dirt and logs take one', () => {
    const block = (name: string) => ({ name, boundingBox: 'block' }) as never
    for (const name of ['furnace', 'crafting_table', 'chest', 'barrel', 'oak_door', 'stone_button', 'lever', 'white_bed', 'smoker', 'blast_furnace']) assert.equal(canPlaceAgainst(block(name)), false, name)
    for (const name of ['stone', 'dirt', 'grass_block', 'oak_log', 'cobblestone', 'oak_planks', 'sand']) assert.equal(canPlaceAgainst(block(name)), true, name)
    assert.equal(canPlaceAgainst(null), false)
    assert.equal(canPlaceAgainst({ name: 'air', boundingBox: 'empty' } as never), false)
  })
})

describe('food kept for the goal (kept-food.ts)', () => {
  const registry = minecraftData('1.16.5')
  // a stand-in for the bot's inventory and food bar only: what these pure choices read
  const botWith = (food: number, items: string[]) => {
    let ate = 0
    const bot = {
      food,
      health: 8,
      entity: {},
      inventory: { items: () => items.map((name) => ({ name, count: 1 })) },
      equip: async () => void ate++,
      consume: async () => {},
    }
    return { bot: bot as unknown as import('mineflayer').Bot, ate: () => ate }
  }
  test('an apple the bot went out to collect is no meal of its own until food 2, nor after 20 minutes', () => {
    const { bot } = botWith(12, ['apple', 'cooked_porkchop'])
    noteCollecting(bot, ['minecraft:apple'], 1_000)
    assert.deepEqual([...keptFood(bot, 2_000)], ['apple'])
    assert.equal(keptFood(bot, 1_000 + KEEP_COLLECTED_MS).size, 0)
    // starving (raw meat allowed), a bot back from a hunt eats the raw pork, not the apple
    const starving = botWith(STARVING, ['apple', 'porkchop']).bot
    noteCollecting(starving, ['apple'], 1_000)
    assert.equal(bestFood(starving, registry as never, { allowRaw: true, except: keptFood(starving, 2_000) })?.name, 'porkchop')
    const empty = botWith(KEPT_UNTIL_FOOD, ['apple']).bot
    noteCollecting(empty, ['apple'], 1_000)
    assert.equal(keptFood(empty, 2_000).size, 0)
  })
  test('mending eats no kept apple (session 40: golden_apple seed 6 lost its apple to the mend twice)', async () => {
    const { bot, ate } = botWith(12, ['apple'])
    noteCollecting(bot, ['apple'])
    assert.equal(await mendUntil(bot, registry as never, { to: 16, maxMs: 1_000 }), 'not healing')
    assert.equal(ate(), 0)
    const other = botWith(12, ['apple'])
    assert.equal(await mendUntil(other.bot, registry as never, { to: 16, maxMs: 1_000 }), 'not healing')
    assert.ok(other.ate() > 0, 'an apple not collected for the goal is eaten')
  })
})
