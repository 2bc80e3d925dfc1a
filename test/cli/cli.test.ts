// The real CLI as a subprocess: node --import tsx src/cli/main.ts ...
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startScriptedOpenAI } from '../support/scripted-openai.js'
import { envWithout, runNode } from '../support/run-node.js'

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))
const TSX = import.meta.resolve('tsx')
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the CLI with a clean MINDBRIDGE_* environment plus `env`, in `cwd`. */
async function cli(args: string[], opts: { env?: Record<string, string>; cwd?: string } = {}): Promise<Run> {
  const env = { ...envWithout((k) => k.startsWith('MINDBRIDGE_')), ...opts.env }
  const r = await runNode(['--import', TSX, MAIN, ...args], { cwd: opts.cwd ?? dir, env })
  return { code: r.code, stdout: r.stdout, stderr: r.stderr }
}

let dir: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindbridge-cli-'))
})
after(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('mindbridge CLI', () => {
  test('--help lists the global flags and every command', async () => {
    const r = await cli(['--help'])
    assert.equal(r.code, 0, r.stderr)
    for (const s of ['Usage: mindbridge', '--version', '--verbose', '--config <path>', '--print-config', 'demo', 'world', 'play', 'bot', 'lostspace']) {
      assert.ok(r.stdout.includes(s), `help lacks ${s}`)
    }
  })

  test('play --help shows the global --llm-* flags the README uses with play, and the --timeout default', async () => {
    const r = await cli(['play', '--help'])
    assert.equal(r.code, 0, r.stderr)
    for (const s of ['--llm-base-url <url>', '--llm-model <name>', '--llm-api-key <key>', '--config <path>']) assert.ok(r.stdout.includes(s), `play --help lacks ${s}`)
    assert.match(r.stdout.replace(/\s+/g, ' '), /--timeout <seconds> .*\(default 0 = never\)/)
    assert.match(r.stdout.replace(/\s+/g, ' '), /--heartbeat <seconds> .*0 = no heartbeats/)
  })

  test('flags for another mind than the one chosen are warned about, once each, and change nothing', async () => {
    // a closed port: the run ends at the join (exit 1) after the flags were read
    const r = await cli(['bot', '--port', '1', '--no-control', '--dialect', 'mod', '--remote-grace', '5', '--max-format-failures', '2', '--task', 'collect 1 log'])
    assert.equal(r.code, 1, r.stderr)
    const warnings = r.stderr.split('\n').filter((l) => l.includes('warning:'))
    assert.deepEqual(warnings, [
      'mindbridge: warning: --remote-grace only applies to --mind remote (this run uses the builtin mind); ignored',
      'mindbridge: warning: --dialect only applies to --mind remote (this run uses the builtin mind); ignored',
      'mindbridge: warning: --max-format-failures only applies to --mind llm (this run uses the builtin mind); ignored',
    ])
    const llm = await cli(['bot', '--port', '1', '--no-control', '--mind', 'llm', '--max-format-failures', '2', '--task', 'collect 1 log'], { env: { MINDBRIDGE_LLM_BASE_URL: 'http://127.0.0.1:1/v1' } })
    assert.doesNotMatch(llm.stderr, /warning:/, 'the llm mind reads --max-format-failures')
  })

  test('--version prints the package version', async () => {
    const r = await cli(['--version'])
    assert.equal(r.code, 0)
    assert.equal(r.stdout.trim(), VERSION)
  })

  test('--print-config merges file < env < flags and masks secrets', async () => {
    const cwd = mkdtempSync(join(dir, 'print-'))
    writeFileSync(join(cwd, 'mindbridge.config.json'), JSON.stringify({ world: { port: 1111, seed: 42 }, llm: { model: 'file-model' }, minecraft: { port: 1234 } }))
    const r = await cli(['--print-config', '--set', 'world.port=3333', '--llm-base-url', 'http://127.0.0.1:1234/v1'], {
      cwd,
      env: { MINDBRIDGE_WORLD_PORT: '2222', MINDBRIDGE_MINECRAFT_PORT: '2345', MINDBRIDGE_LLM_API_KEY: 'sk-secret-value' },
    })
    assert.equal(r.code, 0, r.stderr)
    const c = JSON.parse(r.stdout) as { world: { port: number; seed: number }; minecraft: { port: number }; llm: { model: string; apiKey: string; baseUrl: string } }
    assert.equal(c.world.port, 3333)
    assert.equal(c.world.seed, 42)
    assert.equal(c.minecraft.port, 2345)
    assert.equal(c.llm.model, 'file-model')
    assert.equal(c.llm.baseUrl, 'http://127.0.0.1:1234/v1')
    assert.equal(c.llm.apiKey, '***')
    assert.ok(!r.stdout.includes('sk-secret-value'))
  })

  test('--print-config after a command prints the config and does not run the command', async () => {
    const r = await cli(['play', '--print-config'], { env: { MINDBRIDGE_WORLD_PORT: '2500' } })
    assert.equal(r.code, 0, r.stderr)
    assert.equal((JSON.parse(r.stdout) as { world: { port: number } }).world.port, 2500)
  })

  test('x-ray is off by default; --xray on play, bot and brain (or MINDBRIDGE_MINECRAFT_XRAY) turns it on', async () => {
    const xrayOf = (stdout: string) => (JSON.parse(stdout) as { minecraft: { xray: boolean } }).minecraft.xray
    const plain = await cli(['play', '--print-config'])
    assert.equal(plain.code, 0, plain.stderr)
    assert.equal(xrayOf(plain.stdout), false)
    for (const args of [['play', '--xray'], ['bot', '--xray'], ['brain', '--file', 'brain.json', '--xray']]) {
      const r = await cli([...args, '--print-config'])
      assert.equal(r.code, 0, r.stderr)
      assert.equal(xrayOf(r.stdout), true, args.join(' '))
    }
    const env = await cli(['--print-config'], { env: { MINDBRIDGE_MINECRAFT_XRAY: 'true' } })
    assert.equal(xrayOf(env.stdout), true)
    const help = await cli(['play', '--help'])
    assert.match(help.stdout.replace(/\s+/g, ' '), /--xray FOR EXPERIMENTS ONLY/)
  })

  test('--config with a YAML file, and --verbose shows in log.level', async () => {
    const cwd = mkdtempSync(join(dir, 'yaml-'))
    writeFileSync(join(cwd, 'my.yaml'), 'world:\n  port: 5555\n')
    const r = await cli(['--config', 'my.yaml', '--verbose', '--print-config'], { cwd })
    assert.equal(r.code, 0, r.stderr)
    const c = JSON.parse(r.stdout) as { world: { port: number }; log: { level: string } }
    assert.equal(c.world.port, 5555)
    assert.equal(c.log.level, 'debug')
  })

  test('a bad env value exits 2 naming the variable, without a stack trace', async () => {
    const r = await cli(['--print-config'], { env: { MINDBRIDGE_WORLD_PORT: 'abc' } })
    assert.equal(r.code, 2)
    assert.match(r.stderr, /MINDBRIDGE_WORLD_PORT: expected an integer 0–65535, got 'abc'/)
    assert.doesNotMatch(r.stderr, /\n\s+at /)
    assert.equal(r.stdout, '')
  })

  test('unknown command, unknown flag, missing config file: exit 2 with a clear message', async () => {
    const [cmd, flag, sub, file] = await Promise.all([
      cli(['fly']),
      cli(['--frobnicate']),
      cli(['demo', '--nope']),
      cli(['--config', 'missing.json', 'demo']),
    ])
    assert.equal(cmd.code, 2)
    assert.match(cmd.stderr, /unknown command 'fly'/)
    assert.equal(flag.code, 2)
    assert.match(flag.stderr, /unknown option '--frobnicate'/)
    assert.equal(sub.code, 2)
    assert.match(sub.stderr, /unknown option '--nope'/)
    assert.equal(file.code, 2)
    assert.match(file.stderr, /config file not found: missing\.json/)
  })

  test('demo prints the ContextBus XML and a validated LynxMind event', async () => {
    const r = await cli(['demo', '--json'])
    assert.equal(r.code, 0, r.stderr)
    const out = JSON.parse(r.stdout) as { xml: string; event: { type: string; action: { type: string } }; source: string }
    assert.match(out.xml, /^<ctx>/)
    assert.match(out.xml, /<p n="Steve">/)
    assert.match(out.xml, /<g d="12m"\/>/)
    assert.equal(out.source, 'scripted')
    assert.equal(out.event.type, 'EVENT_AI_CONTROL')
    assert.equal(out.event.action.type, 'ACTION_COLLECT_BLOCK')
  })

  test('demo --llm asks the model configured by env over real HTTP, correcting a bad first answer', async () => {
    const server = await startScriptedOpenAI([
      { reply: '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_FLY"}}' },
      (req) => {
        const last = String(req.body?.messages?.at(-1)?.content ?? '')
        return last.includes('<ctx>') ? { reply: 'wrong turn' } : { reply: '{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_MOVE","x":1,"z":2}}' }
      },
    ])
    try {
      const r = await cli(['demo', '--llm', '--json'], {
        env: { MINDBRIDGE_LLM_BASE_URL: server.baseUrl, MINDBRIDGE_LLM_MODEL: 'scripted-demo', MINDBRIDGE_LLM_API_KEY: 'sk-demo-key' },
      })
      assert.equal(r.code, 0, r.stderr)
      const out = JSON.parse(r.stdout) as { event: unknown; usage: { calls: number; successes: number } }
      assert.deepEqual(out.event, { type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: 1, z: 2 } })
      assert.equal(out.usage.calls, 2)
      const reqs = server.chatRequests()
      assert.equal(reqs.length, 2)
      assert.equal(reqs[0]!.body!.model, 'scripted-demo')
      assert.equal(reqs[0]!.headers.authorization, 'Bearer sk-demo-key')
      assert.equal(reqs[0]!.body!.response_format?.type, 'json_schema')
      // the second request carries the parser's correction
      assert.equal(reqs[1]!.body!.messages!.length, 4)
    } finally {
      await server.close()
    }
  })

  test('demo --llm against an unreachable server fails cleanly (exit 1, no stack without --verbose)', async () => {
    const r = await cli(['demo', '--llm', '--set', 'llm.maxRetries=0'], { env: { MINDBRIDGE_LLM_BASE_URL: 'http://127.0.0.1:9/v1' } })
    assert.equal(r.code, 1)
    assert.match(r.stderr, /cannot reach the model server at http:\/\/127\.0\.0\.1:9\/v1/)
    assert.doesNotMatch(r.stderr, /\n\s+at /)
  })
})
