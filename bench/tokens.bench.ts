/**
 * Token cost of the ContextBus XML versus JSON lines (one object per entry, full
 * field names, ISO timestamps) for a recorded, deterministic stream of ~200 mixed
 * entries, counted with gpt-tokenizer's o200k_base. The seed claims ~60% saving.
 */
import { encode } from 'gpt-tokenizer/encoding/o200k_base'
import { createContextBus, type ContextEntry } from '../src/core/context-bus.js'
import { mulberry32 } from '../src/core/rng.js'
import { fmt } from './util.js'

type Rec =
  | { kind: 'player'; dt: number; name: string; content: string }
  | { kind: 'server' | 'bot' | 'tool'; dt: number; content: string }
  | { kind: 'event'; dt: number; type: string; data: string }


const PLAYERS = ['Steve', 'Alex', '小明', 'Notch_fan_42']
const CHAT = [
  '来打我', '你好', '帮我砍点木头', 'can you build a house?', 'follow me', '去挖铁矿', 'stop', '天黑了，快回家',
  'where are you?', '给我一些面包', 'nice job!', '小心苦力怕', 'let us go mining at y=11', '附近有村庄吗',
]
const BOT = ['收到', '疼！', 'On my way!', '我去砍树了', '已经到了', 'I found some iron ore.', '背包快满了', '好的，马上回家']
const TOOL = [
  '挖到钻石x3', 'collected oak_log x12', 'crafted crafting_table', 'path blocked at (12, 64, -30)', 'smelted iron_ingot x5',
  'placed torch at (3, 70, 8)', 'inventory: oak_log x12, cobblestone x40, bread x3', 'no diamond_ore within 32 blocks',
]
const SERVER = ['Steve joined the game', 'Alex left the game', 'Server restarting in 5 minutes', '小明 joined the game', '[Server] Welcome!']
const SKILLS = ['mine', 'craft', 'goto', 'attack', 'collect']

/** ~200 entries: chat, server, bot, tool, hurt bursts that stack, heal, skill results. */
export function recordedStream(): Rec[] {
  const rnd = mulberry32(20251201) // deterministic: the same stream on every run
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
  const out: Rec[] = []
  while (out.length < 200) {
    const r = rnd()
    const dt = rnd() < 0.06 ? 6 * 60_000 + Math.floor(rnd() * 30 * 60_000) : 500 + Math.floor(rnd() * 20_000)
    if (r < 0.22) out.push({ kind: 'player', dt, name: pick(PLAYERS), content: pick(CHAT) })
    else if (r < 0.3) out.push({ kind: 'server', dt, content: pick(SERVER) })
    else if (r < 0.45) out.push({ kind: 'bot', dt, content: pick(BOT) })
    else if (r < 0.6) out.push({ kind: 'tool', dt, content: pick(TOOL) })
    else if (r < 0.75) {
      // a burst of identical damage, one second apart: these stack on the bus
      const kind = pick(['combat', 'hunger', 'fire', 'fall', 'drown'])
      const data = kind === 'combat' ? `${pick(['zombie', 'skeleton', 'Steve'])}:-${pick(['2', '1.5', '3'])}` : `hp:-${pick(['0.5', '1', '2'])}`
      const n = 1 + Math.floor(rnd() * 4)
      for (let i = 0; i < n; i++) out.push({ kind: 'event', dt: i === 0 ? dt : 1000, type: `hurt.${kind}`, data })
    } else if (r < 0.83) out.push({ kind: 'event', dt, type: 'heal', data: `hp:+${pick(['1', '2', '4'])}` })
    else if (r < 0.93) out.push({ kind: 'event', dt, type: 'skill.end', data: `${pick(SKILLS)}:${rnd() < 0.8 ? 'success' : 'failed'}` })
    else if (r < 0.97) out.push({ kind: 'event', dt, type: 'skill.fail', data: `${pick(SKILLS)}:${pick(['no path', 'target gone', 'timeout'])}` })
    else out.push({ kind: 'event', dt, type: pick(['health.low', 'death', 'respawn']), data: pick(['hp:5', 'hp:3', '']) })
  }
  return out
}

function jsonLine(e: ContextEntry): string {
  const timestamp = new Date(e.t).toISOString()
  switch (e.type) {
    case 'player':
      return JSON.stringify({ type: 'player', timestamp, player: e.name, content: e.content })
    case 'event':
      return JSON.stringify({ type: 'event', timestamp, eventType: e.eventType, data: e.data })
    default:
      return JSON.stringify({ type: e.type, timestamp, content: e.content })
  }
}

function saving(ours: number, base: number): string {
  return `${fmt((1 - ours / base) * 100, 1)}%`
}

