/**
 * Manual end-to-end check of the world (not part of `npm test`: it takes
 * minutes, mostly pathfinding): a plain mineflayer bot with pathfinder and
 * collectblock goes from an empty inventory to an iron pickaxe.
 *
 *   node --import tsx test/minecraft/support/survival-run.ts [seed]
 *
 * Prints a timeline and exits 0 on success, 1 on failure.
 */
import { createRequire } from 'node:module'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { waitForEvent } from '../../support/wait.js'
import { botInventory, worldWithBot } from './world.js'

const require = createRequire(import.meta.url)
const { pathfinder, Movements, goals } = require('mineflayer-pathfinder')
const T0 = Date.now()
const log = (msg: string) => process.stdout.write(`${((Date.now() - T0) / 1000).toFixed(1)}s ${msg}\n`)

const seed = Number(process.argv[2] ?? '1')
const { world, bot, close } = await worldWithBot({ seed }, 'survivor')
const b = bot as Bot & Record<string, any>
b.loadPlugin(pathfinder)
b.loadPlugin(require('mineflayer-tool').plugin)
b.loadPlugin(require('mineflayer-collectblock').plugin)
const movements = new Movements(bot)
movements.allow1by1towers = false
b.pathfinder.setMovements(movements)
b.pathfinder.thinkTimeout = 30_000

const itemId = (n: string) => bot.registry.itemsByName[n]!.id
const blockId = (n: string) => bot.registry.blocksByName[n]!.id
const inv = () => JSON.stringify(botInventory(bot))

async function collect(names: string[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const target = bot
      .findBlocks({ matching: names.map(blockId), maxDistance: 32, count: 20 })
      .map((p) => bot.blockAt(p)!)
      .sort((a, c) => a.position.y - c.position.y || a.position.distanceTo(bot.entity.position as never) - c.position.distanceTo(bot.entity.position as never))[0]
    if (!target) throw new Error(`no ${names.join('/')} nearby`)
    await b.collectBlock.collect(target)
  }
  log(`collected ${names[0]} ${inv()}`)
}

async function craft(name: string, times: number, table: any = null): Promise<void> {
  const recipe = bot.recipesFor(itemId(name), null, 1, table)[0]
  if (!recipe) throw new Error(`no recipe for ${name} with ${inv()}`)
  if (table) await b.pathfinder.goto(new goals.GoalNear(table.position.x, table.position.y, table.position.z, 2))
  await bot.craft(recipe, times, table ?? undefined)
  log(`crafted ${name} ${inv()}`)
}

async function placeNear(item: string): Promise<any> {
  await bot.equip(bot.inventory.items().find((i) => i.name === item)!, 'hand')
  const feetY = Math.floor(bot.entity.position.y)
  const spot = bot
    .findBlocks({ matching: (blk: any) => blk.name === 'air', maxDistance: 3, count: 60 })
    .map((p) => bot.blockAt(p)!)
    .find((blk) => blk.position.y === feetY && blk.position.distanceTo(bot.entity.position as never) > 1.8 && bot.blockAt(blk.position.offset(0, -1, 0))?.boundingBox === 'block')
  if (!spot) throw new Error(`no place for ${item}`)
  await bot.placeBlock(bot.blockAt(spot.position.offset(0, -1, 0))!, new Vec3(0, 1, 0))
  return bot.findBlock({ matching: blockId(item), maxDistance: 6 })
}

let ok = false
try {
  await collect(['oak_log', 'birch_log'], 3)
  const logName = Object.keys(botInventory(bot)).find((k) => k.endsWith('_log'))!
  await craft(logName.replace('_log', '_planks'), 3)
  await craft('stick', 2)
  await craft('crafting_table', 1)
  const table = await placeNear('crafting_table')
  await craft('wooden_pickaxe', 1, table)
  await collect(['stone'], 11)
  await collect(['coal_ore'], 1)
  await craft('stone_pickaxe', 1, table)
  await craft('furnace', 1, table)
  await collect(['iron_ore'], 3)
  await b.pathfinder.goto(new goals.GoalNear(table.position.x, table.position.y, table.position.z, 2))
  const furnaceBlock = await placeNear('furnace')
  const furnace = await bot.openFurnace(furnaceBlock)
  await furnace.putFuel(itemId('coal'), null, 1)
  await furnace.putInput(itemId('iron_ore'), null, 3)
  if ((furnace.outputItem()?.count ?? 0) < 3) await waitForEvent('3 iron ingots in the furnace', furnace as never, 'update', () => (furnace.outputItem()?.count ?? 0) >= 3, 120_000)
  await furnace.takeOutput()
  furnace.close()
  log(`smelted ${inv()}`)
  await craft('iron_pickaxe', 1, table)
  ok = botInventory(bot).iron_pickaxe === 1
} catch (err) {
  log(`FAILED: ${(err as Error).message}`)
}
log(ok ? 'DONE: iron pickaxe' : 'no iron pickaxe')
void world
await close()
process.exitCode = ok ? 0 : 1
