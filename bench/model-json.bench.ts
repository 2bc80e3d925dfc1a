/**
 * parseModelJson throughput on the test corpus (cases/s), against plain JSON.parse on
 * the corpus cases that are already valid JSON, measured in the same run.
 */
import { readFileSync } from 'node:fs'
import { parseModelJson } from '../src/core/model-json.js'
import { fmt, measureOps, median } from './util.js'

interface CorpusCase {
  id: string
  kind: 'good' | 'repairable' | 'hopeless'
  input: string
}

export async function run(): Promise<void> {
  const corpus = JSON.parse(
    readFileSync(new URL('../test/fixtures/model-json/corpus.json', import.meta.url), 'utf8'),
  ) as CorpusCase[]
  const good = corpus.filter((c) => c.kind === 'good').map((c) => c.input)
  const repairable = corpus.filter((c) => c.kind === 'repairable').map((c) => c.input)
  const hopeless = corpus.filter((c) => c.kind === 'hopeless').map((c) => c.input)
  const all = corpus.map((c) => c.input)
  for (const g of good) JSON.parse(g) // the baseline set must be strict JSON

  const perCase = (inputs: string[], fn: (s: string) => unknown) => {
    const r = measureOps(() => {
      for (const s of inputs) fn(s)
    }, 300)
    return r.opsPerSec * inputs.length
  }
  // The machine is shared and noisy: interleave the runs and keep the median of 3.
  const sets: Array<[string, string[], (s: string) => unknown]> = [
    ['baseline', good, (s) => JSON.parse(s)],
    [`parseModelJson, valid subset (${good.length})`, good, parseModelJson],
    [`parseModelJson, repairable (${repairable.length})`, repairable, parseModelJson],
    [`parseModelJson, hopeless (${hopeless.length})`, hopeless, parseModelJson],
    [`parseModelJson, whole corpus (${all.length})`, all, parseModelJson],
  ]
  const samples = sets.map(() => [] as number[])
  for (let round = 0; round < 3; round++) sets.forEach(([, inputs, fn], i) => samples[i]!.push(perCase(inputs, fn)))
  const rates = samples.map(median)
  const baseline = rates[0]!
  const rows = sets.slice(1).map(([label], i) => [label, rates[i + 1]!] as const)
  console.log(`${`JSON.parse, valid subset (${good.length}) [baseline]`.padEnd(44)}${fmt(baseline).padStart(12)} cases/s`)
  for (const [label, rate] of rows) {
    console.log(`${label.padEnd(44)}${fmt(rate).padStart(12)} cases/s   ${fmt(rate / baseline, 3)}x of JSON.parse`)
  }
}
