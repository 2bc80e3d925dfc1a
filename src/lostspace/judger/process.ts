/**
 * One AI as a subprocess: a shell command speaking Saiblo AI framing on
 * stdin/stdout. Writes are asynchronous and EPIPE is ignored (an AI may exit
 * at any time, e.g. the Python SDK after `escaped`); stdout is decoded all the
 * time; stderr is kept as a bounded tail for error logs.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { FrameDecoder, FramingError } from './framing.js'

export type AiFailure =
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'oversize'; message: string }
  | { kind: 'spawn'; message: string }

export interface AiProcessOptions {
  command: string
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Largest accepted AI → judger frame body, in bytes. */
  maxLength?: number
  /** How many bytes of stderr to keep (the tail). Default 8 KiB. */
  stderrLimit?: number
  onMessage: (body: string) => void
  onFailure: (failure: AiFailure) => void
}

/** AIs still running; killed when this process exits (they sit in their own process groups). */
const live = new Set<AiProcess>()
let exitHookInstalled = false

/** Kills every AI subprocess still running (also done automatically on process exit). */
export function killAllAiProcesses(): void {
  for (const p of [...live]) p.kill()
}

export class AiProcess {
  private readonly child: ChildProcess
  private readonly decoder: FrameDecoder
  private stderrTail = ''
  private readonly stderrLimit: number
  private closed = false
  private exited = false
  private failed = false
  readonly exitPromise: Promise<void>

  constructor(private readonly opts: AiProcessOptions) {
    this.stderrLimit = opts.stderrLimit ?? 8192
    this.decoder = new FrameDecoder({ maxLength: opts.maxLength ?? 2048 })
    this.child = spawn(opts.command, {
      shell: true,
      cwd: opts.cwd,
      env: opts.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    })
    live.add(this)
    if (!exitHookInstalled) {
      exitHookInstalled = true
      process.once('exit', killAllAiProcesses)
    }
    this.exitPromise = new Promise((resolve) => {
      const done = () => {
        this.reaped = true
        live.delete(this)
        resolve()
      }
      this.child.once('close', done)
      this.child.once('error', done)
    })
    this.child.stdin!.on('error', () => {
      /* EPIPE and friends: the AI is gone; its exit is reported separately. */
    })
    this.child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk))
    this.child.stderr!.on('data', (chunk: Buffer) => this.onStderr(chunk))
    this.child.once('error', (err) => {
      this.exited = true
      this.fail({ kind: 'spawn', message: err.message })
    })
    this.child.once('exit', (code, signal) => {
      this.exited = true
      // The AI is over, however it ended: whatever it left behind in its process group
      // (`sleep 300 & python3 ai.py`) goes too, so nothing holds its pipes or outlives the match.
      // Output already in the pipes is still read.
      this.killGroup()
      // Report once stdout is drained ('close'), so a final message is not lost; but do not wait
      // long for it: a grandchild may still hold the pipe open.
      let reported = false
      const report = () => {
        if (reported) return
        reported = true
        clearTimeout(timer)
        this.fail({ kind: 'exit', code, signal })
      }
      const timer = setTimeout(report, 200)
      this.child.once('close', report)
    })
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  /** The last bytes the AI wrote to stderr. */
  get stderr(): string {
    return this.stderrTail
  }

  get alive(): boolean {
    return !this.exited
  }

  /** Sends raw bytes (an AI payload, header included). Never throws; never blocks. */
  send(payload: string | Buffer): void {
    if (this.closed || this.exited) return
    const stdin = this.child.stdin
    if (!stdin || stdin.destroyed || !stdin.writable) return
    try {
      stdin.write(payload)
    } catch {
      /* ignored, see stdin error handler */
    }
  }

  /** Stops the AI (whole process group, also after the AI itself has exited) and stops reporting anything. */
  kill(): void {
    if (this.closed) return
    this.closed = true
    live.delete(this)
    this.child.stdin?.destroy()
    this.killGroup()
    // A descendant that left the group (setsid) may still hold the pipes: stop reading them, so
    // the child's 'close' (and exitPromise) cannot wait for it.
    this.child.stdout?.destroy()
    this.child.stderr?.destroy()
  }

  private reaped = false

  /** SIGKILL to the AI's process group (it leads its own group: `detached`). */
  private killGroup(): void {
    const pid = this.child.pid
    if (pid === undefined || this.reaped) return
    try {
      if (process.platform !== 'win32') process.kill(-pid, 'SIGKILL')
      else if (!this.exited) this.child.kill('SIGKILL')
    } catch {
      if (this.exited) return // the group is empty: nothing left to stop
      try {
        this.child.kill('SIGKILL')
      } catch {
        /* already gone */
      }
    }
  }

  private onStdout(chunk: Buffer): void {
    if (this.closed || this.failed) return
    let bodies
    try {
      bodies = this.decoder.push(chunk)
    } catch (err) {
      const message = err instanceof FramingError ? err.message : String(err)
      this.fail({ kind: 'oversize', message })
      return
    }
    for (const f of bodies) {
      if (this.closed || this.failed) return
      this.opts.onMessage(f.body)
    }
  }

  private onStderr(chunk: Buffer): void {
    this.stderrTail += chunk.toString('utf8')
    if (this.stderrTail.length > this.stderrLimit) {
      this.stderrTail = '…' + this.stderrTail.slice(this.stderrTail.length - this.stderrLimit)
    }
  }

  private fail(failure: AiFailure): void {
    if (this.closed || this.failed) return
    this.failed = true
    this.opts.onFailure(failure)
  }
}
