/**
 * No module of src/ imports itself through others (type imports included): a cycle couples
 * modules that should not know each other (the control server, the dashboard and the LynxMind
 * session once did) and makes load order matter.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../src/', import.meta.url))

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    if (statSync(p).isDirectory()) return n === 'client' ? [] : files(p)
    return n.endsWith('.ts') ? [p] : []
  })
}

/** Relative imports and re-exports of a file, resolved to .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const out: string[] = []
  for (const m of text.matchAll(/^(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)) out.push(resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')))
  return out
}

function findCycles(all: string[]): string[][] {
  const graph = new Map(all.map((f) => [f, importsOf(f).filter((i) => all.includes(i))]))
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (f: string) => {
    state.set(f, 'open')
    stack.push(f)
    for (const next of graph.get(f) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)).map((x) => relative(root, x)))
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(f, 'done')
  }
  for (const f of all) if (!state.has(f)) visit(f)
  return cycles
}

/** The layers above the body: links, minds, the one planner, the control API and the dashboard. */
const LAYERS = ['minecraft/control/', 'minecraft/dashboard/', 'minecraft/links/', 'minecraft/minds/', 'minecraft/planner/']

test('the planner, links, minds, control API and dashboard import each other in no circle', () => {
  const cycles = findCycles(files(root)).filter((c) => c.some((f) => LAYERS.some((l) => f.startsWith(l))))
  assert.deepEqual(cycles.map((c) => c.join(' → ')), [])
})
