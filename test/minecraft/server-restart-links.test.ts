/**
 * The server goes away mid-task for the brain-file and MaiCore links, for real: the embedded
 * world (kept in a folder) is closed and started again on the same port. The brain file's
 * interrupted and pending tasks survive and run once the bot is back; the MaiCore link keeps its
 * game state, sends nothing while the server is gone, and tells MaiCore the program was cut short.
 */
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWorld, type World } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import { BrainLink, BrainStore, NoMind, type BrainConnectionChange } from '../../src/minecraft/links/brainfile/index.js'
import type { BrainFile, StoredTask } from '../../src/protocols/brainfile.js'
import { MaiCoreLink } from '../../src/minecraft/links/maicore/index.js'
import { MaimServer } from '../../src/minecraft/links/maicore/standin-server.js'
import { createSandboxRunner } from '../../src/minecraft/links/maicore/sandbox-runner.js'
import { buildMessageBase, type MessageBase } from '../../src/protocols/maim.js'
import { createLogger } from '../../src/core/logger.js'
import { waitFor, waitForEvent } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })
const dirs: string[] = []
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mindbridge-links-restart-'))
  dirs.push(d)
  return d
}
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const reconnecting = { baseDelayMs: 200, maxDelayMs: 1000 }
const readDisk = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as BrainFile

async function brainOn(world: World, username: string, tasks: Array<Record<string, unknown>>, reconnectGraceMs: number, reconnect: typeof reconnecting | false = reconnecting) {
  const body = await createBody({ host: world.host, port: world.port, username, version: world.version, reconnect, logger: quiet, reflexes: { eat: false } })
  const path = join(tempDir(), 'brain.json')
  const opened = await BrainStore.open(path)
  if (!opened.ok) throw new Error(opened.error)
  opened.store.brain.tasks.push(...(tasks.map((t) => ({ ...t, status: 'pending' })) as unknown as StoredTask[]))
  const link = new BrainLink({ body, store: opened.store, mind: new NoMind(), logger: quiet, visionMs: 300, executorMs: 250, watchMs: 100, keepFinishedMs: 600_000, reconnectGraceMs })
  const ends: StoredTask[] = []
  const connection: BrainConnectionChange[] = []
  link.on('task.end', (t: StoredTask) => ends.push(t))
  link.on('connection', (c: BrainConnectionChange) => connection.push(c))
  return { body, link, path, ends, connection }
}

