/**
 * A natural or starter embedded world with the real mineflayer body and the builtin mind behind
 * the LynxMind link, as the end-to-end tests use it; and a wait for a task that ends, within a
 * safety limit, with what the body did (so a run that stalls in CI says where, instead of
 * running into the test runner's per-file limit without a word).
 */
import { startWorld } from './world.js'
import { createBody, type MineflayerBody } from '../../../src/minecraft/body/index.js'
import { EMBEDDED_WORLD_RECONNECT } from '../../../src/minecraft/body/connection.js'
import type { SkillCall, SkillResult } from '../../../src/minecraft/body/types.js'
import { createContextBus } from '../../../src/core/context-bus.js'
import { createLogger } from '../../../src/core/logger.js'
import { LynxMindLink, type TaskRecord } from '../../../src/minecraft/links/lynxmind.js'
import { BuiltinMind } from '../../../src/minecraft/minds/builtin.js'

const quiet = createLogger('e2e', { level: 'silent' })

export async function builtinWorld(name: string, where: { seed: number; profile: 'natural' | 'starter' }) {
  const world = await startWorld(where)
  const bus = createContextBus()
  let body: MineflayerBody
  try {
    // as `play` does: on a loaded machine the world's keep-alive check can kick the bot (KeepAliveTimeout,
    // stop 31's CI and a by-hand run at load 7); it rejoins and the task waits for it (the link's grace)
    body = await createBody({ host: world.host, port: world.port, username: name, version: world.version, bus, logger: quiet, reconnect: EMBEDDED_WORLD_RECONNECT })
  } catch (err) {
    await world.close()
    throw err
  }
  const link = new LynxMindLink({ body, mind: new BuiltinMind(), bus, logger: quiet })
  await link.start()
  return {
    world, body, link,
    async close() {
      await link.close()
      await body.close()
      await world.close()
    },
  }
}

export function nextTask(link: LynxMindLink, pred: (t: TaskRecord) => boolean): Promise<TaskRecord> {
  return new Promise((resolve) => {
    const on = (t: TaskRecord) => {
      if (!pred(t)) return
      link.off('task', on)
      resolve(t)
    }
    link.on('task', on)
  })
}

/**
 * Waits for a task to end. Past `limitMs` (a safety limit, not a speed claim) the task is cancelled
 * and this throws with the last skills the body ran and their outcomes.
 */
export async function waitTaskWithin(link: LynxMindLink, body: MineflayerBody, id: number, limitMs: number): Promise<TaskRecord> {
  const started = Date.now()
  const skills: string[] = []
  const stamp = () => `${((Date.now() - started) / 1000).toFixed(0)}s`
  const onStart = (call: SkillCall) => skills.push(`${stamp()} start ${JSON.stringify(call)}`)
  const onEnd = (call: SkillCall, result: SkillResult) => skills.push(`${stamp()} end ${call.skill}: ${result.ok ? 'ok' : `failed: ${result.reason}`}`)
  body.on('skill.start', onStart)
  body.on('skill.end', onEnd)
  let timer: NodeJS.Timeout | undefined
  try {
    const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), limitMs)))
    const outcome = await Promise.race([link.waitTask(id), expired])
    if (outcome !== 'expired') return outcome
    await link.cancelTask('the test\'s safety limit')
    throw new Error(`task ${id} still running after ${limitMs / 1000} s; inventory ${JSON.stringify(body.inventoryCounts())}; last skills:\n${skills.slice(-25).join('\n')}`)
  } finally {
    clearTimeout(timer)
    body.off('skill.start', onStart)
    body.off('skill.end', onEnd)
  }
}
