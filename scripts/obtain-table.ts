/**
 * Regenerates "What the bot can get" from the obtain graph: docs/obtainable.md (every item with
 * its route or the reason it has none) and the summary counts between the markers in
 * docs/minecraft.md. `npm run obtain-table`; `--check` only says whether the files are current
 * (exit 1 when stale). test/minecraft/obtain-table.test.ts runs the same comparison.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { obtainDocs } from '../src/minecraft/planner/obtain-docs.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const docs = obtainDocs((p) => readFileSync(root + p, 'utf8'))
const stale = docs.filter((d) => d.current !== d.wanted)
if (process.argv.includes('--check')) {
  for (const d of stale) console.log(`stale: ${d.path} (npm run obtain-table)`)
  if (stale.length === 0) console.log('docs/obtainable.md and the summary in docs/minecraft.md are current')
  process.exit(stale.length ? 1 : 0)
}
for (const d of stale) writeFileSync(root + d.path, d.wanted)
console.log(stale.length ? `wrote ${stale.map((d) => d.path).join(', ')}` : 'already current')