describe('links survive a server outage', { timeout: 6 * 60_000 }, () => {
  test('brain file: the running task goes back to pending, nothing starts while the server is gone, then both tasks run', async () => {
    const dir = tempDir()
    let world = await startWorld({ dir, seed: 9 })
    const port = world.port
    const b = await brainOn(world, 'Brainy', [
      { type: 'COLLECT', parameters: { block: 'log', count: 3 }, reason: 'wood' },
      { type: 'CHAT', parameters: { message: 'after the outage' }, reason: 'say it' },
    ], 120_000)
    try {
      const started = waitForEvent<[StoredTask]>('the COLLECT task to start', b.link, 'task.start', (t) => t.type === 'COLLECT', 60_000)
      await b.link.start()
      const [collect] = await started
      const lost = waitForEvent('the link to report the lost server', b.link, 'connection', (c: BrainConnectionChange) => c.state === 'lost', 30_000)
      await world.close()
      const [change] = (await lost) as [BrainConnectionChange]
      assert.equal(change.state === 'lost' && change.task?.id, collect.id, 'the lost line names the running task')
      // the file says where things stand: the cut-short task is pending again, the next one still waits
      const saved = await waitFor<BrainFile>('the COLLECT back to pending in the file', () => {
        const d = readDisk(b.path)
        return d.tasks[0]?.status === 'pending' ? d : undefined
      })
      assert.deepEqual(saved.tasks.map((t) => [t.type, t.status]), [['COLLECT', 'pending'], ['CHAT', 'pending']])
      assert.deepEqual(b.ends, [], 'nothing ended (nor started) while the server was gone')

      const back = waitForEvent('the link to report the server back', b.link, 'connection', (c: BrainConnectionChange) => c.state === 'back', 90_000)
      world = await startWorld({ dir, port })
      await back
      await waitFor('both tasks to finish', () => b.ends.length >= 2, { timeoutMs: 180_000, detail: () => JSON.stringify(b.ends) })
      assert.deepEqual((b.ends as StoredTask[]).map((t) => [t.type, t.status]), [['COLLECT', 'completed'], ['CHAT', 'completed']], JSON.stringify(b.ends))
      assert.deepEqual(b.connection.map((c) => c.state), ['lost', 'back'], 'one report each')
    } finally {
      await b.link.close()
      await b.body.close()
      await world.close()
    }
  })

  test('brain file: a server that does not come back within the grace period fails the cut-short task once; the others stay pending', async () => {
    const world = await startWorld({ seed: 9 })
    const b = await brainOn(world, 'Waiter', [
      { type: 'COLLECT', parameters: { block: 'log', count: 20 }, reason: 'wood' },
      { type: 'CHAT', parameters: { message: 'never said' }, reason: 'later' },
      // the server never comes back here: no reconnect attempts are needed to lose it
    ], 1000, false)
    try {
      const started = waitForEvent('the COLLECT task to start', b.link, 'task.start', (t: StoredTask) => t.type === 'COLLECT', 60_000)
      await b.link.start()
      await started
      await world.close()
      await waitFor('the COLLECT to fail', () => b.ends.length >= 1, { timeoutMs: 60_000 })
      assert.equal(b.ends.length, 1)
      assert.equal(b.ends[0]!.status, 'failed')
      assert.match(b.ends[0]!.error ?? '', /^the server did not come back within 1 s \(lost: .+\)$/)
      const d = await waitFor<BrainFile>('the failure saved in the file', () => {
        const disk = readDisk(b.path)
        return disk.tasks[0]?.status === 'failed' ? disk : undefined
      })
      assert.deepEqual(d.tasks.map((t) => [t.type, t.status]), [['COLLECT', 'failed'], ['CHAT', 'pending']])
    } finally {
      await b.link.close()
      await b.body.close()
      await world.close()
    }
  })

  test('MaiCore: the program is cut short, nothing is sent while the server is gone, MaiCore gets one fresh state saying so, and the next program runs', async () => {
    const dir = tempDir()
    let world = await startWorld({ dir, seed: 9 })
    const port = world.port
    const body = await createBody({ host: world.host, port, username: 'Mai', version: world.version, reconnect: reconnecting, logger: quiet, reflexes: { eat: false } })
    const server = new MaimServer({ port: 0 })
    await server.listen()
    const runner = createSandboxRunner({ cpuSliceMs: 300 })
    const lines: string[] = []
    const link = new MaiCoreLink({
      body,
      runner,
      logger: quiet,
      out: (l) => lines.push(l),
      client: { baseDelayMs: 100, maxDelayMs: 400, stableMs: 60_000 },
      config: { url: server.url, platform: 'minecraft', user_id: 'mai_bot', nickname: 'Mai', goal: '挖到铁矿', autoSendInterval: 1, programTimeout: 300, sayChat: false },
    })
    const sent: Array<{ reason: string; at: number }> = []
    link.on('sent', (_m: MessageBase, reason: string) => sent.push({ reason, at: Date.now() }))
    try {
      const first = waitForEvent('the start state', link, 'sent', (_m: unknown, why: string) => why === 'start', 60_000)
      link.start()
      await first
      const program = "await mineBlock(bot, 'log', 10)"
      const running = waitForEvent('the program to start', link, 'program.start', () => true, 30_000)
      server.send(buildMessageBase({ platform: 'minecraft', userId: 'maicore', text: JSON.stringify({ actions: program }) }))
      await running
      const lost = waitForEvent('the lost server', link, 'connection', (c: { state: string }) => c.state === 'lost', 30_000)
      await world.close()
      await lost
      await waitFor('the program to end', () => !link.busy, { timeoutMs: 30_000 })
      const sentWhileDown = sent.length
      // the auto-send period is 1 s: had the link kept sending, a state would go out during the restart
      const reconnectState = waitForEvent<[MessageBase, string]>('the state after the reconnect', link, 'sent', (_m, why) => why === 'reconnect', 90_000)
      world = await startWorld({ dir, port })
      const [state] = await reconnectState
      assert.equal(sent.length, sentWhileDown + 1, `nothing was sent while the server was gone: ${JSON.stringify(sent.slice(sentWhileDown))}`)
      const items = state.message_info.template_info!.template_items!
      const code = JSON.parse(items.code_infos!) as { last_code: string; code_error: { error_type: string; error_message: string } | null; is_running: boolean }
      assert.equal(code.last_code, program, 'the program that was cut short')
      assert.equal(code.code_error?.error_type, 'ServerLost')
      assert.match(code.code_error!.error_message, /the Minecraft server went away while this program ran/)
      assert.equal(code.is_running, false)
      assert.equal(link.game.goal, '挖到铁矿', 'the goal survives')
      assert.equal(lines.filter((l) => /disconnected from the Minecraft server/.test(l)).length, 1, lines.join('\n'))
      assert.equal(lines.filter((l) => /reconnected to the Minecraft server/.test(l)).length, 1, lines.join('\n'))
      assert.ok(!lines.some((l) => /program failed/.test(l)), lines.join('\n'))

      // MaiCore carries on: its next program runs on the world that came back
      const next = waitForEvent<[MessageBase, string]>('the state after the next program', link, 'sent', (_m, why) => why === 'action', 120_000)
      server.send(buildMessageBase({ platform: 'minecraft', userId: 'maicore', text: JSON.stringify({ actions: "await mineBlock(bot, 'log', 1)" }) }))
      const [after] = await next
      const afterCode = JSON.parse(after.message_info.template_info!.template_items!.code_infos!) as { code_error: unknown }
      assert.equal(afterCode.code_error, null, JSON.stringify(afterCode.code_error))
    } finally {
      await link.close()
      await runner.close()
      await server.close()
      await body.close()
      await world.close()
    }
  })
})
