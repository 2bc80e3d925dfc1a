/**
 * The dashboard page's script (bundled by scripts/build-web.mjs). Reads the control token from
 * the URL fragment (`#token=…`, never sent to a server) or the login field, opens the
 * WebSocket, authenticates with its first frame and draws every frame it gets.
 */
import type { DashboardServerFrame, MapFrame, TaskView, TrafficItem, UsageFrame } from '../protocol.js'
import { blockColor, ENTITY_COLORS } from './colors.js'

type Frame<T extends DashboardServerFrame['type']> = Extract<DashboardServerFrame, { type: T }>
type StatusFrame = Frame<'status'>

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
const bare = (n: string) => n.replace(/^minecraft:/, '')
const TRAFFIC_KEEP = 1000

let ws: WebSocket | undefined
let traffic: TrafficItem[] = []
let mapRadius = 24

function setState(state: 'connecting' | 'live' | 'denied' | 'closed', text: string): void {
  document.body.dataset.state = state
  $('conn').textContent = text
}

function tokenFromFragment(): string | undefined {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash)
  return m ? decodeURIComponent(m[1]!) : undefined
}

function connect(token: string): void {
  setState('connecting', 'connecting…')
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/v1/dashboard`
  const sock = new WebSocket(url)
  ws = sock
  let gotData = false
  sock.onopen = () => sock.send(JSON.stringify({ op: 'auth', token }))
  sock.onmessage = (ev) => {
    gotData = true
    setState('live', 'live')
    $('login').hidden = true
    onFrame(JSON.parse(String(ev.data)) as DashboardServerFrame)
  }
  sock.onclose = (ev) => {
    if (ev.code === 4401 || !gotData) {
      setState('denied', 'wrong token')
      $('login').hidden = false
      $('login-error').textContent = ev.code === 4401 ? 'wrong token: no data was sent' : 'could not connect'
      return
    }
    setState('closed', 'disconnected — retrying')
    setTimeout(() => connect(token), 2000)
  }
}

function send(frame: unknown): void {
  if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame))
}

function onFrame(f: DashboardServerFrame): void {
  switch (f.type) {
    case 'hello':
      mapRadius = f.mapRadius
      $('who').textContent = `${f.bot} · ${f.protocol} · ${f.mind} mind`
      if (f.viewer) {
        $('viewer-panel').hidden = false
        $<HTMLIFrameElement>('viewer').src = f.viewer
      }
      return
    case 'status':
      return drawStatus(f)
    case 'bus':
      return drawBus(f)
    case 'traffic':
      traffic = traffic.concat(f.items).slice(-TRAFFIC_KEEP)
      return drawTraffic()
    case 'usage':
      return drawUsage(f)
    case 'map':
      return drawMap(f)
    case 'reply': {
      const r = $('reply')
      r.textContent = f.message
      r.className = f.ok ? 'good' : 'bad'
      r.dataset.op = f.op
      r.dataset.ok = String(f.ok)
      return
    }
    case 'error':
      $('reply').textContent = f.error
      $('reply').className = 'bad'
      return
  }
}

// ---------------------------------------------------------------- status

function bar(value: number, max: number, color: string): string {
  const pct = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0
  return `<div class="bar"><i style="width:${pct}%;background:${color}"></i></div>`
}

function clock(t: number): string {
  // 0 = 06:00 (sunrise); 1000 ticks an hour
  const hours = Math.floor(t / 1000 + 6) % 24
  const minutes = Math.floor(((t % 1000) / 1000) * 60)
  const phase = t < 12000 ? 'day' : t < 13800 ? 'dusk' : t < 22200 ? 'night' : 'dawn'
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')} (${phase}, tick ${t})`
}

function taskRows(t: TaskView | null): string {
  if (!t) return '<dt>task</dt><dd class="muted">none</dd>'
  const progress = t.progress !== undefined ? `${Math.round(t.progress * 100)}%` : ''
  return [
    `<dt>task</dt><dd id="task-text" data-id="${esc(t.id)}" data-status="${esc(t.status)}">#${esc(t.id)} ${esc(t.text)} <span class="muted">(${esc(t.status)}${t.source ? `, from ${esc(t.source)}` : ''})</span></dd>`,
    t.plan ? `<dt>plan</dt><dd>${esc(t.plan)}</dd>` : '',
    t.step ? `<dt>step</dt><dd>${t.stepNumber ? `${t.stepNumber}: ` : ''}${esc(t.step)}</dd>` : '',
    t.progress !== undefined || t.progressText ? `<dt>progress</dt><dd>${progress} ${esc(t.progressText ?? '')}${t.progress !== undefined ? bar(t.progress, 1, 'var(--accent)') : ''}</dd>` : '',
  ].join('')
}

