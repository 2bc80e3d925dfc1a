/**
 * A small LynxMind agent for the remote mind, run as its own process by the tests:
 *
 *   node --import tsx remote-agent.ts <ws-url> <token> <mode> [x z]
 *
 * Modes:
 * - `walk-then-leave`: on the task, walk to x z; when the walk ends, close the socket (no EVENT_AI_STOP).
 * - `leave-on-task`: on open send EVENT_AI_START, one frame that is not JSON and EVENT_AI_GET_STATUS;
 *   close the socket as soon as the task arrives.
 * - `carry-on`: on the task, walk to x z; when the walk ends, send EVENT_AI_STOP and stay until the bot closes.
 *
 * Prints `connected`, `got <TYPE>` for every message received, and `sent <n>` (every frame it sent) on exit.
 */
import WebSocket from 'ws'

const [url, token, mode, xs, zs] = process.argv.slice(2)
if (!url || !token || !mode) {
  process.stderr.write('usage: remote-agent.ts <ws-url> <token> <mode> [x z]\n')
  process.exit(2)
}
const target = { x: Number(xs), z: Number(zs) }
let sent = 0
const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } })
const send = (frame: unknown) => {
  sent++
  ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
}
const leave = () => ws.close(1000, 'agent done')

ws.on('open', () => {
  process.stdout.write('connected\n')
  send({ type: 'EVENT_AI_START' })
  if (mode === 'leave-on-task') {
    send('this is not JSON')
    send({ type: 'EVENT_AI_GET_STATUS' })
  }
})
ws.on('message', (data) => {
  const e = JSON.parse(String(data)) as { type: string }
  process.stdout.write(`got ${e.type}\n`)
  if (e.type === 'EVENT_PLAYER_STATUS_CREATE_TASK') {
    if (mode === 'leave-on-task') return leave()
    send({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: target.x, z: target.z }, plans: 'walk to the goal' })
  } else if (e.type === 'EVENT_PLAYER_BARITONE_TASK_STOP') {
    if (mode === 'walk-then-leave') return leave()
    if (mode === 'carry-on') send({ type: 'EVENT_AI_STOP', reason: 'arrived' })
  }
})
ws.on('unexpected-response', (_req, res) => {
  process.stderr.write(`refused: HTTP ${res.statusCode}\n`)
  process.exit(1)
})
ws.on('error', (err) => process.stderr.write(`socket error: ${err.message}\n`))
ws.on('close', () => {
  process.stdout.write(`sent ${sent}\n`)
  process.exit(0)
})
