/**
 * The LostSpace replay viewer in a real browser (Debian's chromium via playwright-core): how long
 * one step of a long replay takes to apply and lay out, against the browser's own idle frame
 * interval measured in the same page. A ratio below 1 means every step fits inside one frame,
 * i.e. stepping, scrubbing and playback stay smooth.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startWebServer } from '../src/lostspace/web/server.js'
import { runGame } from '../src/lostspace/judger/judger.js'
import { LostSpaceLogic } from '../src/lostspace/logic.js'
import { createRandomPlayer } from '../src/lostspace/bots/index.js'
import { fmt, median } from './util.js'

const CHROMIUM = '/usr/bin/chromium'
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-dev-shm-usage']

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!
}

export async function run(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`skipped: ${CHROMIUM} is not installed (.ci/run installs chromium)`)
    return
  }
  const tmp = mkdtempSync(join(tmpdir(), 'ls-web-bench-'))
  const clientDir = join(tmp, 'client')
  const build = (await import(pathToFileURL(join(process.cwd(), 'scripts/build-web.mjs')).href)) as { buildWebClient(o: { outdir: string }): Promise<string> }
  await build.buildWebClient({ outdir: clientDir })
  // The longest of a few seeded random games: random players rarely escape, so games run long.
  let best = { rounds: 0, path: '' }
  for (let seed = 1; seed <= 6; seed++) {
    const path = join(tmp, `game-${seed}.json`)
    await runGame({
      seats: [0, 1, 2, 3].map((i) => ({ kind: 'player' as const, player: createRandomPlayer({ seed: seed * 10 + i }) })),
      logic: new LostSpaceLogic(),
      replayPath: path,
    })
    const rounds = (JSON.parse(readFileSync(path, 'utf8')) as unknown[]).length - 2
    if (rounds > best.rounds) best = { rounds, path }
  }
  const server = await startWebServer({ port: 0, clientDir, replayDir: tmp })
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 850 } })
    await page.goto(`${server.url}/`)
    await page.waitForSelector('body[data-ready]')
    await page.setInputFiles('#file', best.path)
    await page.waitForSelector('#turn-label[data-last]')
    const last = Number(await page.getAttribute('#turn-label', 'data-last'))
    // Idle frame interval (the baseline) and per-step cost, both measured inside the page.
    const { frames, steps, back } = (await page.evaluate(`(async () => {
      const frames = []
      let prev = await new Promise((r) => requestAnimationFrame(r))
      for (let i = 0; i < 120; i++) { const t = await new Promise((r) => requestAnimationFrame(r)); frames.push(t - prev); prev = t }
      const key = (k) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }))
      const steps = []
      for (let i = 0; i < ${last}; i++) {
        const t0 = performance.now(); key('ArrowRight'); void document.body.offsetHeight; steps.push(performance.now() - t0)
      }
      const back = []
      const scrub = document.getElementById('scrub')
      for (let i = 0; i < 50; i++) {
        const to = Math.floor(((i * 37) % 50) / 50 * ${last})
        const t0 = performance.now(); scrub.value = String(to); scrub.dispatchEvent(new Event('input', { bubbles: true })); void document.body.offsetHeight; back.push(performance.now() - t0)
      }
      return { frames, steps, back }
    })()`)) as { frames: number[]; steps: number[]; back: number[] }
    const step = Number(await page.getAttribute('#turn-label', 'data-step'))
    const frame = median(frames)
    console.log(`replay: ${best.rounds} rounds, ${last} turns (longest of 6 seeded random games); the page ended on turn ${step} (after the scrub test)`)
    console.log('| figure | ms | × idle frame interval |')
    console.log('|---|---:|---:|')
    console.log(`| idle frame interval (median of 120, baseline) | ${fmt(frame, 2)} | 1.00 |`)
    console.log(`| one step forward, median of ${steps.length} | ${fmt(median(steps), 2)} | ${fmt(median(steps) / frame, 3)} |`)
    console.log(`| one step forward, p99 | ${fmt(pct(steps, 0.99), 2)} | ${fmt(pct(steps, 0.99) / frame, 3)} |`)
    console.log(`| one step forward, median of the first / last 100 turns | ${fmt(median(steps.slice(0, 100)), 2)} / ${fmt(median(steps.slice(-100)), 2)} | ${fmt(median(steps.slice(-100)) / frame, 3)} |`)
    console.log(`| one step forward, max | ${fmt(Math.max(...steps), 2)} | ${fmt(Math.max(...steps) / frame, 3)} |`)
    console.log(`| scrub to a random turn (replays from the start), median of ${back.length} | ${fmt(median(back), 2)} | ${fmt(median(back) / frame, 3)} |`)
    console.log(`| scrub, max | ${fmt(Math.max(...back), 2)} | ${fmt(Math.max(...back) / frame, 3)} |`)
    console.log('(apply + style + layout, timed in the page; painting is not included)')
  } finally {
    await browser.close()
    await server.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}