export async function run(): Promise<void> {
  const stream = recordedStream()
  let t = Date.UTC(2025, 11, 1, 10, 0, 0)
  const bus = createContextBus({ now: () => t, state: { ai: { context: { busMax: 5000 } } } })
  const raw: ContextEntry[] = []
  for (const r of stream) {
    t += r.dt
    if (r.kind === 'player') {
      bus.pushPlayer(r.name, r.content)
      raw.push({ type: 'player', t, name: r.name, content: r.content })
    } else if (r.kind === 'event') {
      bus.pushEvent(r.type, r.data)
      raw.push({ type: 'event', t, eventType: r.type, data: r.data })
    } else {
      if (r.kind === 'server') bus.pushServer(r.content)
      else if (r.kind === 'bot') bus.pushBot(r.content)
      else bus.pushTool(r.content)
      raw.push({ type: r.kind, t, content: r.content })
    }
  }
  const store = bus.getStore()
  const xml = bus.buildXml({ maxEntries: 5000, windowSec: 1e9 })
  const xmlTokens = encode(xml).length
  const jsonStacked = store.map(jsonLine).join('\n')
  const jsonRaw = raw.map(jsonLine).join('\n')
  const jsonStackedTokens = encode(jsonStacked).length
  const jsonRawTokens = encode(jsonRaw).length
  // how much of the saving is the timestamps alone: same JSON lines without them
  const noTs = store.map((e) => jsonLine(e).replace(/"timestamp":"[^"]*",/, '')).join('\n')
  const noTsTokens = encode(noTs).length

  // per message, as in the seed's claim: each entry alone, XML line vs JSON line
  let perXml = 0
  let perJson = 0
  const lines = xml.split('\n').slice(2, -1).filter((l) => !l.startsWith('<g '))
  store.forEach((e, i) => {
    perXml += encode(lines[i]!).length
    perJson += encode(jsonLine(e)).length
  })

  console.log(`recorded stream: ${stream.length} pushes -> ${store.length} bus entries (stacking merged ${stream.length - store.length})`)
  const row = (label: string, tokens: number) =>
    console.log(`${label.padEnd(52)} ${fmt(tokens).padStart(6)} tokens  -> XML saves ${saving(xmlTokens, tokens)} (ratio ${fmt(tokens / xmlTokens, 2)}x)`)
  console.log(`${'ContextBus XML (header, legend, gap markers)'.padEnd(52)} ${fmt(xmlTokens).padStart(6)} tokens, ${fmt(xml.length)} chars`)
  row(`JSON lines, same ${store.length} entries`, jsonStackedTokens)
  row(`JSON lines, all ${raw.length} raw pushes (no stacking)`, jsonRawTokens)
  row(`JSON lines, same entries, without timestamps`, noTsTokens)
  console.log(`per message (entry lines only): XML ${fmt(perXml / store.length, 1)} vs JSON ${fmt(perJson / store.length, 1)} tokens/entry -> saves ${saving(perXml, perJson)} (seed claims ~60%)`)
  deltaVsWindow(stream)
}

/**
 * The same stream read by a mind that decides every 10 pushes, as the llm mind's prompt
 * had it (the newest 30 entries each call) and as it has it now (the entries since the
 * previous call: `buildXml({ after: cursor })`, at most 30).
 */
function deltaVsWindow(stream: Rec[]): void {
  let t = Date.UTC(2025, 11, 1, 10, 0, 0)
  const bus = createContextBus({ now: () => t })
  let cursor: number | undefined
  let window = 0
  let delta = 0
  let calls = 0
  stream.forEach((r, i) => {
    t += r.dt
    if (r.kind === 'player') bus.pushPlayer(r.name, r.content)
    else if (r.kind === 'event') bus.pushEvent(r.type, r.data)
    else if (r.kind === 'server') bus.pushServer(r.content)
    else if (r.kind === 'bot') bus.pushBot(r.content)
    else bus.pushTool(r.content)
    if ((i + 1) % 10 !== 0) return
    calls++
    window += encode(bus.buildXml({ maxEntries: 30 })).length
    delta += encode(bus.buildXml({ maxEntries: 30, ...(cursor !== undefined ? { after: cursor } : {}) })).length
    cursor = bus.cursor()
  })
  console.log(
    `a decision every 10 pushes (${calls} calls): newest 30 entries each call ${fmt(window / calls)} tokens/call, ` +
      `entries since the previous call ${fmt(delta / calls)} tokens/call -> delta saves ${saving(delta, window)} (ratio ${fmt(window / delta, 2)}x)`,
  )
}
