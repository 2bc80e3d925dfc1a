// Regenerates docs/img/lostspace-web.png, the README's picture of the LostSpace page:
// a seeded game of built-in players, opened in the replay viewer and shown at round 40.
// Usage: node --import tsx scripts/lostspace-web-screenshot.ts   (needs /usr/bin/chromium)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { runGame } from '../src/lostspace/judger/judger.js'
import { LostSpaceLogic } from '../src/lostspace/logic.js'
import { createRandomPlayer, createStrategistPlayer } from '../src/lostspace/bots/index.js'
import { startWebServer } from '../src/lostspace/web/server.js'
import { buildWebClient } from './build-web.mjs'

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..')
const out = join(root, 'docs/img/lostspace-web.png')
const tmp = mkdtempSync(join(tmpdir(), 'ls-shot-'))
try {
  await runGame({
    seats: [
      { kind: 'player', player: createStrategistPlayer() },
      { kind: 'player', player: createRandomPlayer({ seed: 3 }) },
      { kind: 'player', player: createStrategistPlayer() },
      { kind: 'player', player: createRandomPlayer({ seed: 4 }) },
    ],
    logic: new LostSpaceLogic(),
    replayPath: join(tmp, 'game.json'),
  })
  const clientDir = join(tmp, 'client')
  await buildWebClient({ outdir: clientDir })
  const server = await startWebServer({ port: 0, clientDir, replayDir: tmp })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--disable-dev-shm-usage'],
  })
  const page = await browser.newPage({ viewport: { width: 1400, height: 760 } })
  await page.goto(`${server.url}/?replay=game.json`)
  await page.waitForSelector('#turn-label[data-last]')
  await page.locator('#scrub').fill('157')
  mkdirSync(join(root, 'docs/img'), { recursive: true })
  await page.screenshot({ path: out })
  await browser.close()
  await server.close()
  console.log(`wrote ${out}`)
} finally {
  rmSync(tmp, { recursive: true, force: true })
}
