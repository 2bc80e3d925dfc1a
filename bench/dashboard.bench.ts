/**
 * What open dashboards cost the bot. One process runs what `mindbridge play --mind llm
 * --dashboard` runs: the embedded world (starter profile), the mineflayer bot, the LynxMind
 * session with the llm mind and the control server with the dashboard at its default settings
 * (a frame every 500 ms, the map every second, radius 24, the usage meter and the model's XML).
 * The model is the scripted OpenAI-compatible server on loopback, answering at once, so a
 * decision's time is the loop's own: event, prompt, HTTP, parse, action. The bot walks the same
 * two legs over and over (`goto`, no block changes, so every phase does the same work) while, in
 * turn:
 *   - no page is open (the baseline);
 *   - 5 WebSocket clients in another process consume the stream as the page does (every frame
 *     parsed);
 *   - 5 chromium pages show the dashboard (when /usr/bin/chromium is installed);
 *   - no page is open again, after all of them were closed.
 * For each phase: the decision loop (a mod→AI event until the mind's answer is handled; a goto
 * task from creation to its end), the bot's physics tick and the server's tick (both 50 ms
 * nominal), the event loop's delay and the process's CPU, each as a ratio to the baseline; and
 * the work the hub did (frames built, bytes sent, milliseconds spent), which is counted, not
 * inferred from timing: with no page open it must be zero.
 *
 * The phases run in that order, round after round (MINDBRIDGE_BENCH_DASH_ROUNDS, default 2), and
 * each phase's figures are pooled over the rounds, so a drift of the machine's load spreads over
 * all of them. MINDBRIDGE_BENCH_DASH_TASKS=n sets the tasks per phase and round (default 6).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import type { Browser } from 'playwright-core'
import { DashboardConfigSchema } from '../src/cli/config-schema.js'
import type { TrafficEvent } from '../src/minecraft/links/lynxmind.js'
import { DashboardHub } from '../src/minecraft/dashboard/hub.js'
import type { DashboardLink, TrafficNote } from '../src/minecraft/dashboard/links.js'
import { buildClient, quiet, startRig, TOKEN, type DashboardRig } from '../test/minecraft/support/dashboard.js'
import { startScriptedOpenAI, type RecordedRequest, type StaticStep } from '../test/support/scripted-openai.js'
import { createLlmClient } from '../src/core/llm/index.js'
import { LlmMind } from '../src/minecraft/minds/llm.js'
import { ModelTap } from '../src/minecraft/dashboard/model-tap.js'
import { CHROMIUM, launchChromium } from '../test/support/browser.js'
import { fmt, median } from './util.js'

const PAGES = 5
const LAG_MS = 10

/** The model: START; a new `goto X Z` task → ACTION_MOVE there; the move's end → STOP. */
function gotoModel(req: RecordedRequest): StaticStep {
  const msgs = req.body?.messages ?? []
  const user = String([...msgs].reverse().find((m) => m.role === 'user')?.content ?? '')
  const event = user.slice(user.lastIndexOf('</context>') + 1)
  if (event.includes('The game has started')) return { reply: '{"type":"EVENT_AI_START"}' }
  const to = /goto (-?\d+) (-?\d+)/.exec(event)
  if (event.includes('EVENT_PLAYER_STATUS_CREATE_TASK') && to) return { reply: JSON.stringify({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: Number(to[1]), z: Number(to[2]) }, plans: 'walk there' }) }
  if (event.includes('EVENT_PLAYER_BARITONE_TASK_STOP')) return { reply: '{"type":"EVENT_AI_STOP","reason":"arrived"}' }
  return { reply: '{"type":"NONE"}' }
}
const KEEP_N = 1_000_000

/** ns per protocol message the hub keeps with no page open (a hub on a link that only emits). */
function keepCost(): number {
  let emit: ((t: TrafficNote) => void) | undefined
  const link = { protocol: 'lynxmind', onTraffic: (fn: (t: TrafficNote) => void) => ((emit = fn), () => undefined) } as unknown as DashboardLink
  const hub = new DashboardHub({ link })
  const note: TrafficNote = { at: Date.now(), dir: 'out', kind: 'EVENT_PLAYER_STATUS_HEARTBEAT', payload: { type: 'EVENT_PLAYER_STATUS_HEARTBEAT' } }
  for (let i = 0; i < 10_000; i++) emit!(note)
  const t0 = performance.now()
  for (let i = 0; i < KEEP_N; i++) emit!(note)
  const ns = ((performance.now() - t0) * 1e6) / KEEP_N
  hub.close()
  return ns
}

