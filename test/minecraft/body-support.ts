/** Shared setup for body integration tests: a real embedded world and bodies on loopback. */
import { startWorld, type World, type WorldProfile } from '../../src/minecraft/world/index.js'
import { createBody, type MineflayerBody, type CreateBodyOptions } from '../../src/minecraft/body/index.js'
import type { SkillCall, SkillResult } from '../../src/minecraft/body/types.js'
import { isInterruption } from '../../src/minecraft/planner/executor.js'
import { WaitTimeout, waitFor } from '../support/wait.js'

export async function worldAndBody(
  username = 'Bot',
  opts: { seed?: number; profile?: WorldProfile; monsters?: boolean; body?: Partial<CreateBodyOptions> } = {},
): Promise<{ world: World; body: MineflayerBody; cleanup: () => Promise<void> }> {
  // The body tests were written against the staged starter layout (flat meadow, trees, pond and
  // quarry at fixed spots near spawn), so they ask for it; the natural world is the default elsewhere.
  const world = await startWorld({ seed: opts.seed ?? 7, profile: opts.profile ?? 'starter', ...(opts.monsters === undefined ? {} : { monsters: opts.monsters }) })
  let body: MineflayerBody
  try {
    body = await createBody({ host: world.host, port: world.port, username, ...opts.body })
  } catch (err) {
    await world.close()
    throw err
  }
  return {
    world,
    body,
    cleanup: async () => {
      await body.close()
      await world.close()
    },
  }
}

/** Resolves with the first event's arguments, or rejects after `ms` (a limit, not an assertion on speed). */
export function once<T extends unknown[]>(emitter: { once(ev: string, fn: (...a: T) => void): unknown; removeListener(ev: string, fn: (...a: T) => void): unknown }, ev: string, ms = 60_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const fn = (...a: T) => {
      clearTimeout(t)
      resolve(a)
    }
    const t = setTimeout(() => {
      emitter.removeListener(ev, fn)
      reject(new WaitTimeout(`timed out after ${ms / 1000}s waiting for '${ev}'`))
    }, ms)
    emitter.once(ev, fn)
  })
}

/** Polls until `fn` returns a truthy value; `ms` bounds the wait (a limit, not a speed assertion). */
export function until<T>(fn: () => T | undefined | null | false, ms: number, what: string): Promise<T> {
  return waitFor(what, fn, { timeoutMs: ms, intervalMs: 50 })
}

export function expectOk(r: SkillResult, what: string): void {
  if (!r.ok) throw new Error(`${what} failed: ${r.reason}`)
}

/**
 * Runs a step as every mind does: a step cut short by a reflex (fleeing a creeper, striking back,
 * the night shelter) is no failure of the step, so it is issued again, at most `attempts` times.
 * Any other failure is returned as it is.
 */
export async function runThroughInterruptions(body: { run(call: SkillCall): Promise<SkillResult> }, call: SkillCall, attempts = 3): Promise<SkillResult> {
  let r = await body.run(call)
  for (let i = 1; i < attempts && !r.ok && isInterruption(r.reason); i++) r = await body.run(call)
  return r
}
