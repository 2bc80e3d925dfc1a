/**
 * Runs a node process to its end and collects its output: the one way tests and benches start
 * the CLI or a helper script as a real subprocess. `limitMs` only turns a hang into a SIGKILL
 * (the caller then sees `signal`), never a speed check.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface NodeRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** Wall time from spawn to close. */
  ms: number
}

export interface RunNodeOptions {
  cwd?: string
  /** The whole environment of the child (default: this process's). */
  env?: NodeJS.ProcessEnv
  limitMs?: number
}

export function runNode(args: string[], opts: RunNodeOptions = {}): Promise<NodeRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.limitMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr, ms: performance.now() - start })
    })
  })
}

/** This process's environment without the variables named by `drop` (e.g. every MINDBRIDGE_*). */
export function envWithout(drop: (name: string) => boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!drop(k)) env[k] = v
  return env
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** A CLI command left running (e.g. a world or a dashboard): its output so far and its exit. */
export interface CliRun {
  child: ChildProcess
  out: () => string
  exited: Promise<number | null>
}

/** Starts `mindbridge <args>` from the sources (through tsx) in the repository root; stdout and stderr together. */
export function startCli(args: string[]): CliRun {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d))
  child.stderr!.on('data', (d: Buffer) => (out += d))
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)))
  return { child, out: () => out, exited }
}
