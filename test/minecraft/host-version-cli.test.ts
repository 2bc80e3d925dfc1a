/**
 * `--mc-version` of `brain` and `maicore` when they join a server given with `--host/--port`
 * (issue 27): an unsupported version is refused at once with the list of supported ones, and
 * the version given is the one the bot speaks. The server is a real embedded 1.20.4 world this
 * test starts; the CLI commands are real subprocesses. A 1.16.5 client cannot join a 1.20.4
 * server, so `--mc-version 1.16.5` failing to join shows the flag is used, not asked of the server.
 */
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runNode } from '../support/run-node.js'
import { startWorld, type World } from './support/world.js'
import { SUPPORTED_MC_VERSIONS } from '../../src/minecraft/versions.js'

const root = new URL('../..', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'host-version-'))
const cli = (args: string[]) => runNode(['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: root, limitMs: 150_000 })
const LIST = new RegExp(`--mc-version: expected a supported Minecraft version: ${SUPPORTED_MC_VERSIONS.join(', ').replace(/\./g, '\\.')}, got '1\\.\\d+\\.\\d+'`)

describe('--mc-version with --host (brain, maicore)', { timeout: 10 * 60_000 }, () => {
  test('an unsupported version is refused at once with the list, before anything starts', async () => {
    const runs = await Promise.all([
      cli(['brain', '--file', join(dir, 'a.json'), '--mind', 'none', '--host', '127.0.0.1', '--port', '25565', '--mc-version', '1.12.2']),
      cli(['brain', '--file', join(dir, 'b.json'), '--mind', 'none', '--mc-version', '1.19.4']),
      cli(['maicore', '--standin', 'builtin', '--host', '127.0.0.1', '--mc-version', '1.8.9']),
    ])
    for (const r of runs) {
      assert.equal(r.code, 2, `exit ${r.code}\n${r.stdout}\n${r.stderr}`)
      assert.match(r.stderr, LIST)
      assert.doesNotMatch(r.stdout, /brain file|world:|joined|stand-in/)
    }
  })

  test('with --host the flag is the server version (minecraft.version); without, the embedded world\'s (world.version)', async () => {
    const config = async (args: string[]) => {
      const r = await cli([...args, '--print-config'])
      assert.equal(r.code, 0, r.stderr)
      return JSON.parse(r.stdout) as { minecraft: { version?: string }; world: { version?: string } }
    }
    for (const cmd of [['brain', '--file', join(dir, 'c.json')], ['maicore']]) {
      const remote = await config([...cmd, '--host', '127.0.0.1', '--mc-version', '1.21.4'])
      assert.equal(remote.minecraft.version, '1.21.4', cmd[0])
      assert.equal(remote.world.version, undefined, cmd[0])
      const embedded = await config([...cmd, '--mc-version', '1.21.4'])
      assert.equal(embedded.world.version, '1.21.4', cmd[0])
      assert.equal(embedded.minecraft.version, undefined, cmd[0])
    }
  })

  describe('against an embedded 1.20.4 world', () => {
    let world: World
    before(async () => {
      world = await startWorld({ version: '1.20.4', port: 0, seed: 1 })
    })
    after(async () => {
      await world?.close()
      rmSync(dir, { recursive: true, force: true })
    })

    test('brain --host --mc-version 1.20.4 joins as a 1.20.4 client', async () => {
      const r = await cli(['brain', '--file', join(dir, 'ok.json'), '--mind', 'none', '--host', world.host, '--port', String(world.port), '--mc-version', '1.20.4', '--timeout', '1'])
      assert.equal(r.code, 0, `exit ${r.code}\n${r.stdout}\n${r.stderr}`)
      assert.match(r.stdout, new RegExp(`bot mindbridge joined 127\\.0\\.0\\.1:${world.port} \\(Minecraft 1\\.20\\.4\\)`))
    })

    test('brain --host --mc-version 1.16.5 speaks 1.16.5, which the 1.20.4 server does not understand: exit 1', async () => {
      const r = await cli(['brain', '--file', join(dir, 'old.json'), '--mind', 'none', '--host', world.host, '--port', String(world.port), '--mc-version', '1.16.5'])
      assert.equal(r.code, 1, `exit ${r.code}\n${r.stdout}\n${r.stderr}`)
      assert.match(r.stderr, new RegExp(`could not join 127\\.0\\.0\\.1:${world.port} as a Minecraft 1\\.16\\.5 client`))
      assert.doesNotMatch(r.stdout, /joined/)
    })

    test('maicore --host --mc-version 1.20.4 joins as a 1.20.4 client', async () => {
      const r = await cli(['maicore', '--standin', 'builtin', '--host', world.host, '--port', String(world.port), '--mc-version', '1.20.4', '--timeout', '1'])
      assert.match(r.stdout, new RegExp(`bot Mai joined 127\\.0\\.0\\.1:${world.port} \\(Minecraft 1\\.20\\.4\\)`), `exit ${r.code}\n${r.stdout}\n${r.stderr}`)
      assert.doesNotMatch(r.stdout, /world: Minecraft/)
    })
  })
})