function drawStatus(f: StatusFrame): void {
  const b = f.body
  const el = $('status')
  el.dataset.ready = String(f.ready)
  const recent = f.recent
    .slice(0, 5)
    .map((t) => `<li data-task="${esc(t.id)}" data-status="${esc(t.status)}">#${esc(t.id)} ${esc(t.text)} — <span class="${t.status === 'succeeded' || t.status === 'completed' ? 'good' : 'bad'}">${esc(t.status)}</span>${t.reason ? ` <span class="muted">${esc(t.reason.slice(0, 160))}</span>` : ''}</li>`)
    .join('')
  el.innerHTML = b
    ? `<div>health ${b.health.toFixed(1)}/${b.maxHealth}</div>${bar(b.health, b.maxHealth, 'var(--bad)')}
       <div>food ${b.food}/${b.maxFood} <span class="muted">saturation ${b.saturation.toFixed(1)}</span></div>${bar(b.food, b.maxFood, 'var(--warn)')}
       <dl><dt>position</dt><dd id="position">${b.position.x.toFixed(1)} ${b.position.y.toFixed(1)} ${b.position.z.toFixed(1)} <span class="muted">yaw ${Math.round(b.yaw)}°</span></dd>
       <dt>dimension</dt><dd>${esc(bare(b.dimension))}</dd><dt>time of day</dt><dd>${clock(b.timeOfDay)}, day ${b.day}</dd>
       <dt>mind</dt><dd>${esc(f.mind)} <span class="muted">over ${esc(f.protocol)}${f.session ? '' : ' (session not open)'}</span></dd>
       <dt>doing</dt><dd>${esc(b.action ? `${b.action.skill}${b.action.progress ? `: ${b.action.progress}` : ''}` : b.activity.kind)}</dd>
       ${taskRows(f.task)}</dl>${recent ? `<h2 style="margin-top:8px">recent tasks</h2><ol id="recent">${recent}</ol>` : ''}`
    : `<p class="muted">the bot is not connected</p><dl>${taskRows(f.task)}</dl>`
  if (b) drawInventory(b)
}

function drawInventory(b: NonNullable<StatusFrame['body']>): void {
  const bySlot = new Map(b.inventory.map((e) => [e.slot, e]))
  // inner inventory 9–35, then the hotbar 36–44 (as the game draws it)
  const slots: number[] = []
  for (let s = 9; s <= 44; s++) slots.push(s)
  const held = b.equipment.hand
  $('inventory').innerHTML = slots
    .map((s) => {
      const e = bySlot.get(s)
      const cls = `slot${s >= 36 ? ' hot' : ''}${e && s >= 36 && e.name === held ? ' sel' : ''}`
      return e
        ? `<div class="${cls}" data-slot="${s}" data-item="${esc(bare(e.name))}" data-count="${e.count}" title="${esc(e.name)} ×${e.count}">${esc(bare(e.name).replace(/_/g, ' '))}<b>${e.count}</b></div>`
        : `<div class="${cls}" data-slot="${s}"></div>`
    })
    .join('')
  const eq = b.equipment
  const parts: Array<[string, string | null]> = [['hand', eq.hand], ['off-hand', eq.offHand], ['head', eq.head], ['torso', eq.torso], ['legs', eq.legs], ['feet', eq.feet]]
  $('equipment').innerHTML = parts
    .map(([k, v]) => `<div class="slot" data-equip="${k}"${v ? ` data-item="${esc(bare(v))}"` : ''}><span class="lbl">${k}</span><br>${v ? esc(bare(v).replace(/_/g, ' ')) : ''}</div>`)
    .join('')
}

// ---------------------------------------------------------------- context bus

function busLine(e: Frame<'bus'>['entries'][number]): string {
  const time = new Date(e.t).toLocaleTimeString()
  if (e.type === 'player') return `${time} p ${e.name}: ${e.content}`
  if (e.type === 'event') return `${time} e ${e.eventType} ${e.data}`
  return `${time} ${e.type[0]} ${e.content}`
}

/** 7m, 2h5m, 3d: as the XML's gap markers. */
function duration(ms: number): string {
  const m = Math.floor(ms / 60_000)
  if (m < 60) return `${m}m`
  const h = Math.floor(m / 60)
  return h < 24 ? `${h}h${m % 60 ? `${m % 60}m` : ''}` : `${Math.floor(h / 24)}d`
}

