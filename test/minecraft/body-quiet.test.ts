// A user's screen stays clean: connecting a body to the embedded world and fighting prints nothing on
// stderr (mineflayer-pvp used to print a `physicTick` deprecation warning on every connect).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const CHILD = fileURLToPath(new URL('./support/quiet-connect-child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

test('a world, a body connecting and an attack print no warning on stderr', { timeout: 120_000 }, async () => {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MINDBRIDGE_') && k !== 'NODE_OPTIONS') env[k] = v
  const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
  assert.equal(r.code, 0, r.stderr)
  assert.deepEqual(JSON.parse(r.stdout.trim().split('\n').pop()!), { ok: true, reason: 'killed minecraft:cow' })
  assert.equal(r.stderr, '', 'stderr should be empty')
})
