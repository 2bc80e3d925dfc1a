/**
 * The LostSpace page: replay viewer, live spectating and a human seat. Plain
 * DOM + SVG; bundled at package build time (scripts/build-web.mjs).
 */
import { Board } from './board.js'
import { buildTimeline, parseReplayText, ReplayError, type Timeline } from './replay-model.js'
import type { EventsFrame, MapData, MatchInfo, SeatView, ServerFrame } from '../protocol.js'

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T
const esc = (s: unknown) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

let map: MapData | null = null
let board: Board | null = null
let timeline: Timeline | null = null
let step = 0
let playing = false
let lastTick = 0
let carry = 0

// live state
let ws: WebSocket | null = null
let liveReplay: unknown[] | null = null
let match: MatchInfo | null = null
let liveTurn: { round: number; seat: number } | null = null
let rebuildQueued = false
let seatView: SeatView | null = null
let seatDeadline = 0

function showError(msg: string): void {
  const el = $('error')
  el.textContent = msg
  el.classList.add('show')
}
function clearError(): void {
  $('error').classList.remove('show')
  $('error').textContent = ''
}
window.addEventListener('error', (e) => showError(`page error: ${e.message}`))
window.addEventListener('unhandledrejection', (e) => showError(`page error: ${String((e.reason as Error)?.message ?? e.reason)}`))

// ------------------------------------------------------------ replay → screen

function setReplay(replay: unknown[], source: string, live: boolean): void {
  if (!map || !board) return
  let t: Timeline
  try {
    t = buildTimeline(replay, map)
  } catch (e) {
    showError(e instanceof ReplayError ? `${source}: ${e.message}` : `${source} could not be shown: ${(e as Error).message}`)
    return
  }
  const last = t.steps.length - 1
  const wasAtEnd = timeline !== null && step >= timeline.steps.length - 1
  timeline = t
  if (!live) clearError()
  if (live) step = ($<HTMLInputElement>('follow').checked || wasAtEnd) ? last : Math.min(step, last)
  else step = 0
  const scrub = $<HTMLInputElement>('scrub')
  scrub.max = String(last)
  $('notice').classList.add('hidden')
  render()
}

function loadReplayText(text: string, source: string): void {
  try {
    const replay = parseReplayText(text, source)
    stopLive()
    setMode(`replay: ${source}`)
    match = null
    setReplay(replay, source, false)
  } catch (e) {
    showError(e instanceof ReplayError ? e.message : `${source} could not be read: ${(e as Error).message}`)
  }
}

function setMode(text: string): void {
  $('mode').textContent = text
}

function render(): void {
  if (!timeline || !board) return
  const last = timeline.steps.length - 1
  step = Math.max(0, Math.min(step, last))
  const snap = timeline.steps[step]!
  board.render(snap)
  $<HTMLInputElement>('scrub').value = String(step)
  const label = $('turn-label')
  label.textContent = step === 0 ? `start · ${timeline.rounds} rounds` : `round ${snap.round} · seat ${snap.seat} · turn ${step}/${last}`
  label.dataset.step = String(step)
  label.dataset.last = String(last)
  label.dataset.round = String(snap.round)
  ;($('play') as HTMLButtonElement).textContent = playing ? 'pause' : 'play'
  renderPlayers(snap)
  renderLog()
  renderRanking(step === last)
}

function seatName(id: number): string {
  return match?.seats[id]?.name ?? ''
}

