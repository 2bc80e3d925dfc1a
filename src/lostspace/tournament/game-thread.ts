/** A worker thread of the game pool (pool.ts): plays its tasks one at a time, posts each outcome back. */
import { parentPort, workerData } from 'node:worker_threads'
import { killAllAiProcesses } from '../judger/process.js'
import { playGame } from './play.js'
import type { GameTask } from './records.js'
import type { ThreadData, ToPool, ToThread } from './pool.js'

const port = parentPort
if (!port) throw new Error('game-thread.ts runs only as a worker thread')
const data = workerData as ThreadData

/** Tasks wait here and run one after the other (the pool sends the next before this one ends). */
const queued: { n: number; task: GameTask }[] = []
let running = false

port.on('message', (msg: ToThread) => {
  if (msg.type === 'stop') {
    // Command AIs live in their own process groups: stop them before the thread goes.
    killAllAiProcesses()
    process.exit(0)
  }
  queued.push({ n: msg.n, task: msg.task })
  if (!running) void drain()
})

async function drain(): Promise<void> {
  running = true
  for (let next = queued.shift(); next; next = queued.shift()) await play(next.n, next.task)
  running = false
}

async function play(n: number, task: GameTask): Promise<void> {
  let reply: ToPool
  try {
    reply = { n, ok: true, outcome: await playGame(task, { by: data.by, ...(data.llm ? { llm: data.llm } : {}) }) }
  } catch (err) {
    reply = { n, ok: false, error: err instanceof Error ? err.message : String(err) }
  }
  port!.postMessage(reply)
}
