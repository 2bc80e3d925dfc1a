/**
 * Runs node in a subprocess with module-recorder.mjs preloaded and reports every module it loaded
 * and the npm packages they belong to. Used by the package-entry tests and the import benchmark.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const RECORDER = fileURLToPath(new URL('./module-recorder.mjs', import.meta.url))
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface ModuleProbe {
  code: number | null
  stdout: string
  stderr: string
  /** Absolute paths of every loaded module (ESM and CommonJS), without duplicates. */
  modules: string[]
  /** npm packages those modules belong to (the outermost node_modules/<name>, scoped names kept). */
  packages: string[]
}

/** The npm package a module path belongs to, or undefined for the project's own files. */
export function packageOf(path: string): string | undefined {
  const marker = `${sep}node_modules${sep}`
  const at = path.indexOf(marker)
  if (at < 0) return undefined
  const parts = path.slice(at + marker.length).split(sep)
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
}

/** `node --import module-recorder.mjs ...nodeArgs` in `cwd` (default: the repo root), stdin closed. */
export function probeModules(nodeArgs: string[], opts: { cwd?: string; timeoutMs?: number } = {}): Promise<ModuleProbe> {
  const dir = mkdtempSync(join(tmpdir(), 'mindbridge-probe-'))
  const log = join(dir, 'modules.log')
  const timeoutMs = opts.timeoutMs ?? 60_000
  return new Promise<ModuleProbe>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', RECORDER, ...nodeArgs], {
      cwd: opts.cwd ?? ROOT,
      env: { ...process.env, MINDBRIDGE_MODULE_LOG: log },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`node ${nodeArgs.join(' ')} did not exit within ${timeoutMs} ms`))
    }, timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      let text = ''
      try {
        text = readFileSync(log, 'utf8')
      } catch {
        /* nothing was recorded */
      }
      rmSync(dir, { recursive: true, force: true })
      const modules = [...new Set(text.split('\n').filter(Boolean))].sort()
      const packages = [...new Set(modules.map(packageOf).filter((p): p is string => p !== undefined))].sort()
      resolve({ code, stdout, stderr, modules, packages })
    })
  })
}

/** Node arguments that import `specifier` (a bare name or a file URL) and print how long the import took, in ms. */
export function importArgs(specifier: string): string[] {
  return ['--input-type=module', '-e', 'const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t))', specifier]
}