function drawBus(f: Frame<'bus'>): void {
  const list = $('bus')
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4
  list.dataset.total = String(f.total)
  list.innerHTML = f.entries
    .map((e, i) => {
      const quiet = i > 0 ? e.t - f.entries[i - 1]!.t : 0
      const gap = quiet >= f.gapMs ? `<li class="muted" data-kind="gap">— ${duration(quiet)} without entries —</li>` : ''
      return `${gap}<li data-kind="${e.type}">${esc(busLine(e))}</li>`
    })
    .join('')
  if (atBottom) list.scrollTop = list.scrollHeight
  $('bus-count').textContent = `${f.total} entries`
  $('xml-title').textContent = f.xmlFrom === 'model' ? `XML the model last received (${new Date(f.xmlAt).toLocaleTimeString()})` : 'XML a model would receive now (no model call yet)'
  $('xml').textContent = f.xml
  $('xml').dataset.from = f.xmlFrom
}

// ---------------------------------------------------------------- traffic

function drawTraffic(): void {
  const q = $<HTMLInputElement>('traffic-filter').value.trim().toLowerCase()
  const show = { in: $<HTMLInputElement>('show-in').checked, out: $<HTMLInputElement>('show-out').checked, note: $<HTMLInputElement>('show-note').checked }
  const list = $('traffic')
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 4
  const shown = traffic.filter((t) => show[t.dir] && (!q || t.kind.toLowerCase().includes(q) || t.text.toLowerCase().includes(q))).slice(-300)
  list.dataset.total = String(traffic.length)
  list.dataset.shown = String(shown.length)
  const arrow = { in: '→ bot', out: '← bot', note: '·' }
  list.innerHTML = shown
    .map((t) => `<li class="t-${t.dir}" data-dir="${t.dir}" data-kind="${esc(t.kind)}"><details><summary>${new Date(t.at).toLocaleTimeString()} ${arrow[t.dir]} <b>${esc(t.kind)}</b></summary><pre>${esc(t.text)}</pre></details></li>`)
    .join('')
  if (atBottom) list.scrollTop = list.scrollHeight
}

// ---------------------------------------------------------------- usage

function drawUsage(u: UsageFrame): void {
  const last = u.recent[u.recent.length - 1]
  $('usage').innerHTML = `<dl id="usage-figures" data-calls="${u.calls}">
    <dt>model</dt><dd>${esc(u.model ?? '—')}</dd>
    <dt>calls</dt><dd>${u.calls} <span class="muted">(${u.failures} failed, ${u.retries} retries)</span></dd>
    <dt>tokens</dt><dd>${u.promptTokens} prompt + ${u.completionTokens} completion</dd>
    <dt>per minute</dt><dd>${u.perMinute.calls} calls, ${u.perMinute.promptTokens} + ${u.perMinute.completionTokens} tokens</dd>
    <dt>latency</dt><dd>${u.avgLatencyMs} ms average${last ? `, last ${last.latencyMs} ms${last.ok ? '' : ` <span class="bad">(${esc(last.error ?? 'error')})</span>`}` : ''}</dd></dl>
    <ol id="calls">${u.recent
      .slice(-8)
      .reverse()
      .map(
        (c) =>
          `<li data-ok="${c.ok}" data-retries="${c.retries}">${new Date(c.at).toLocaleTimeString()} · ${c.latencyMs} ms · ${c.ok ? `${c.promptTokens} + ${c.completionTokens} tokens` : `<span class="bad">failed: ${esc((c.error ?? 'error').slice(0, 120))}</span>`}${c.retries ? ` · <span class="warn">${c.retries} ${c.retries === 1 ? 'retry' : 'retries'}</span>` : ''}</li>`,
      )
      .join('')}</ol>`
  const c = $<HTMLCanvasElement>('latency')
  const g = c.getContext('2d')
  if (!g) return
  g.clearRect(0, 0, c.width, c.height)
  const max = Math.max(1, ...u.recent.map((r) => r.latencyMs))
  const w = c.width / 50
  u.recent.forEach((r, i) => {
    const h = Math.max(2, (r.latencyMs / max) * (c.height - 4))
    g.fillStyle = r.ok ? (r.retries ? '#e0b050' : '#6aa7ff') : '#e0645c'
    g.fillRect(i * w + 1, c.height - h, w - 2, h)
  })
}

