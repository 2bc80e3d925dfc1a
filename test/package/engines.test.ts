// An install on the supported Node prints no EBADENGINE warning: every locked package's declared
// `engines.node` accepts this Node (CI runs the lowest supported line, Node 20), and our own
// `engines.node` says what we support.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
// @ts-expect-error semver ships no types; we use one function
import semver from 'semver'

const root = new URL('../../', import.meta.url)
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }> }
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }
const satisfies = (semver as { satisfies(v: string, r: string): boolean }).satisfies

test('every locked package accepts this Node in its engines field', () => {
  const refused: string[] = []
  for (const [path, p] of Object.entries(lock.packages)) {
    const range = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined
    if (!path || !range || p.optional) continue
    if (!satisfies(process.versions.node, range)) refused.push(`${path.replace(/^node_modules\//, '')}@${p.version} wants node ${range}`)
  }
  assert.deepEqual(refused, [], `npm would print EBADENGINE on Node ${process.versions.node}`)
})

test('our engines field covers the Node the tests run on', () => {
  assert.ok(satisfies(process.versions.node, pkg.engines.node), `package.json says node ${pkg.engines.node}`)
})
