/**
 * `npm run bench [-- <name filter>...]` runs every bench/*.bench.ts in turn.
 * Each module exports `run(): Promise<void>` and prints its own figures,
 * always with a ratio against a baseline measured in the same process.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { join } from 'node:path'

const dir = fileURLToPath(new URL('.', import.meta.url))
const filters = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()

let failed = 0
for (const f of files) {
  console.log(`\n=== ${f.replace('.bench.ts', '')} ===`)
  try {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as { run: () => Promise<void> }
    await mod.run()
  } catch (err) {
    failed++
    console.error(`bench ${f} failed:`, err)
  }
}
process.exit(failed ? 1 : 0)
