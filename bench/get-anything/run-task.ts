/**
 * One task of the "get anything" suite, in its own process (the bench starts one per task):
 * a fresh embedded natural world, the real bot body, the starting items given through the
 * world's operator API and announced (as `--give` does), and the LynxMind builtin mind through
 * the link, as `mindbridge play` runs it. Progress lines go to stdout; the last line is
 * `RESULT {json}` (./result.ts).
 *
 *   node --import tsx bench/get-anything/run-task.ts --task "get 1 minecraft:bucket" --seed 3 [--give iron_ingot=1] [--timeout 600] [--mc-version 1.20.4]
 */
import { parseArgs } from 'node:util'
import { loadavg } from 'node:os'
import { startWorld } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody } from '../../src/minecraft/body/index.js'
import { EMBEDDED_WORLD_RECONNECT } from '../../src/minecraft/body/connection.js'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { LynxSession, describeAction } from '../../src/minecraft/links/lynxmind-session.js'
import { BuiltinMind } from '../../src/minecraft/minds/builtin.js'
import { giveStartingItems, parseGive } from '../../src/cli/give.js'
import type { Action } from '../../src/protocols/lynxmind.js'
import { plannedSteps } from './planned.js'
import { RESULT_PREFIX, type TaskResult } from './result.js'
import { watchProgress } from './progress.js'
import { checkMcVersion } from '../../src/minecraft/versions.js'

const { values: a } = parseArgs({
  options: { task: { type: 'string' }, seed: { type: 'string' }, give: { type: 'string' }, timeout: { type: 'string' }, 'mc-version': { type: 'string' } },
})
if (!a.task || !a.seed) {
  process.stderr.write('usage: run-task.ts --task <text> --seed <n> [--give item=count,…] [--timeout s] [--mc-version v]\n')
  process.exit(2)
}
const version = a['mc-version'] === undefined ? undefined : checkMcVersion(a['mc-version'])
const task = a.task
const seed = Number(a.seed)
const timeoutSec = Number(a.timeout ?? 600)
const give = parseGive(a.give)
const out = (l: string) => process.stdout.write(l + '\n')
const logger = createLogger('get-bench', { level: 'warn' })

const result: TaskResult = { task, seed, give: a.give ?? '', outcome: 'error', reason: '', seconds: NaN, steps: 0, skillFailures: 0, plannedSteps: null, needs: [], longestStallSec: NaN, stallDuring: '', given: '' }
const world = await startWorld({ seed, profile: 'natural', ...(version ? { version } : {}) })
out(`world: Minecraft ${world.version}, seed ${world.seed}, ${world.profile} profile`)
let body: MineflayerBody | undefined
let session: LynxSession | undefined
try {
  const bus = createContextBus()
  body = await createBody({ host: world.host, port: world.port, username: 'Lynx', version: world.version, bus, reconnect: EMBEDDED_WORLD_RECONNECT, logger })
  const lines: string[] = []
  await giveStartingItems(world, body, give, (l) => {
    lines.push(l)
    out(l)
  })
  result.given = lines.join(' ')
  const planned = plannedSteps(task, body.inventoryCounts(), world.version)
  result.plannedSteps = planned.steps
  result.needs = planned.kinds
  session = new LynxSession({ body, mind: new BuiltinMind(), bus, logger, timeoutSec, out })
  const b = body
  let doing = 'waiting for the mind'
  session.link.on('action', ({ action }: { action: Action }) => (doing = describeAction(action)))
  let reconnects = 0
  session.link.on('connection', (c: { state: string }) => {
    if (c.state !== 'lost') reconnects++
  })
  const loads: number[] = [loadavg()[0]!]
  const loadTimer = setInterval(() => loads.push(loadavg()[0]!), 10_000)
  const progress = watchProgress(() => b.inventoryCounts(), () => doing)
  const summary = await session.run(task, 'bench')
  const stall = progress.stop()
  clearInterval(loadTimer)
  result.load = loads.reduce((x, y) => x + y, 0) / loads.length
  result.reconnects = reconnects
  Object.assign(result, {
    outcome: summary.outcome,
    reason: summary.reason,
    seconds: summary.seconds,
    steps: summary.actions,
    skillFailures: summary.skillFailures,
    longestStallSec: stall.seconds,
    stallDuring: stall.during,
  })
} catch (err) {
  result.reason = (err as Error).message
} finally {
  await session?.close().catch(() => {})
  await body?.close().catch(() => {})
  await world.close().catch(() => {})
}
out(RESULT_PREFIX + JSON.stringify(result))
process.exit(0)