function renderPlayers(snap: Timeline['steps'][number]): void {
  const rows = snap.players.map((p, id) => {
    const tools = Object.entries(p.tools)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t}×${n}`)
      .join(' ')
    return (
      `<tr data-player="${id}" data-hp="${p.hp}" data-status="${p.status}"><td class="p${id}">●&nbsp;P${id}</td><td>${esc(seatName(id))}</td>` +
      `<td>${p.hp} hp</td><td>${p.status}</td><td>keys ${p.keys.join(',') || '—'}</td><td>(${p.pos.join(',')})</td><td>${tools}</td></tr>`
    )
  })
  $('players').innerHTML = rows.join('')
}

function renderLog(): void {
  if (!timeline) return
  const log = timeline.log
  let hi = log.length
  let lo = 0
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (log[mid]!.step <= step) lo = mid + 1
    else hi = mid
  }
  const shown = log.slice(Math.max(0, lo - 250), lo)
  const el = $('log')
  el.innerHTML = shown
    .map((l) => `<div${l.player !== null ? ` class="p${l.player}"` : ''}>r${l.round}.${l.seat} ${esc(l.text)}</div>`)
    .join('')
  el.scrollTop = el.scrollHeight
}

function renderRanking(atEnd: boolean): void {
  const el = $('ranking')
  const ranking = timeline?.ranking
  if (!ranking) {
    el.textContent = match && match.state === 'running' ? 'the game is running' : '—'
    return
  }
  if (!atEnd) {
    el.textContent = 'shown after the last turn (▶|)'
    return
  }
  el.innerHTML =
    `<table data-testid="ranking"><tr><th>#</th><th>player</th><th>pts</th><th></th></tr>` +
    ranking
      .map(
        (r) =>
          `<tr data-place="${r.place}" data-player="${r.player}" data-points="${r.points}"><td>${r.place}</td>` +
          `<td class="p${r.player}">P${r.player} ${esc(seatName(r.player))}</td><td>${r.points}</td><td>${esc(r.outcome)}</td></tr>`,
      )
      .join('') +
    `</table>`
}

// ------------------------------------------------------------ controls

function go(to: number): void {
  step = to
  render()
}

function tick(now: number): void {
  if (!playing || !timeline) return
  const speed = Number($<HTMLSelectElement>('speed').value) || 8
  carry += ((now - lastTick) / 1000) * speed
  lastTick = now
  if (carry >= 1) {
    const n = Math.floor(carry)
    carry -= n
    const last = timeline.steps.length - 1
    step = Math.min(last, step + n)
    if (step >= last && (!match || match.state !== 'running')) playing = false
    render()
  }
  if (playing) requestAnimationFrame(tick)
}

function setPlaying(on: boolean): void {
  playing = on
  carry = 0
  lastTick = performance.now()
  if (on) {
    if (timeline && step >= timeline.steps.length - 1 && (!match || match.state !== 'running')) step = 0
    requestAnimationFrame(tick)
  }
  render()
}

function wireControls(): void {
  $('first').onclick = () => go(0)
  $('back').onclick = () => go(step - 1)
  $('step').onclick = () => go(step + 1)
  $('last').onclick = () => go(timeline ? timeline.steps.length - 1 : 0)
  $('play').onclick = () => setPlaying(!playing)
  $<HTMLInputElement>('scrub').oninput = (e) => go(Number((e.target as HTMLInputElement).value))
  document.addEventListener('keydown', (e) => {
    if ((e.target as HTMLElement).tagName === 'INPUT' || (e.target as HTMLElement).tagName === 'SELECT') return
    if (e.key === 'ArrowRight') go(step + 1)
    else if (e.key === 'ArrowLeft') go(step - 1)
    else if (e.key === ' ') {
      e.preventDefault()
      setPlaying(!playing)
    }
  })
  $<HTMLInputElement>('file').onchange = async (e) => {
    const f = (e.target as HTMLInputElement).files?.[0]
    if (f) loadReplayText(await f.text(), f.name)
  }
  const drop = $('drop')
  window.addEventListener('dragover', (e) => {
    e.preventDefault()
    drop.classList.add('show')
  })
  drop.addEventListener('dragleave', () => drop.classList.remove('show'))
  window.addEventListener('drop', async (e) => {
    e.preventDefault()
    drop.classList.remove('show')
    const f = e.dataTransfer?.files?.[0]
    if (f) loadReplayText(await f.text(), f.name)
  })
  $<HTMLSelectElement>('recent').onchange = (e) => {
    const v = (e.target as HTMLSelectElement).value
    if (v) location.search = `?replay=${encodeURIComponent(v)}`
  }
  $<HTMLSelectElement>('matches').onchange = (e) => {
    const v = (e.target as HTMLSelectElement).value
    if (v) location.search = `?match=${encodeURIComponent(v)}`
  }
  $('show-start').onclick = () => $('start').classList.toggle('hidden')
  wireStartForm()
  wireSeat()
}

async function refreshLists(): Promise<void> {
  try {
    const [replays, matches] = await Promise.all([
      fetch('/api/replays').then((r) => r.json() as Promise<Array<{ name: string; source: string }>>),
      fetch('/api/matches').then((r) => r.json() as Promise<MatchInfo[]>),
    ])
    $('recent').innerHTML = `<option value="">—</option>` + replays.map((r) => `<option value="${esc(r.name)}">${esc(r.name)}</option>`).join('')
    $('matches').innerHTML =
      `<option value="">—</option>` +
      matches
        .filter((m) => m.state === 'running')
        .map((m) => `<option value="${esc(m.id)}">${esc(m.id)}: ${m.seats.map((s) => esc(s.name)).join(' · ')}</option>`)
        .join('')
  } catch {
    /* lists are a convenience; the server reports its own errors */
  }
}

async function loadFromServer(name: string): Promise<void> {
  const res = await fetch(`/api/replays/${encodeURIComponent(name)}`)
  const text = await res.text()
  if (!res.ok) {
    let msg = text
    try {
      msg = (JSON.parse(text) as { error: string }).error
    } catch {
      /* plain text */
    }
    showError(`replay '${name}': ${msg}`)
    return
  }
  loadReplayText(text, name)
}

// ------------------------------------------------------------ live

function stopLive(): void {
  if (ws) {
    ws.onclose = null
    ws.close()
  }
  ws = null
  liveReplay = null
  liveTurn = null
  $('seat').classList.add('hidden')
}

function scheduleRebuild(): void {
  if (rebuildQueued) return
  rebuildQueued = true
  requestAnimationFrame(() => {
    rebuildQueued = false
    if (liveReplay) setReplay(liveReplay, `match ${match?.id ?? ''}`, true)
    updateLiveLabel()
  })
}

function updateLiveLabel(): void {
  if (!match) return
  const el = $('mode')
  el.dataset.state = match.state
  if (match.state === 'over') el.textContent = `match ${match.id}: game over`
  else if (match.state === 'failed') el.textContent = `match ${match.id} failed: ${match.failure ?? ''}`
  else if (liveTurn) {
    el.textContent = `match ${match.id} live · round ${liveTurn.round} · seat ${liveTurn.seat} to play`
    el.dataset.round = String(liveTurn.round)
    el.dataset.seat = String(liveTurn.seat)
  } else el.textContent = `match ${match.id} live`
}

function addEvents(f: EventsFrame): void {
  if (!liveReplay) return
  // [birthplaces, round 1 … round N, scores]: make room for round f.round.
  while (liveReplay.length - 2 < f.round) liveReplay.splice(liveReplay.length - 1, 0, [[], [], [], []])
  const lists = liveReplay[f.round] as unknown[][]
  lists[f.seat]!.push(...f.entries)
}

function onFrame(f: ServerFrame): void {
  switch (f.type) {
    case 'hello':
      match = f.match
      liveReplay = f.replay
      if (f.role === 'seat') $('seat').classList.remove('hidden')
      scheduleRebuild()
      break
    case 'events':
      addEvents(f)
      scheduleRebuild()
      break
    case 'turn':
      liveTurn = { round: f.round, seat: f.seat }
      updateLiveLabel()
      break
    case 'match':
      match = f.match
      scheduleRebuild()
      break
    case 'end':
      match = f.match
      liveReplay = f.replay
      scheduleRebuild()
      break
    case 'seat':
      renderSeat(f.view)
      break
    case 'error':
      showError(f.message)
      break
    case 'pong':
      break
  }
}

function followMatch(id: string, seat: string | null, token: string | null): void {
  stopLive()
  const proto = location.protocol === 'https:' ? 'wss' : 'ws'
  const q = new URLSearchParams({ match: id })
  if (seat !== null) {
    q.set('seat', seat)
    q.set('token', token ?? '')
  }
  setMode(`match ${id}: connecting…`)
  const sock = new WebSocket(`${proto}://${location.host}/ws?${q}`)
  ws = sock
  let greeted = false
  sock.onmessage = (ev) => {
    let f: ServerFrame
    try {
      f = JSON.parse(String(ev.data)) as ServerFrame
    } catch {
      return showError('the server sent a frame that is not JSON')
    }
    if (f.type === 'hello') greeted = true
    onFrame(f)
  }
  sock.onclose = () => {
    if (ws !== sock) return
    if (!greeted) showError(`could not join match ${id}: it does not exist on this server${seat !== null ? `, or seat ${seat} needs its token (use the seat link)` : ''}.`)
    else if (match?.state === 'running') showError(`the connection to match ${id} closed; reload the page to join again.`)
  }
}

// ------------------------------------------------------------ human seat

function sendFrame(frame: object): void {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame))
}

