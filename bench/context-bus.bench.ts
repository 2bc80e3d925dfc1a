/**
 * ContextBus push and buildXml on a full 200-entry store, against a naive
 * implementation (array + filter/slice/map, written below) measured in the same run.
 */
import { createContextBus } from '../src/core/context-bus.js'
import { coerceText, xmlText } from '../src/core/xml.js'
import { fmt, measureOps, median } from './util.js'

type NaiveEntry = { type: string; t: number; name?: string; content?: string; eventType?: string; data?: string }

/** The obvious implementation: same cutting and escaping, but filter + slice + map over the whole store. */
function createNaiveBus(now: () => number, max = 200) {
  let store: NaiveEntry[] = []
  const push = (e: NaiveEntry) => {
    store.push(e)
    if (store.length > max) store = store.slice(store.length - max)
  }
  return {
    pushTool(content: unknown) {
      push({ type: 'tool', t: now(), content: coerceText(content).slice(0, 200) })
    },
    pushEvent(type: unknown, data: unknown) {
      const eventType = coerceText(type)
      const d = coerceText(data).slice(0, 100)
      const last = store[store.length - 1]
      const m = /^(.+?)(?:x(\d+))?$/.exec(d)
      const base = m ? m[1]! : d
      if (last && last.type === 'event' && last.eventType === eventType && now() - last.t <= 5000) {
        const lm = /^(.+?)(?:x(\d+))?$/.exec(last.data!)
        if (lm && lm[1] === base) {
          last.data = `${base}x${Number(lm[2] ?? 1) + Number(m?.[2] ?? 1)}`
          last.t = now()
          return
        }
      }
      push({ type: 'event', t: now(), eventType, data: d })
    },
    buildXml(maxEntries = 50, windowSec = 600): string {
      const cutoff = now() - windowSec * 1000
      const picked = store.filter((e) => e.t >= cutoff).slice(-maxEntries)
      if (picked.length === 0) return ''
      const lines = picked.map((e) =>
        e.type === 'event'
          ? `<e t="${xmlText(e.eventType!)}" d="${xmlText(e.data!)}"/>`
          : `<t>${xmlText(e.content!)}</t>`,
      )
      return ['<ctx>', '<!-- p=player s=server e=event b=bot t=tool g=gap -->', ...lines, '</ctx>'].join('\n')
    },
  }
}

export async function run(): Promise<void> {
  let t = 1_700_000_000_000
  const now = () => t
  const bus = createContextBus({ now })
  const naive = createNaiveBus(now)
  const fill = () => {
    for (let i = 0; i < 200; i++) {
      t += 1000
      const text = `mined block #${i} at (${i}, 64, ${-i}) <ok> & "fine"`
      bus.pushTool(text)
      naive.pushTool(text)
    }
  }
  fill()
  if (bus.getStore().length !== 200) throw new Error('store should be full')
  if (bus.buildXml({ includeGaps: false }) !== naive.buildXml()) throw new Error('naive and real output differ')

  const rows: Array<[string, number, number]> = []
  // The machine is shared and noisy: interleave runs and keep the median of 3 each.
  const compare = (label: string, real: () => void, base: () => void) => {
    const a: number[] = []
    const b: number[] = []
    for (let i = 0; i < 3; i++) {
      a.push(measureOps(real, 250).opsPerSec)
      b.push(measureOps(base, 250).opsPerSec)
    }
    rows.push([label, median(a), median(b)])
  }

  let n = 0
  compare(
    'push (full store, evicts 1)',
    () => bus.pushTool(`chat line ${n++}`),
    () => naive.pushTool(`chat line ${n++}`),
  )
  compare(
    'pushEvent (stacking)',
    () => bus.pushEvent('hurt.hunger', 'hp:-0.5'),
    () => naive.pushEvent('hurt.hunger', 'hp:-0.5'),
  )
  fill()
  if (bus.buildXml({ includeGaps: false }) !== naive.buildXml()) throw new Error('naive and real output differ')
  compare(
    'push 1 + buildXml (a cycle)',
    () => {
      bus.pushTool(`chat line ${n++}`)
      bus.buildXml({ includeGaps: false })
    },
    () => {
      naive.pushTool(`chat line ${n++}`)
      naive.buildXml()
    },
  )
  fill()
  compare(
    'buildXml defaults (50 of 200)',
    () => bus.buildXml({ includeGaps: false }),
    () => naive.buildXml(),
  )
  compare(
    'buildXml all 200',
    () => bus.buildXml({ maxEntries: 200, includeGaps: false }),
    () => naive.buildXml(200),
  )
  t += 3_600_000 // everything is now outside the window
  compare(
    'buildXml empty window',
    () => bus.buildXml(),
    () => naive.buildXml(),
  )

  console.log('(ContextBus caches each rendered entry line; the naive bus re-escapes every entry on every build)')
  console.log('operation                       ContextBus ops/s   naive ops/s   ratio')
  for (const [label, a, b] of rows) {
    console.log(`${label.padEnd(31)} ${fmt(a).padStart(16)} ${fmt(b).padStart(13)}   ${fmt(a / b, 2)}x`)
  }
}
