/** A worker thread of the game pool (pool.ts): plays one task at a time, posts the outcome back. */
import { parentPort, workerData } from 'node:worker_threads'
import { killAllAiProcesses } from '../judger/process.js'
import { playGame } from './play.js'
import type { GameTask } from './records.js'
import type { ThreadData, ToPool, ToThread } from './pool.js'

const port = parentPort
if (!port) throw new Error('game-thread.ts runs only as a worker thread')
const data = workerData as ThreadData

port.on('message', (msg: ToThread) => {
  if (msg.type === 'stop') {
    // Command AIs live in their own process groups: stop them before the thread goes.
    killAllAiProcesses()
    process.exit(0)
  }
  void play(msg.n, msg.task)
})

async function play(n: number, task: GameTask): Promise<void> {
  let reply: ToPool
  try {
    reply = { n, ok: true, outcome: await playGame(task, { by: data.by, ...(data.llm ? { llm: data.llm } : {}) }) }
  } catch (err) {
    reply = { n, ok: false, error: err instanceof Error ? err.message : String(err) }
  }
  port!.postMessage(reply)
}
