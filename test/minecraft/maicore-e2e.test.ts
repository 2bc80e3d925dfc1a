/**
 * The MaiCore link end to end: the real QuickJS sandbox, a real bot on the embedded world, our
 * maim_message server on loopback. MaiCore's JavaScript plays, a hostile program is stopped and
 * reported in the next state message while the bot keeps running, and the CLI with the builtin
 * stand-in reaches a stone pickaxe from an empty inventory through JavaScript actions only.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { MaiCoreLink } from '../../src/minecraft/links/maicore/index.js'
import { MaimServer } from '../../src/minecraft/links/maicore/standin-server.js'
import { createSandboxRunner } from '../../src/minecraft/links/maicore/sandbox-runner.js'
import { buildMessageBase, type MessageBase } from '../../src/protocols/maim.js'
import type { MineflayerBody } from '../../src/minecraft/body/index.js'
import { worldAndBody } from './body-support.js'
import { setBlock } from './support/world.js'
import type { World } from '../../src/minecraft/world/index.js'
import { waitFor } from './support/maicore.js'
import { envWithout, runNode } from '../support/run-node.js'
import { waitFor as waitUntil } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })
const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('MaiCore link with the real sandbox on the embedded world', { timeout: 300_000 }, () => {
  let body: MineflayerBody
  let world: World
  let cleanup: (() => Promise<void>) | undefined
  let server: MaimServer
  let link: MaiCoreLink
  const runner = createSandboxRunner({ cpuSliceMs: 300 })

  before(async () => {
    ;({ body, world, cleanup } = await worldAndBody('Mai', { seed: 5 }))
    server = new MaimServer({ port: 0 })
    await server.listen()
    link = new MaiCoreLink({
      body,
      runner,
      bus: createContextBus(),
      logger: quiet,
      client: { baseDelayMs: 100, maxDelayMs: 400, stableMs: 60_000 },
      config: { url: server.url, platform: 'minecraft', user_id: 'mai_bot', nickname: 'Mai', goal: '挖到铁矿', autoSendInterval: 3600, programTimeout: 120, sayChat: false },
    })
    const first = waitFor<[string, MessageBase]>(server, 'message', 'the start state message', () => true, 60_000)
    link.start()
    await first
  })
  after(async () => {
    await link?.close()
    await runner.close()
    await server?.close()
    await cleanup?.()
  })

  /** Sends `actions` as MaiCore would and resolves with the code_infos of the state sent after it ends. */
  async function runActions(actions: string): Promise<{ code_error: { error_type: string; error_message: string } | null; last_code: string }> {
    const after = waitFor<[MessageBase, string]>(link, 'sent', `the state after running ${actions.slice(0, 40)}`, (_m, why) => why === 'action' || why === 'goal', 120_000)
    server.send(buildMessageBase({ platform: 'minecraft', userId: 'maicore', text: JSON.stringify({ actions }) }))
    const [state] = await after
    return JSON.parse(state.message_info.template_info!.template_items!.code_infos!) as never
  }

  test('a program using the primitives and the bot facade changes the world', async () => {
    const before = body.inventoryCounts()['minecraft:oak_log'] ?? 0
    const info = await runActions("bot.chat('去砍树'); await bot.jump(); await mineBlock(bot, 'log', 1); console.log(bot.inventory.items().length)")
    assert.equal(info.code_error, null, JSON.stringify(info.code_error))
    const logs = Object.entries(body.inventoryCounts()).filter(([k]) => k.endsWith('_log')).reduce((n, [, v]) => n + v, 0)
    assert.ok(logs >= before + 1, `a log in the inventory (${JSON.stringify(body.inventoryCounts())})`)
  })

  test('useChest puts items in a chest and takes them out; the chest keeps them between programs', async () => {
    const p = body.bot.entity.position.floored()
    const at = { x: p.x + 2, y: p.y, z: p.z }
    await setBlock(world, at, 'chest')
    world.give('Mai', 'stick', 5)
    await waitUntil('the given sticks in the inventory', () => (body.inventoryCounts()['minecraft:stick'] ?? 0) >= 5, { timeoutMs: 20_000 })
    const sticks = () => body.inventoryCounts()['minecraft:stick'] ?? 0
    const before = sticks()
    assert.ok(before >= 5, `sticks given (${before})`)
    const put = await runActions(`await useChest(bot, new Vec3(${at.x}, ${at.y}, ${at.z}), { deposit: { stick: 4 } })`)
    assert.equal(put.code_error, null, JSON.stringify(put.code_error))
    assert.equal(sticks(), before - 4)
    const got = await runActions(`await getItemFromChest(bot, { x: ${at.x}, y: ${at.y}, z: ${at.z} }, { stick: 3 })`)
    assert.equal(got.code_error, null, JSON.stringify(got.code_error))
    assert.equal(sticks(), before - 1)
    const tooMany = await runActions(`await getItemFromChest(bot, { x: ${at.x}, y: ${at.y}, z: ${at.z} }, { stick: 5 })`)
    assert.equal(tooMany.code_error?.error_type, 'PrimitiveError')
    assert.match(tooMany.code_error!.error_message, /has 1 of the 5 minecraft:stick/)
    // breaking the chest drops what it held: the last stick comes back with the chest itself
    const dug = await body.run({ skill: 'mine', ...at })
    assert.equal(dug.ok, true, dug.reason)
    await waitUntil('the chest and its last stick picked up', () => sticks() === before && (body.inventoryCounts()['minecraft:chest'] ?? 0) >= 1, { timeoutMs: 20_000 })
  })

  test('a hostile program is stopped by its budget, reported to MaiCore, and the bot keeps running', async () => {
    const loop = await runActions('while (true) {}')
    assert.equal(loop.code_error?.error_type, 'CpuBudgetExceeded')
    const escape = await runActions("return this.constructor.constructor('return process')().exit(1)")
    assert.equal(escape.code_error?.error_type, 'ReferenceError')
    assert.ok(body.ready, 'the bot is still connected')
    const ok = await runActions("bot.chat('还活着')")
    assert.equal(ok.code_error, null)
  })
})

describe('mindbridge maicore --standin builtin (subprocess)', { timeout: 600_000 }, () => {
  test('reaches a stone pickaxe from an empty inventory through JavaScript actions only', async () => {
    const r = await runNode(['--import', 'tsx', MAIN, 'maicore', '--standin', 'builtin', '--goal', '获得一把石镐', '--seed', '3', '--timeout', '400'], {
      cwd: ROOT,
      env: envWithout((k) => k.startsWith('MINDBRIDGE_')),
      limitMs: 480_000,
    })
    assert.equal(r.code, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /stand-in MaiCore \(builtin\) at ws:\/\/127\.0\.0\.1:\d+\/ws/)
    assert.match(r.stdout, /running program/)
    // the Chinese goal is measured and said once (the stand-in restates it as "get 1 stone_pickaxe")
    assert.equal(r.stdout.match(/goal reached: /g)?.length, 1, r.stdout)
    assert.match(r.stdout, /goal reached: (获得一把石镐|get 1 stone_pickaxe)\n/)
  })
})