interface Phase {
  name: string
  decisions: number[]
  tasks: number[]
  failed: number
  botTicks: number[]
  serverTicks: number[]
  /** Event-loop delays, ms. */
  lags: number[]
  cpuMs: number
  seconds: number
  frames: number
  bytes: number
  hubMs: number
  hubCpuMs: number
  kept: number
  rendered: number
  /** What the clients received (WebSocket clients only). */
  received?: { frames: number; bytes: number }
}

function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!
}

const cpuPct = (p: Phase) => (p.cpuMs / 1000 / p.seconds) * 100
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN)

/** The page's consumption without the DOM: N sockets in a child process, every frame parsed. */
const CLIENTS = `
import { WebSocket } from 'ws'
const [url, token, n] = process.argv.slice(1)
let frames = 0, bytes = 0, open = 0
const socks = []
for (let i = 0; i < Number(n); i++) {
  const ws = new WebSocket(url)
  ws.on('open', () => ws.send(JSON.stringify({ op: 'auth', token })))
  ws.on('message', (d) => {
    const text = String(d)
    bytes += text.length
    const f = JSON.parse(text)
    if (f.type === 'hello' && ++open === Number(n)) process.stdout.write('ready\\n')
    frames++
  })
  ws.on('error', (e) => process.stderr.write(String(e) + '\\n'))
  socks.push(ws)
}
process.stdin.on('data', () => {
  for (const ws of socks) ws.close()
  process.stdout.write(JSON.stringify({ frames, bytes }) + '\\n')
  setTimeout(() => process.exit(0), 100)
})
`

async function wsClients(rig: DashboardRig, n: number): Promise<{ close(): Promise<{ frames: number; bytes: number }> }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENTS, `${rig.url.replace('http', 'ws')}/v1/dashboard`, TOKEN, String(n)], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines: string[] = []
  let buf = ''
  const waiters: Array<() => void> = []
  child.stdout.on('data', (d: Buffer) => {
    buf += String(d)
    let i
    while ((i = buf.indexOf('\n')) >= 0) {
      lines.push(buf.slice(0, i))
      buf = buf.slice(i + 1)
      for (const w of waiters.splice(0)) w()
    }
  })
  const line = async (pred: (l: string) => boolean): Promise<string> => {
    for (;;) {
      const l = lines.find(pred)
      if (l) return l
      if (child.exitCode !== null) throw new Error('the client process ended')
      await new Promise<void>((r) => waiters.push(r))
    }
  }
  await line((l) => l === 'ready')
  return {
    async close() {
      child.stdin.write('stop\n')
      const stats = JSON.parse(await line((l) => l.startsWith('{'))) as { frames: number; bytes: number }
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
      return stats
    },
  }
}

async function chromiumPages(browser: Browser, rig: DashboardRig, n: number): Promise<{ close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } })
  for (let i = 0; i < n; i++) {
    const page = await context.newPage()
    await page.goto(rig.pageUrl)
    await page.waitForSelector('body[data-state=live]', { timeout: 30_000 })
  }
  return { close: () => context.close() }
}