function renderSeat(v: SeatView): void {
  seatView = v
  seatDeadline = v.remainingMs === null ? 0 : performance.now() + v.remainingMs
  const card = $('seat')
  card.dataset.myTurn = String(v.myTurn)
  card.dataset.closed = v.closed ?? ''
  card.dataset.offerId = String(v.offerId)
  const tools = Object.entries(v.tools)
    .map(([t, n]) => `${t} ${n}`)
    .join(' · ')
  $('seat-info').innerHTML =
    `<div class="p${v.seat}"><b>P${v.seat}</b> · round ${v.round} · ${v.hp} hp · keys ${v.keys.join(',') || '—'} · at ${v.pos ? `(${v.pos.join(',')})` : '?'}</div>` +
    `<div>${esc(tools)}</div>` +
    `<div>${v.closed ? `<b>${esc(v.closed)}</b>` : v.myTurn ? '<b>your turn</b>' : 'waiting for the others'}</div>`
  $('offers').innerHTML = v.offers
    .map((o, i) => `<button data-offer="${i}" data-group="${o.group}" data-action='${esc(JSON.stringify(o.action))}'>${esc(o.label)}</button>`)
    .join('')
  ;($('finish') as HTMLButtonElement).disabled = !v.myTurn || !!v.closed
  $('seat-last').textContent = v.last ?? ''
  updateCountdown()
}

