/**
 * Hostile inputs, the same for every run (seeded): malformed, huge, binary, deeply nested,
 * prototype-polluting, terminal-escaping and number-edge texts, and mutations of valid samples.
 */
import { mulberry32 } from '../../src/core/rng.js'

export interface HostileText {
  label: string
  text: string
}

const MB = 1024 * 1024

/** Texts that break parsers: size `scale` 1 for the bench, smaller for the test slice. */
export function hostileTexts(scale = 1): HostileText[] {
  const big = Math.max(1024, Math.round(5 * MB * scale))
  const deep = Math.max(1000, Math.round(200_000 * scale))
  return [
    { label: 'empty', text: '' },
    { label: 'whitespace', text: ' \n\t ' },
    { label: 'null', text: 'null' },
    { label: 'a number', text: '1e999' },
    { label: 'a string', text: '"just a string"' },
    { label: 'an array', text: '[1,2,3]' },
    { label: 'unclosed object', text: '{"type":' },
    { label: 'trailing garbage', text: '{"type":"CHAT"} trailing' },
    { label: 'BOM and NUL', text: '\uFEFF{"a":"\u0000"}' },
    { label: 'terminal escapes', text: '\u001b[2J\u001b]0;pwned\u0007{"type":"\u001b[31mred"}' },
    { label: 'bidi override', text: '{"type":"\u202eevil\u202c"}' },
    { label: 'lone surrogates', text: '{"type":"\ud800\udfff\ud800"}' },
    { label: '__proto__ pollution', text: '{"__proto__":{"polluted":"yes"},"type":"CHAT"}' },
    { label: 'constructor.prototype pollution', text: '{"constructor":{"prototype":{"polluted":"yes"}}}' },
    { label: 'deep arrays', text: '['.repeat(deep) + ']'.repeat(deep) },
    { label: 'deep objects', text: '{"a":'.repeat(deep) + '1' + '}'.repeat(deep) },
    { label: 'unclosed deep arrays', text: '['.repeat(deep) },
    { label: 'huge string', text: JSON.stringify({ type: 'x'.repeat(big) }) },
    { label: 'many keys', text: JSON.stringify(Object.fromEntries(Array.from({ length: Math.round(100_000 * scale) + 10 }, (_, i) => [`k${i}`, i]))) },
    { label: 'huge array', text: '[' + '0,'.repeat(Math.round(1_000_000 * scale)) + '0]' },
    { label: 'wrong types', text: '{"type":42,"action":[],"tasks":"no","message_info":7,"actions":{}}' },
    { label: 'numbers at the edge', text: '{"x":-0,"y":1e308,"z":-1e308,"n":9007199254740993,"id":1.5}' },
    { label: 'random bytes', text: randomBytesText(4096, 1) },
    { label: 'invalid UTF-8', text: Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]).toString('latin1') },
  ]
}

export function randomBytesText(n: number, seed: number): string {
  return randomBytes(n, seed).toString('latin1')
}

export function randomBytes(n: number, seed: number): Buffer {
  const rng = mulberry32(seed)
  const b = Buffer.alloc(n)
  for (let i = 0; i < n; i++) b[i] = Math.floor(rng() * 256)
  return b
}

/** Mutations of a valid JSON sample: keys dropped, values replaced by hostile ones, seeded. */
export function mutations(sample: unknown, count: number, seed: number): HostileText[] {
  const rng = mulberry32(seed)
  const nasty: unknown[] = [null, -1, 1e308, '', 'x'.repeat(100_000), '\u001b[31m', [], {}, { __proto__: { polluted: 1 } }, true, '../../etc/passwd', Number.MAX_SAFE_INTEGER + 2]
  const out: HostileText[] = []
  for (let i = 0; i < count; i++) {
    const copy = structuredClone(sample) as unknown
    const paths: Array<[Record<string, unknown>, string]> = []
    const walk = (v: unknown) => {
      if (v && typeof v === 'object') for (const k of Object.keys(v)) (paths.push([v as Record<string, unknown>, k]), walk((v as Record<string, unknown>)[k]))
    }
    walk(copy)
    const edits = 1 + Math.floor(rng() * 3)
    for (let e = 0; e < edits && paths.length; e++) {
      const [obj, key] = paths[Math.floor(rng() * paths.length)]!
      if (rng() < 0.3) delete obj[key]
      else obj[key] = nasty[Math.floor(rng() * nasty.length)]
    }
    out.push({ label: `mutation ${i}`, text: JSON.stringify(copy) })
  }
  return out
}
