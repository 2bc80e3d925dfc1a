/**
 * Going back for what a death left, on the real embedded world (natural, seed 4) with the real
 * body and the one executor driving it (runGoal): the bot dies away from its spawn, respawns,
 * walks back to where it died and picks its items up, then goes on with its goal.
 *
 * The death: dealt by the world's operator API (`world.damage`), as the other tests of death
 * handling do (survive-night.test.ts, world-versions.test.ts). What is tested is what the bot
 * does after a death; a natural cause (a fall, a mob) would make where and whether it dies a
 * matter of luck. Starting items: 3 oak logs given by the world (what `--give` does). Nothing else
 * is placed or set; no server command.
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createContextBus } from '../../src/core/context-bus.js'
import { createLogger } from '../../src/core/logger.js'
import { createBody } from '../../src/minecraft/body/index.js'
import { runGoal } from '../../src/minecraft/planner/run-goal.js'
import { countByKey } from '../../src/minecraft/names.js'
import { startWorld } from './support/world.js'
import { waitFor } from '../support/wait.js'

const quiet = createLogger('test', { level: 'silent' })

describe('after a death', { timeout: 5 * 60_000 }, () => {
  test('the bot goes back to where it died for its items, then plans on from what it holds', async (t) => {
    const world = await startWorld({ seed: 4, startTime: 1000, monsters: false })
    const body = await createBody({ host: world.host, port: world.port, username: 'lazarus', version: world.version, bus: createContextBus(), logger: quiet, reconnect: false, reflexes: { shelter: false } })
    const stop = new AbortController()
    t.after(async () => {
      stop.abort('test over')
      await body.close()
      await world.close()
    })
    world.give('lazarus', 'oak_log', 3)
    await waitFor('the logs in the inventory', () => (countByKey(body.inventoryCounts()).get('log') ?? 0) >= 3)
    const spawn = body.bot.entity.position.clone()
    const lines: string[] = []
    const run = runGoal(body, { item: 'log', count: 12, mode: 'get' }, { signal: stop.signal, onProgress: (l) => lines.push(l) })
    // the bot walks off to the trees with its logs; it dies on the way, 8 or more blocks from its spawn
    let deathAt: { x: number; y: number; z: number } | undefined
    const onDeath = () => (deathAt = body.bot.entity.position.clone())
    body.once('death', onDeath)
    await waitFor('the bot 8 blocks from its spawn with its logs', () => body.bot.entity.position.distanceTo(spawn) >= 8 && (countByKey(body.inventoryCounts()).get('log') ?? 0) >= 3, {
      timeoutMs: 120_000,
      detail: () => `at ${body.bot.entity.position}, ${lines.join(' | ')}`,
    })
    const held = countByKey(body.inventoryCounts()).get('log') ?? 0
    world.damage('lazarus', 40, 'test')
    await waitFor('the recovery line', () => lines.find((l) => /^back at the death spot/.test(l)), { timeoutMs: 120_000, detail: () => lines.join(' | ') })
    stop.abort('seen enough')
    const result = await run
    t.diagnostic(`died at ${deathAt} holding ${held} logs; ${lines.join(' | ')}; ${result.reason}`)
    assert.ok(deathAt, 'the bot died')
    const said = lines.join('\n')
    assert.match(said, new RegExp(`died \\(.*\\); lost ${held} log; going back for it first`))
    const trip = /going back for what the death left at \(-?\d+, -?\d+, -?\d+\), (\d+) blocks away \(\d+ log\)/.exec(said)
    assert.ok(trip, said)
    // respawned at the world spawn, not where it died (the walk back is a real one)
    assert.ok(Number(trip[1]) >= 5, `the death spot ${trip[1]} blocks from the respawn`)
    const back = /back at the death spot: picked up (\d+) log/.exec(said)
    assert.ok(back, `picked logs up at the death spot: ${said}`)
    assert.ok(Number(back[1]) >= 1, said)
    assert.ok(body.bot.entity.position.distanceTo(deathAt as never) <= 10, `near the death spot after it: ${body.bot.entity.position} vs ${deathAt}`)
  })
})