function updateCountdown(): void {
  const el = $('countdown')
  if (!seatView || !seatView.myTurn || seatView.closed) {
    el.textContent = ''
    return
  }
  const left = Math.max(0, seatDeadline - performance.now())
  el.textContent = `${(left / 1000).toFixed(0)} s left`
  el.classList.toggle('low', left < 10_000)
}

function wireSeat(): void {
  $('offers').addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest('button')
    if (!b || !seatView) return
    for (const x of $('offers').querySelectorAll('button')) x.disabled = true
    sendFrame({ type: 'act', offerId: seatView.offerId, id: Number(b.dataset.offer) })
  })
  $('finish').onclick = () => {
    if (!seatView) return
    ;($('finish') as HTMLButtonElement).disabled = true
    sendFrame({ type: 'finish', offerId: seatView.offerId })
  }
  setInterval(updateCountdown, 250)
}

// ------------------------------------------------------------ start a match

function wireStartForm(): void {
  const defaults = ['human', 'builtin:strategist', 'builtin:random', 'builtin:random']
  $('start-seats').innerHTML =
    defaults.map((d, i) => `<label>seat ${i} <input list="seat-kinds" id="seat-${i}" value="${d}"></label>`).join('') +
    `<label>control token (only if the server asks) <input id="control-token"></label>`
  $('start-go').onclick = async () => {
    const seats = [0, 1, 2, 3].map((i) => $<HTMLInputElement>(`seat-${i}`).value.trim())
    const paceMs = Number($<HTMLInputElement>('pace').value) || 0
    const token = $<HTMLInputElement>('control-token').value.trim()
    const res = await fetch('/api/matches', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ seats, paceMs }),
    })
    const body = (await res.json()) as { error?: string; match?: MatchInfo; links?: Array<{ seat: number; url: string }> }
    if (!res.ok || !body.match) return showError(`could not start the match: ${body.error ?? res.status}`)
    const links = body.links ?? []
    $('start-links').innerHTML =
      `<div>match ${esc(body.match.id)} started. <a href="/?match=${esc(body.match.id)}">watch</a></div>` +
      links.map((l) => `<div>seat ${l.seat}: <a href="${esc(l.url)}">play</a></div>`).join('')
    const mine = links[0]
    if (mine) location.href = mine.url
    else location.search = `?match=${encodeURIComponent(body.match.id)}`
  }
}

// ------------------------------------------------------------ start

async function main(): Promise<void> {
  wireControls()
  try {
    const res = await fetch('/api/map')
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    map = (await res.json()) as MapData
  } catch (e) {
    showError(`could not load the map from the server: ${(e as Error).message}`)
    return
  }
  board = new Board($('board'), map)
  board.render(null)
  void refreshLists()
  const q = new URLSearchParams(location.search)
  const replay = q.get('replay')
  const matchId = q.get('match')
  if (replay) await loadFromServer(replay)
  else if (matchId) followMatch(matchId, q.get('seat'), q.get('token'))
  document.body.dataset.ready = 'true'
}

void main()
