// Each package entry (package.json "exports") and the LostSpace AI subprocess load only what they need:
// a real node subprocess imports the entry with every loaded module recorded, and we check the packages.
import { test, describe, before } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { importArgs, probeModules, ROOT } from '../support/module-probe.js'

type Target = { types: string; import: string }
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, Target | string> }

/** The packages each entry may load, beyond those tsx itself loads. */
const ALLOWED: Record<string, string[]> = {
  './core': ['zod', 'jsonrepair', 'openai'],
  './protocols': ['zod', 'jsonrepair'],
  './lostspace': ['zod', 'jsonrepair'],
  // it validates every message from the logic with checks generated from the protocol's schemas (no zod)
  './lostspace/sdk': [],
}
/** Packages a LostSpace AI process or a game-free entry must never load. */
const GAME = /^(mineflayer.*|flying-squid|minecraft-.*|prismarine-.*)$/

/** dist/x/index.js → src/x/index.ts: the tests run the sources through tsx. */
function sourceOf(distPath: string): string {
  return join(ROOT, distPath.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'))
}

async function packagesOf(entry: string): Promise<string[]> {
  const target = pkg.exports[entry] as Target
  const r = await probeModules(['--import', 'tsx', ...importArgs(pathToFileURL(sourceOf(target.import)).href)])
  assert.equal(r.code, 0, `importing ${entry} failed: ${r.stderr}`)
  return r.packages.filter((p) => !baseline.has(p))
}

let baseline: Set<string>
let baselineModules: Set<string>
before(async () => {
  // What tsx loads by itself, so that only the entry's own packages are compared.
  const r = await probeModules(['--import', 'tsx', '--input-type=module', '-e', ''])
  assert.equal(r.code, 0, r.stderr)
  assert.ok(r.modules.length > 0, 'the recorder saw no module at all')
  baseline = new Set(r.packages)
  baselineModules = new Set(r.modules)
})

describe('package entries', () => {
  test('the exports map has the documented entries, each pointing at a source file for its code and types', () => {
    assert.deepEqual(Object.keys(pkg.exports).sort(), ['.', './core', './lostspace', './lostspace/sdk', './minecraft', './package.json', './protocols'])
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue
      assert.equal(target.types, target.import.replace(/\.js$/, '.d.ts'), entry)
      assert.ok(existsSync(sourceOf(target.import)), `${entry}: ${sourceOf(target.import)} does not exist`)
    }
  })

  for (const [entry, allowed] of Object.entries(ALLOWED)) {
    test(`mindbridge${entry.slice(1)} loads no package beyond ${allowed.join(', ') || 'node itself'}`, { timeout: 60_000 }, async () => {
      const loaded = await packagesOf(entry)
      assert.deepEqual(loaded.filter((p) => GAME.test(p)), [], `${entry} loads game packages`)
      assert.deepEqual(loaded.filter((p) => !allowed.includes(p)), [], `${entry} loads packages it does not need`)
    })
  }

  test('mindbridge/lostspace/sdk loads at most 40 modules (an AI is a process that starts for every game)', { timeout: 60_000 }, async () => {
    const target = pkg.exports['./lostspace/sdk'] as Target
    const r = await probeModules(['--import', 'tsx', ...importArgs(pathToFileURL(sourceOf(target.import)).href)])
    assert.equal(r.code, 0, r.stderr)
    const own = r.modules.filter((m) => !baselineModules.has(m))
    assert.ok(own.length >= 5, `the recorder saw too few modules: ${own.join(' ')}`)
    assert.ok(own.length <= 40, `${own.length} modules: ${own.join(' ')}`)
    assert.ok(own.some((m) => m.endsWith('lostspace-checks.gen.ts')), 'the SDK does not load the generated checks')
  })

  // The control: the probe does see mineflayer and flying-squid (CommonJS, loaded through createRequire) when they load.
  test('mindbridge/minecraft and the root entry load mineflayer and flying-squid (the probe sees them)', { timeout: 60_000 }, async () => {
    for (const entry of ['./minecraft', '.']) {
      const loaded = await packagesOf(entry)
      for (const p of ['mineflayer', 'flying-squid', 'zod']) assert.ok(loaded.includes(p), `${entry} did not load ${p}: ${loaded.join(' ')}`)
    }
  })

  test('`mindbridge lostspace ai --bot random` (a LostSpace AI subprocess) loads no game, no model client and no queue or rating package', { timeout: 60_000 }, async () => {
    const r = await probeModules(['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), 'lostspace', 'ai', '--bot', 'random'])
    assert.equal(r.code, 0, r.stderr)
    const loaded = r.packages.filter((p) => !baseline.has(p))
    assert.ok(loaded.includes('commander'), `the CLI did not run: ${loaded.join(' ')}`)
    // nor the tournament's packages (only `lostspace tournament` and `lostspace worker` load them)
    assert.deepEqual(loaded.filter((p) => GAME.test(p) || ['openai', 'bullmq', 'ioredis', 'openskill'].includes(p)), [])
  })
})