// ---------------------------------------------------------------- map

function drawMap(m: MapFrame): void {
  const c = $<HTMLCanvasElement>('map')
  const g = c.getContext('2d')
  if (!g) return
  const size = m.size || 2 * mapRadius + 1
  const px = c.width / size
  g.fillStyle = '#0d0f12'
  g.fillRect(0, 0, c.width, c.height)
  const botY = m.bot?.y ?? 64
  for (let i = 0; i < m.cells.length; i++) {
    const p = m.cells[i]!
    if (p < 0) continue
    const shade = Math.max(-0.35, Math.min(0.25, (m.heights[i]! - botY) * 0.03))
    g.fillStyle = blockColor(m.palette[p]!, shade)
    // whole pixels, so neighbouring cells meet without a seam
    const x = Math.floor((i % size) * px)
    const y = Math.floor(Math.floor(i / size) * px)
    g.fillRect(x, y, Math.floor(((i % size) + 1) * px) - x, Math.floor((Math.floor(i / size) + 1) * px) - y)
  }
  const at = (x: number, z: number): [number, number] => [(x - m.x0) * px, (z - m.z0) * px]
  if (m.path.length) {
    g.strokeStyle = '#ffffff'
    g.lineWidth = 2
    g.beginPath()
    m.path.forEach((p, i) => {
      const [x, y] = at(p.x + 0.5, p.z + 0.5)
      if (i === 0) g.moveTo(x, y)
      else g.lineTo(x, y)
    })
    g.stroke()
  }
  for (const t of m.targets) {
    const [x, y] = at(t.x + 0.5, t.z + 0.5)
    g.strokeStyle = '#ff4fd8'
    g.lineWidth = 2
    g.strokeRect(x - px, y - px, px * 2, px * 2)
  }
  for (const e of m.entities) {
    const [x, y] = at(e.x, e.z)
    g.fillStyle = ENTITY_COLORS[e.kind]
    g.beginPath()
    g.arc(x, y, Math.max(3, px * 0.45), 0, Math.PI * 2)
    g.fill()
  }
  const canvas = c
  if (m.bot) {
    const [x, y] = at(m.bot.x, m.bot.z)
    // mineflayer yaw: 0 = north (-Z), counter-clockwise
    const dx = -Math.sin(m.bot.yaw)
    const dz = -Math.cos(m.bot.yaw)
    g.fillStyle = '#ffffff'
    g.beginPath()
    g.arc(x, y, Math.max(4, px * 0.6), 0, Math.PI * 2)
    g.fill()
    g.strokeStyle = '#ffffff'
    g.beginPath()
    g.moveTo(x, y)
    g.lineTo(x + dx * px * 3, y + dz * px * 3)
    g.stroke()
    canvas.dataset.botX = String(m.bot.x)
    canvas.dataset.botZ = String(m.bot.z)
  }
  if (m.path.length) canvas.dataset.pathsDrawn = String(Number(canvas.dataset.pathsDrawn ?? 0) + 1)
  if (m.targets.length) canvas.dataset.targetsDrawn = String(Number(canvas.dataset.targetsDrawn ?? 0) + 1)
  canvas.dataset.known = String(m.knownBlocks)
  canvas.dataset.entities = String(m.entities.length)
  canvas.dataset.frames = String(Number(canvas.dataset.frames ?? 0) + 1)
  $('map-legend').textContent = `${m.knownBlocks} known blocks · ${m.entities.length} entities · north is up · white: bot and path · pink: target`
}

// ---------------------------------------------------------------- controls

function wire(): void {
  $('task-form').addEventListener('submit', (e) => {
    e.preventDefault()
    const input = $<HTMLInputElement>('task-input')
    send({ op: 'task', text: input.value })
  })
  $('stop-button').addEventListener('click', () => send({ op: 'stop' }))
  $('say-form').addEventListener('submit', (e) => {
    e.preventDefault()
    const input = $<HTMLInputElement>('say-input')
    send({ op: 'say', text: input.value })
    input.value = ''
  })
  for (const id of ['traffic-filter', 'show-in', 'show-out', 'show-note']) $(id).addEventListener('input', drawTraffic)
  $('login').addEventListener('submit', (e) => {
    e.preventDefault()
    ws?.close()
    connect($<HTMLInputElement>('login-token').value)
  })
}

wire()
const token = tokenFromFragment()
if (token) connect(token)
else {
  setState('denied', 'not connected')
  $('login').hidden = false
}
