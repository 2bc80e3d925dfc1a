import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { locateJsonError } from '../../src/cli/json-position.js'
import { ConfigError, ConfigSchema, envMapping, loadConfig, loadConfigDetailed, maskSecrets } from '../../src/cli/config.js'

let dir: string
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindbridge-config-'))
})
after(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A fresh directory (inside the temp dir) with the given files. */
function cwdWith(files: Record<string, string>): string {
  const cwd = mkdtempSync(join(dir, 'case-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text)
  return cwd
}

function configError(fn: () => unknown): string {
  try {
    fn()
  } catch (e) {
    assert.ok(e instanceof ConfigError, `expected ConfigError, got ${String(e)}`)
    return e.message
  }
  assert.fail('expected a ConfigError')
}

describe('config', () => {
  test('defaults: loopback everywhere, world port 25565, quiet logs, builtin mind', () => {
    const c = loadConfig({ env: {}, cwd: cwdWith({}) })
    assert.equal(c.world.host, '127.0.0.1')
    assert.equal(c.world.port, 25565)
    assert.equal(c.minecraft.host, '127.0.0.1')
    assert.equal(c.minecraft.auth, 'offline')
    assert.equal(c.control.host, '127.0.0.1')
    assert.equal(c.llm.baseUrl, 'http://127.0.0.1:11434/v1')
    assert.equal(c.llm.structuredOutput, 'auto')
    assert.equal(c.llm.apiKey, undefined)
    assert.equal(c.log.level, 'warn')
    assert.equal(c.mind.kind, 'builtin')
    assert.deepEqual(c.lostspace, { timeLimitSec: 3, maxLength: 1024 })
    assert.deepEqual(ConfigSchema.parse({}), c)
  })

  test('precedence: file < env < flags, field by field', () => {
    const cwd = cwdWith({
      'mindbridge.config.json': JSON.stringify({ world: { port: 1111, seed: 7 }, llm: { model: 'from-file', baseUrl: 'http://127.0.0.1:1234/v1' } }),
    })
    const env = { MINDBRIDGE_WORLD_PORT: '2222', MINDBRIDGE_LLM_MODEL: 'from-env' }
    const { config: c, file } = loadConfigDetailed({ env, cwd, flags: { world: { port: 3333 } } })
    assert.equal(file, join(cwd, 'mindbridge.config.json'))
    assert.equal(c.world.port, 3333) // flag beats env and file
    assert.equal(c.llm.model, 'from-env') // env beats file
    assert.equal(c.world.seed, 7) // file beats default
    assert.equal(c.llm.baseUrl, 'http://127.0.0.1:1234/v1')
    assert.equal(c.world.host, '127.0.0.1') // default kept beside overridden siblings
  })

  test('YAML files and --config paths', () => {
    const cwd = cwdWith({ 'mindbridge.config.yaml': 'world:\n  port: 4444\nmind:\n  kind: llm\n', 'other.yml': 'world:\n  port: 5555\n' })
    assert.equal(loadConfig({ env: {}, cwd }).world.port, 4444)
    assert.equal(loadConfig({ env: {}, cwd }).mind.kind, 'llm')
    assert.equal(loadConfig({ env: {}, cwd, configPath: 'other.yml' }).world.port, 5555)
    assert.equal(loadConfig({ env: { MINDBRIDGE_CONFIG: 'other.yml' }, cwd }).world.port, 5555)
  })

  test('env mapping covers every field, in MINDBRIDGE_<SECTION>_<FIELD> form', () => {
    const m = new Map(envMapping().map((e) => [e.env, e.path.join('.')]))
    assert.equal(m.get('MINDBRIDGE_LLM_BASE_URL'), 'llm.baseUrl')
    assert.equal(m.get('MINDBRIDGE_LLM_API_KEY'), 'llm.apiKey')
    assert.equal(m.get('MINDBRIDGE_LLM_STRUCTURED_OUTPUT'), 'llm.structuredOutput')
    assert.equal(m.get('MINDBRIDGE_WORLD_PORT'), 'world.port')
    assert.equal(m.get('MINDBRIDGE_LOSTSPACE_TIME_LIMIT_SEC'), 'lostspace.timeLimitSec')
    assert.equal(m.get('MINDBRIDGE_LOG_LEVEL'), 'log.level')
    const c = loadConfig({
      cwd: cwdWith({}),
      env: { MINDBRIDGE_LLM_TIMEOUT_MS: '1500', MINDBRIDGE_LOSTSPACE_TIME_LIMIT_SEC: '2.5', MINDBRIDGE_LLM_API_KEY: '', MINDBRIDGE_TEST: '1' },
    })
    assert.equal(c.llm.timeoutMs, 1500)
    assert.equal(c.lostspace.timeLimitSec, 2.5)
    assert.equal(c.llm.apiKey, undefined) // empty variables count as unset
  })

  test('errors name the source and the field', () => {
    const cwd = cwdWith({})
    assert.equal(
      configError(() => loadConfig({ cwd, env: { MINDBRIDGE_WORLD_PORT: 'abc' } })),
      "MINDBRIDGE_WORLD_PORT: expected an integer 0–65535, got 'abc'",
    )
    assert.equal(configError(() => loadConfig({ cwd, env: {}, flags: { world: { port: 70000 } } })), '--world-port: expected an integer 0–65535, got 70000')
    assert.equal(
      configError(() => loadConfig({ cwd, env: {}, flags: { world: { port: -1 } }, flagNames: { 'world.port': '--port' } })),
      '--port: expected an integer 0–65535, got -1',
    )
    assert.match(configError(() => loadConfig({ cwd, env: { MINDBRIDGE_LLM_BASE_URL: 'localhost:11434' } })), /^MINDBRIDGE_LLM_BASE_URL: expected an http\(s\) URL/)
    assert.match(configError(() => loadConfig({ cwd, env: { MINDBRIDGE_MIND_KIND: 'psychic' } })), /^MINDBRIDGE_MIND_KIND: invalid option: expected one of "builtin"\|"llm"\|"remote", got 'psychic'$/)
  })

  test('file errors: bad value, unknown key, bad JSON/YAML, not an object, missing file', () => {
    const bad = cwdWith({ 'mindbridge.config.json': JSON.stringify({ world: { port: 'x' } }) })
    assert.match(configError(() => loadConfig({ cwd: bad, env: {} })), /mindbridge\.config\.json at world\.port: expected an integer 0–65535, got 'x'/)
    const typo = cwdWith({ 'mindbridge.config.json': JSON.stringify({ wrld: {}, llm: { basUrl: 'x' } }) })
    const msg = configError(() => loadConfig({ cwd: typo, env: {} }))
    assert.match(msg, /unknown config key 'wrld'/)
    assert.match(msg, /unknown config key 'llm\.basUrl'/)
    const json = cwdWith({ 'mindbridge.config.json': '{ "world": ' })
    assert.match(configError(() => loadConfig({ cwd: json, env: {} })), /mindbridge\.config\.json: invalid JSON/)
    const yaml = cwdWith({ 'c.yaml': 'world: [1, 2\n' })
    assert.match(configError(() => loadConfig({ cwd: yaml, env: {}, configPath: 'c.yaml' })), /^c\.yaml: invalid YAML/)
    const arr = cwdWith({ 'mindbridge.config.json': '[1]' })
    assert.match(configError(() => loadConfig({ cwd: arr, env: {} })), /expected an object at the top level, got an array/)
    assert.equal(configError(() => loadConfig({ cwd: cwdWith({}), env: {}, configPath: 'nope.json' })), 'config file not found: nope.json')
  })

  test('a UTF-8 byte order mark (Windows Notepad) is accepted in JSON and YAML files', () => {
    const json = cwdWith({ 'mindbridge.config.json': '\uFEFF' + JSON.stringify({ world: { port: 25570 } }) })
    assert.equal(loadConfig({ cwd: json, env: {} }).world.port, 25570)
    const yaml = cwdWith({ 'mindbridge.config.yaml': '\uFEFFworld:\n  port: 25571\n' })
    assert.equal(loadConfig({ cwd: yaml, env: {} }).world.port, 25571)
  })

  test('JSON and YAML syntax errors give line and column', () => {
    const cases: Array<[string, RegExp]> = [
      ['{\n  "world": { "port": 25570, }\n}', /^mindbridge\.config\.json: invalid JSON at line 2, column 29: expected a double-quoted property name, found "}"$/],
      ['{\n  "world": { "port": 25570 }\n  "llm": {}\n}', /^mindbridge\.config\.json: invalid JSON at line 3, column 3: expected ',' or '}' after a property value, found "\\""$/],
      ["{ 'world': {} }", /at line 1, column 3: expected a double-quoted property name, found "'"$/],
      ['{ "world": ', /at line 1, column 12: expected a value .*, the file ends$/],
      ['{ "log": { "level": "debug\n" } }', /at line 1, column 27: expected no line break or control character inside a string/],
      ['{} {}', /at line 1, column 4: expected the end of the file after the value, found "\{"$/],
    ]
    for (const [text, re] of cases) assert.match(configError(() => loadConfig({ cwd: cwdWith({ 'mindbridge.config.json': text }), env: {} })), re, text)
    const yaml = cwdWith({ 'c.yaml': 'world:\n  port: [1, 2\nlog: {}\n' })
    assert.match(configError(() => loadConfig({ cwd: yaml, env: {}, configPath: 'c.yaml' })), /^c\.yaml: invalid YAML at line \d+, column \d+: \S/)
  })

  test('the JSON error locator agrees with JSON.parse on what is valid (property)', () => {
    const parses = (t: string) => {
      try {
        JSON.parse(t)
        return true
      } catch {
        return false
      }
    }
    const piece = fc.constantFrom('{', '}', '[', ']', ',', ':', '"a"', '"', '\\', '1', '-', '0', '.5', 'e3', 'true', 'nul', 'null', ' ', '\n', '\t', '\u0001', 'x', '"\\u12g4"', '"\\n"')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join('')
        const at = locateJsonError(text)
        assert.equal(at === undefined, parses(text), `${JSON.stringify(text)}: ${JSON.stringify(at)}`)
      }),
      { numRuns: 3000 },
    )
  })

  test('an empty config file is an empty config, JSON or YAML: the defaults apply', () => {
    for (const name of ['mindbridge.config.json', 'mindbridge.config.yaml']) {
      for (const text of ['', '\n  \n', '\uFEFF']) {
        const c = loadConfig({ cwd: cwdWith({ [name]: text }), env: {} })
        assert.deepEqual(c, ConfigSchema.parse({}), `${name} ${JSON.stringify(text)}`)
      }
    }
  })

  test('--set overrides with schema coercion and clear errors', () => {
    const cwd = cwdWith({})
    const c = loadConfig({ cwd, env: { MINDBRIDGE_WORLD_PORT: '1' }, sets: ['world.port=2', 'llm.model=m=1'] })
    assert.equal(c.world.port, 2)
    assert.equal(c.llm.model, 'm=1')
    assert.match(configError(() => loadConfig({ cwd, env: {}, sets: ['world.nope=1'] })), /unknown config key 'world\.nope'/)
    assert.match(configError(() => loadConfig({ cwd, env: {}, sets: ['noequals'] })), /expected PATH=VALUE/)
  })

  test('maskSecrets hides keys and tokens only', () => {
    const c = loadConfig({ cwd: cwdWith({}), env: { MINDBRIDGE_LLM_API_KEY: 'sk-abc', MINDBRIDGE_CONTROL_TOKEN: 'tok' } })
    const m = maskSecrets(c)
    assert.equal(m.llm.apiKey, '***')
    assert.equal(m.control.token, '***')
    assert.equal(m.llm.model, c.llm.model)
    assert.equal(c.llm.apiKey, 'sk-abc') // the original is untouched
  })
})

describe('resolveConfig for commands', () => {
  test('configFlags maps command options onto the config and names the flag in errors', async () => {
    const { Command } = await import('commander')
    const { configFlags, resolveConfig } = await import('../../src/cli/config.js')
    const seen: number[] = []
    const build = () => {
      const program = new Command().exitOverride().option('--set <p=v>', '', (v: string, prev: string[] = []) => [...prev, v])
      const cmd = program.command('world').option('--port <n>', 'port', Number)
      configFlags<{ port?: number }>(cmd, (o) => ({ world: { port: o.port } }), { 'world.port': '--port' })
      cmd.action((_o, c: InstanceType<typeof Command>) => {
        seen.push(resolveConfig(c).world.port)
      })
      return program
    }
    await build().parseAsync(['node', 'x', 'world', '--port', '4321'])
    await build().parseAsync(['node', 'x', '--set', 'world.port=1', 'world'])
    assert.deepEqual(seen, [4321, 1])
    await assert.rejects(build().parseAsync(['node', 'x', 'world', '--port', '99999']), /^ConfigError: --port: expected an integer 0–65535, got 99999$/)
  })
})
