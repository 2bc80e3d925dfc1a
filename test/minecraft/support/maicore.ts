/**
 * Helpers for the MaiCore link tests: a still body (a fixed BodyStatus and Vision: the
 * wire tests exercise the protocol, not the game), a runner that records programs, the
 * real Python maim_message 0.6.8 server as a subprocess, and bounded waits.
 */
import { EventEmitter } from 'node:events'
import { waitForEvent } from '../../support/wait.js'
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createInterface } from 'node:readline'
import type { Body, BodyStatus, SkillCall, SkillResult, Vision } from '../../../src/minecraft/body/types.js'
import type { ProgramRunner, ProgramSpec, ProgramResult } from '../../../src/minecraft/links/maicore/runner.js'
import { needsTool } from '../../support/skips.js'

export const PEERS_DIR = fileURLToPath(new URL('../../../../shared/peers/', import.meta.url))
export const MAIM_SRC = `${PEERS_DIR}maim_message-0.6.8/src`
export const PEER_SCRIPT = fileURLToPath(new URL('../../fixtures/maicore/maim_peer.py', import.meta.url))

/** Why the real-peer tests cannot run here, or undefined when they can. */
export function realPeerUnavailable(): string | undefined {
  if (!existsSync(MAIM_SRC)) return `../shared/peers/maim_message-0.6.8 is absent (a fresh clone without the shared folder): real maim_message peer tests skipped`
  if (!existsSync('/usr/bin/python3')) return needsTool('python3', '/usr/bin/python3 is missing: real maim_message peer tests skipped')
  return undefined
}

export function stillStatus(over: Partial<BodyStatus> = {}): BodyStatus {
  return {
    connected: true,
    health: 18.5,
    maxHealth: 20,
    food: 17,
    maxFood: 20,
    saturation: 3.2,
    position: { x: 10.5, y: 64, z: -3.5 },
    yaw: 90,
    pitch: 10,
    dimension: 'overworld',
    timeOfDay: 1000,
    day: 2,
    inventory: [
      { slot: 36, name: 'minecraft:oak_log', count: 3 },
      { slot: 37, name: 'minecraft:wooden_pickaxe', count: 1 },
      { slot: 12, name: 'minecraft:oak_log', count: 2 },
    ],
    equipment: { hand: 'minecraft:wooden_pickaxe', offHand: null, head: null, torso: null, legs: null, feet: null },
    activity: { kind: 'idle' },
    action: null,
    ...over,
  }
}

export function stillVision(): Vision {
  return {
    eye: { x: 10.5, y: 65.62, z: -3.5 },
    yaw: 90,
    pitch: 10,
    distance: 16,
    blocks: [
      { name: 'minecraft:grass_block', position: { x: 10, y: 63, z: -4 }, distance: 1.7 },
      { name: 'minecraft:oak_log', position: { x: 11, y: 64, z: -4 }, distance: 1.9 },
      { name: 'minecraft:stone', position: { x: 14, y: 62, z: -2 }, distance: 5.2 },
    ],
    entities: [{ id: 7, name: 'minecraft:cow', kind: 'animal', position: { x: 13.2, y: 64, z: 1.1 }, distance: 5.4 }],
  }
}

/** A body that stands still: the wire tests need its status and vision, not its skills. */
export class StillBody extends EventEmitter implements Body {
  readonly username = 'Mai'
  readonly ready = true
  readonly said: string[] = []
  readonly calls: SkillCall[] = []
  statusValue = stillStatus()
  status(): BodyStatus {
    return this.statusValue
  }
  inventoryCounts(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const e of this.statusValue.inventory) out[e.name] = (out[e.name] ?? 0) + e.count
    return out
  }
  look(): Vision {
    return stillVision()
  }
  async run(call: SkillCall): Promise<SkillResult> {
    this.calls.push(call)
    return { ok: false, reason: 'a still body does not act' }
  }
  say(message: string): boolean {
    this.said.push(message)
    return true
  }
  async stop(): Promise<void> {}
  strikeBack = { add() {}, remove() {}, list: () => [] }
  async close(): Promise<void> {}
}

/** Records each program and ends it at once (wire tests check what reaches the sandbox, not the sandbox). */
export class RecordingRunner implements ProgramRunner {
  readonly programs: ProgramSpec[] = []
  async run(spec: ProgramSpec): Promise<ProgramResult> {
    this.programs.push(spec)
    return { ok: true, value: null, logs: [] }
  }
  async close(): Promise<void> {}
}

/** Resolves when `emitter` emits `event` with args accepted by `accept`; rejects after `ms` with `what`. */
export function waitFor<A extends unknown[]>(emitter: EventEmitter, event: string, what: string, accept: (...a: A) => boolean = () => true, ms = 20_000): Promise<A> {
  return waitForEvent<A>(what, emitter, event, accept, ms)
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

/** The real maim_message 0.6.8 MessageServer in a Python subprocess. */
export class RealPeer extends EventEmitter {
  readonly messages: Array<Record<string, unknown>> = []
  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly port: number,
  ) {
    super()
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}/ws`
  }

  static async start(port: number, token?: string): Promise<RealPeer> {
    const child = spawn('/usr/bin/python3', [PEER_SCRIPT, String(port), token ?? ''], {
      env: { ...process.env, PYTHONPATH: MAIM_SRC, PYTHONUNBUFFERED: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const peer = new RealPeer(child, port)
    child.stderr.resume()
    createInterface({ input: child.stdout }).on('line', (line) => {
      let ev: { event?: string; data?: Record<string, unknown> }
      try {
        ev = JSON.parse(line) as typeof ev
      } catch {
        return
      }
      if (ev.event === 'message' && ev.data) peer.messages.push(ev.data)
      peer.emit(ev.event ?? 'unknown', ev.data ?? ev)
    })
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`maim_message peer exited early (code ${code})`))))
    await Promise.race([waitFor(peer, 'ready', 'the real maim_message server to start', () => true, 30_000), exited])
    return peer
  }

  command(cmd: Record<string, unknown>): void {
    this.child.stdin.write(JSON.stringify(cmd) + '\n')
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()))
    this.command({ cmd: 'stop' })
    const kill = setTimeout(() => this.child.kill('SIGKILL'), 5000)
    await gone
    clearTimeout(kill)
  }
}

/** Holds every program until it is cancelled (tests of "a new program stops the running one"). */
export class BlockingRunner extends EventEmitter implements ProgramRunner {
  readonly programs: ProgramSpec[] = []
  readonly cancelled: ProgramSpec[] = []
  /** Most programs ever running at once (a sandbox runs one at a time). */
  maxConcurrent = 0
  private runningNow = 0
  async run(spec: ProgramSpec): Promise<ProgramResult> {
    this.programs.push(spec)
    this.runningNow++
    this.maxConcurrent = Math.max(this.maxConcurrent, this.runningNow)
    this.emit('run', spec)
    const signal = spec.signal
    if (!signal) throw new Error('BlockingRunner needs a signal')
    await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))
    this.cancelled.push(spec)
    this.runningNow--
    return { ok: false, error: { error_type: 'Cancelled', error_message: String((signal.reason as Error)?.message ?? signal.reason), error_stack: null }, logs: [] }
  }
  async close(): Promise<void> {}
}