async function until(what: string, cond: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

export async function run(): Promise<void> {
  const loadAtStart = loadavg()
  const perPhase = Number(process.env.MINDBRIDGE_BENCH_DASH_TASKS ?? 6)
  const rounds = Number(process.env.MINDBRIDGE_BENCH_DASH_ROUNDS ?? 2)
  const settings = DashboardConfigSchema.parse({})
  const client = await buildClient()
  const server = await startScriptedOpenAI([gotoModel])
  const tap = new ModelTap()
  const llm = tap.wrap(createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', timeoutMs: 10_000 }, { logger: quiet }))
  const rig = await startRig(client.dir, { mind: new LlmMind({ client: llm }), model: tap, settings: { mapRadius: settings.mapRadius, periodMs: settings.periodMs, viewDistance: settings.viewDistance } })
  const browser = existsSync(CHROMIUM) ? await launchChromium() : undefined
  const link = rig.session.link
  const start = rig.body.status().position
  const legs = [`goto ${Math.floor(start.x) - 6} ${Math.floor(start.z)}`, `goto ${Math.floor(start.x)} ${Math.floor(start.z) + 10}`]
  let leg = 0

  // probes: they run in every phase alike
  let decisionStart: number | undefined
  let decisions: number[] = []
  link.on('traffic', (t: TrafficEvent) => {
    const now = performance.now()
    if (t.dir === 'to_mind') decisionStart = now
    else if (decisionStart !== undefined) {
      decisions.push(now - decisionStart)
      decisionStart = undefined
    }
  })
  let botTicks: number[] = []
  let lastBot = 0
  rig.body.bot.on('physicsTick', () => {
    const now = performance.now()
    if (lastBot) botTicks.push(now - lastBot)
    lastBot = now
  })
  let serverTicks: number[] = []
  let lastServer = 0
  ;(rig.world.server as unknown as { on(ev: 'tick', f: () => void): void }).on('tick', () => {
    const now = performance.now()
    if (lastServer) serverTicks.push(now - lastServer)
    lastServer = now
  })
  const runTasks = async (n: number): Promise<{ tasks: number[]; failed: number }> => {
    const tasks: number[] = []
    let failed = 0
    for (let i = 0; i < n; i++) {
      const t0 = performance.now()
      const rec = link.createTask(legs[leg++ % 2]!, 'bench')
      const done = await link.waitTask(rec.id)
      if (done.status === 'succeeded') tasks.push(performance.now() - t0)
      else failed++
    }
    return { tasks, failed }
  }

  // the event loop's delay: how late a 10 ms timer fires (sampled here, so phases pool exactly)
  let lags: number[] = []
  let due = 0
  const lagTimer = setInterval(() => {
    const now = performance.now()
    if (due) lags.push(Math.max(0, now - due))
    due = now + LAG_MS
  }, LAG_MS)

  // one entry per phase, pooled over the rounds
  const phases = new Map<string, Phase>()
  const measure = async (name: string): Promise<Phase> => {
    let p = phases.get(name)
    if (!p) {
      p = { name, decisions: [], tasks: [], failed: 0, botTicks: [], serverTicks: [], lags: [], cpuMs: 0, seconds: 0, frames: 0, bytes: 0, hubMs: 0, hubCpuMs: 0, kept: 0, rendered: 0 }
      phases.set(name, p)
    }
    decisions = []
    botTicks = []
    serverTicks = []
    lastBot = 0
    lastServer = 0
    const hub = rig.hub
    const before = { frames: hub.framesBuilt, bytes: hub.bytesSent, ms: hub.workMs, cpu: hub.workCpuMs, kept: hub.trafficKept, rendered: hub.trafficRendered }
    lags = []
    due = 0
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    const { tasks, failed } = await runTasks(perPhase)
    const cpu = process.cpuUsage(cpu0)
    p.seconds += (performance.now() - t0) / 1000
    p.lags.push(...lags)
    p.decisions.push(...decisions)
    p.tasks.push(...tasks)
    p.failed += failed
    p.botTicks.push(...botTicks)
    p.serverTicks.push(...serverTicks)
    p.cpuMs += (cpu.user + cpu.system) / 1000
    p.frames += hub.framesBuilt - before.frames
    p.bytes += hub.bytesSent - before.bytes
    p.hubMs += hub.workMs - before.ms
    p.hubCpuMs += hub.workCpuMs - before.cpu
    p.kept += hub.trafficKept - before.kept
    p.rendered += hub.trafficRendered - before.rendered
    return p
  }

  try {
    await runTasks(2) // warm-up
    for (let round = 0; round < rounds; round++) {
      await measure('0 pages (baseline)')

      const clients = await wsClients(rig, PAGES)
      await until(`${PAGES} pages`, () => rig.hub.pages === PAGES)
      const ws = await measure(`${PAGES} WebSocket clients`)
      const got = await clients.close()
      ws.received = { frames: (ws.received?.frames ?? 0) + got.frames, bytes: (ws.received?.bytes ?? 0) + got.bytes }
      await until('no page', () => rig.hub.pages === 0)

      if (browser) {
        const pages = await chromiumPages(browser, rig, PAGES)
        await until(`${PAGES} pages`, () => rig.hub.pages === PAGES)
        await measure(`${PAGES} chromium pages`)
        await pages.close()
        await until('no page', () => rig.hub.pages === 0)
      } else if (round === 0) console.log(`(${CHROMIUM} is not installed: no chromium phase)`)

      await measure('0 pages, after all were closed')
    }
  } finally {
    clearInterval(lagTimer)
    await browser?.close()
    await rig.close()
    await server.close()
    client.remove()
  }

  const list = [...phases.values()]
  const base = list[0]!
  const r = (x: number, b: number) => (Number.isFinite(x) && Number.isFinite(b) && b > 0 ? fmt(x / b, 2) : '–')
  console.log(`machine: ${cpus().length} cores, load average ${loadAtStart.map((x) => x.toFixed(1)).join(' ')} at the start, ${loadavg().map((x) => x.toFixed(1)).join(' ')} at the end (other processes included)`)
  console.log(`workload per phase: ${perPhase} goto tasks × ${rounds} rounds (two legs of ~10 blocks; llm mind, scripted model on loopback: ${llm.usage().calls} calls in all), dashboard every ${settings.periodMs} ms, map radius ${settings.mapRadius}; all in one process except the clients`)
  console.log('')
  console.log('| phase | decision (event → answer) median / p95 ms | goto task median s | bot tick mean / p99 ms | server tick mean / p99 ms | event loop delay p99 / max ms | CPU % of a core |')
  console.log('|---|---:|---:|---:|---:|---:|---:|')
  for (const p of list) {
    console.log(
      `| ${p.name} | ${fmt(median(p.decisions), 3)} / ${fmt(pct(p.decisions, 0.95), 3)} | ${fmt(median(p.tasks) / 1000, 2)}${p.failed ? ` (${p.failed} failed)` : ''} | ${fmt(mean(p.botTicks), 1)} / ${fmt(pct(p.botTicks, 0.99), 1)} | ${fmt(mean(p.serverTicks), 1)} / ${fmt(pct(p.serverTicks, 0.99), 1)} | ${fmt(pct(p.lags, 0.99), 1)} / ${fmt(Math.max(...p.lags), 1)} | ${fmt(cpuPct(p), 1)} |`,
    )
  }
  console.log('')
  console.log('ratios to the baseline (1.00 = no slower):')
  console.log('| phase | decision median | decision p95 | goto task | bot tick mean | bot tick p99 | server tick mean | server tick p99 | event loop p99 | CPU |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const p of list.slice(1)) {
    console.log(
      `| ${p.name} | ${r(median(p.decisions), median(base.decisions))} | ${r(pct(p.decisions, 0.95), pct(base.decisions, 0.95))} | ${r(median(p.tasks), median(base.tasks))} | ${r(mean(p.botTicks), mean(base.botTicks))} | ${r(pct(p.botTicks, 0.99), pct(base.botTicks, 0.99))} | ${r(mean(p.serverTicks), mean(base.serverTicks))} | ${r(pct(p.serverTicks, 0.99), pct(base.serverTicks, 0.99))} | ${r(pct(p.lags, 0.99), pct(base.lags, 0.99))} | ${r(cpuPct(p), cpuPct(base))} |`,
    )
  }
  console.log('')
  console.log('the hub\'s work, counted (not timed from outside):')
  console.log('| phase | frames built | bytes sent | hub wall ms | hub CPU ms | hub CPU ms per second | hub share of the process CPU | protocol messages kept / rendered | decisions measured |')
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const p of list) {
    const cpuMs = p.cpuMs
    console.log(
      `| ${p.name} | ${p.frames} | ${fmt(p.bytes)} | ${fmt(p.hubMs, 1)} | ${fmt(p.hubCpuMs, 1)} | ${fmt(p.hubCpuMs / p.seconds, 2)} | ${cpuMs > 0 ? `${fmt((p.hubCpuMs / cpuMs) * 100, 1)} %` : '–'} | ${p.kept} / ${p.rendered} | ${p.decisions.length} |`,
    )
  }
  const ws = list.find((p) => p.received)
  if (ws?.received) console.log(`\nthe ${PAGES} WebSocket clients parsed ${ws.received.frames} frames (${fmt(ws.received.bytes)} bytes): each frame is built once and sent to every page`)
  const closed = list[list.length - 1]!
  const keep = keepCost()
  console.log(
    `a closed page costs the bot nothing: after every page closed, the hub built ${closed.frames} frames, sent ${closed.bytes} bytes, spent ${fmt(closed.hubMs, 1)} ms ` +
      `and rendered ${closed.rendered} of the ${closed.kept} protocol messages it kept; keeping one costs ${fmt(keep, 0)} ns (${KEEP_N.toLocaleString('en-US')} kept in a loop), ` +
      `${fmt((keep * closed.kept) / 1e6, 3)} ms for the whole phase against the decisions' own ${fmt(closed.decisions.reduce((a, b) => a + b, 0), 1)} ms`,
  )
}
