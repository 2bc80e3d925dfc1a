/**
 * How many of the saplings that broken leaves drop end in the inventory: the collect skill on a
 * natural world (monsters off, nothing placed or given) asks for `--count` saplings; the probe counts
 * the leaves broken, the sapling drops the client saw land (item entities whose stack is the
 * sapling) and the saplings picked up; and on the server's side the leaves it broke for the bot and
 * the saplings it dropped (the world's escape hatch, read only: nothing is placed or changed). A
 * sapling and an apple fall alike, so the share lost is the apple's too (1 in 200 leaves;
 * golden_apple's long pole). Prints one line of JSON.
 *
 *   node --import tsx bench/get-anything/leaf-drops-probe.ts --seed 9 --count 6
 */
import { parseArgs } from 'node:util'
import { startWorld } from '../../src/minecraft/world/index.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { droppedStack } from '../../src/minecraft/body/skills/pick-up.js'

const { values } = parseArgs({ options: { seed: { type: 'string', default: '9' }, count: { type: 'string', default: '6' }, wood: { type: 'string', default: 'oak' } } })
const seed = Number(values.seed)
const count = Number(values.count)
const sapling = `${values.wood}_sapling`
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1 || !/^[a-z_]+$/.test(values.wood)) {
  console.error(`usage: --seed <integer> --count <integer ≥ 1> --wood <oak|birch|…>; got --seed ${JSON.stringify(values.seed)} --count ${JSON.stringify(values.count)} --wood ${JSON.stringify(values.wood)}`)
  process.exit(2)
}
const world = await startWorld({ seed, profile: 'natural', monsters: false })
const server = world.server as any
let serverLeaves = 0
let serverDrops = 0
server.on('newPlayer', (player: any) =>
  player.on('dug', (data: { block?: { name: string } }) => {
    if (data.block?.name.endsWith('_leaves')) serverLeaves++
  }),
)
const drop = server.mbDropItem
server.mbDropItem = (...args: unknown[]) => {
  if (args[2] === sapling) serverDrops++
  return drop(...args)
}
const body = await createBody({ host: world.host, port: world.port, username: 'Probe', reflexes: { eat: false } })
const seen = new Set<number>()
let leaves = 0
body.on('skill.progress', (_c: unknown, m: unknown) => {
  if (typeof m === 'string' && /^mined \w+_leaves$/.test(m)) leaves++
})
const watch = setInterval(() => {
  for (const e of Object.values(body.bot.entities)) if (droppedStack(e)?.name === sapling) seen.add(e.id)
}, 100)
const started = Date.now()
const r = await body.run({ skill: 'collect', items: [{ name: sapling, count }] }, { timeoutMs: 600_000 })
clearInterval(watch)
const held = body.bot.inventory.items().filter((i) => i.name === sapling).reduce((n, i) => n + i.count, 0)
console.log(
  JSON.stringify({ seed, wanted: count, ok: r.ok, reason: r.reason.slice(0, 200), seconds: Math.round((Date.now() - started) / 100) / 10, leaves, serverLeaves, serverDrops, dropsSeen: seen.size, pickedUp: held }),
)
await body.close()
await world.close()
process.exit(0)
