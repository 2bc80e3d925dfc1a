/**
 * The LostSpace page in a real browser (Debian's chromium driven by
 * playwright-core, which downloads nothing): replay viewer, broken files, a
 * match started from the page and played by a human seat while two spectators
 * follow it, a closed tab timing out, seat tokens.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { startWebServer, type WebServer } from '../../../src/lostspace/web/server.js'
import { runGame } from '../../../src/lostspace/judger/judger.js'
import { LostSpaceLogic } from '../../../src/lostspace/logic.js'
import { createRandomPlayer, createStrategistPlayer } from '../../../src/lostspace/bots/index.js'
import { createRng } from '../../../src/lostspace/rng.js'
import { ROOT } from '../../fixtures/lostspace-ais/helpers.js'
import { until } from './helpers.js'
import { chromiumMissing as skip, launchChromium } from '../../support/browser.js'

let tmp = ''
let clientDir = ''
let browser: Browser
const servers: WebServer[] = []

async function server(opts: Parameters<typeof startWebServer>[0] = {}): Promise<WebServer> {
  const s = await startWebServer({ port: 0, clientDir, replayDir: tmp, ...opts })
  servers.push(s)
  return s
}

async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 850 } })
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`))
  return page
}

before(async () => {
  if (skip) return
  tmp = mkdtempSync(join(tmpdir(), 'ls-web-'))
  clientDir = join(tmp, 'client')
  // The real build step of the page (what `npm run build` runs), into a temp folder.
  const build = (await import(pathToFileURL(join(ROOT, 'scripts/build-web.mjs')).href)) as { buildWebClient(o: { outdir: string }): Promise<string> }
  await build.buildWebClient({ outdir: clientDir })
  browser = await launchChromium()
})

after(async () => {
  await Promise.all(servers.map((s) => s.close()))
  await browser?.close()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

/** Ranking rows as the page shows them: [player, points] best first. */
async function rankingOf(page: Page): Promise<number[][]> {
  return page.$$eval('#ranking tr[data-player]', (rows) => rows.map((r) => [Number(r.getAttribute('data-player')), Number(r.getAttribute('data-points'))]))
}

function expectedRanking(replay: unknown[]): number[][] {
  const scores = replay[replay.length - 1] as Record<string, number>
  return Object.entries(scores)
    .map(([id, pts]) => [Number(id), pts])
    .sort((a, b) => b[1]! - a[1]! || a[0]! - b[0]!)
}

describe('lostspace web page in chromium', { skip }, () => {
  test('replay viewer: open a replay file, step through every turn, the ranking matches the file', { timeout: 120_000 }, async () => {
    const replayPath = join(tmp, 'game.json')
    await runGame({
      seats: [
        { kind: 'player', player: createStrategistPlayer() },
        { kind: 'player', player: createRandomPlayer({ seed: 1 }) },
        { kind: 'player', player: createStrategistPlayer() },
        { kind: 'player', player: createRandomPlayer({ seed: 2 }) },
      ],
      logic: new LostSpaceLogic(),
      replayPath,
    })
    const replay = JSON.parse(readFileSync(replayPath, 'utf8')) as unknown[]
    const rounds = replay.length - 2
    const s = await server()
    const page = await newPage()
    await page.goto(`${s.url}/`)
    await page.waitForSelector('body[data-ready]')
    await page.setInputFiles('#file', replayPath)
    const label = page.locator('#turn-label')
    await page.waitForSelector(`#turn-label[data-last="${rounds * 4}"]`)
    assert.equal(await label.getAttribute('data-step'), '0')
    assert.match((await page.textContent('#ranking')) ?? '', /after the last turn/)
    // Step through every small turn with the step button and the keyboard.
    for (let i = 1; i <= 8; i++) {
      await page.click('#step')
      assert.equal(await label.getAttribute('data-step'), String(i))
    }
    for (let i = 9; i <= rounds * 4; i++) await page.keyboard.press('ArrowRight')
    assert.equal(await label.getAttribute('data-step'), String(rounds * 4))
    assert.equal(await label.getAttribute('data-round'), String(rounds))
    assert.deepEqual(await rankingOf(page), expectedRanking(replay))
    // Escapers are gone from the board; everyone else is drawn.
    const escaped = await page.$$eval('#players tr[data-status="escaped"]', (r) => r.length)
    assert.equal(await page.locator('[data-testid=board] g[data-player]').count(), 4 - escaped)
    assert.ok((await page.locator('#log div').count()) > 10)
    // Scrub back to the middle and play.
    await page.locator('#scrub').fill('200')
    assert.equal(await label.getAttribute('data-step'), '200')
    await page.click('#play')
    await page.waitForFunction("Number(document.getElementById('turn-label').dataset.step) > 205")
    await page.click('#play')

    // The same file from the server's replay folder (?replay=) and by drag and drop.
    await page.goto(`${s.url}/?replay=game.json`)
    await page.waitForSelector(`#turn-label[data-last="${rounds * 4}"]`)
    await page.goto(`${s.url}/`)
    await page.waitForSelector('body[data-ready]')
    const text = readFileSync(replayPath, 'utf8')
    // A real drop event carrying a File, as the browser makes one when a file is dropped on the page.
    await page.evaluate(
      `(() => { const dt = new DataTransfer(); dt.items.add(new File([${JSON.stringify(text)}], 'dropped.json', { type: 'application/json' }));
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true })) })()`,
    )
    await page.waitForSelector(`#turn-label[data-last="${rounds * 4}"]`)
    assert.match((await page.textContent('#mode')) ?? '', /dropped\.json/)
    await page.close()
  })

  test('a broken or foreign file shows a clear message, never a blank page', { timeout: 60_000 }, async () => {
    const s = await server()
    const page = await newPage()
    await page.goto(`${s.url}/`)
    await page.waitForSelector('body[data-ready]')
    await page.setInputFiles('#file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('[[0,0,1],') })
    await page.waitForSelector('#error.show')
    assert.match((await page.textContent('#error')) ?? '', /broken\.json is not JSON/)
    await page.setInputFiles('#file', { name: 'foreign.json', mimeType: 'application/json', buffer: Buffer.from('{"players":[1,2,3]}') })
    await page.waitForFunction("/foreign\\.json is not a LostSpace replay/.test(document.getElementById('error').textContent)")
    await page.goto(`${s.url}/?replay=missing.json`)
    await page.waitForFunction("/no replay named 'missing\\.json'/.test(document.getElementById('error').textContent)")
    assert.equal(await page.locator('[data-testid=board]').count(), 1, 'the map is still drawn')
    await page.close()
  })

  test('a match started from the page: a human seat plays it to the end by clicking offered moves, two spectators follow', { timeout: 300_000 }, async () => {
    const s = await server({ humanTimeLimitSec: 60 })
    const human = await newPage()
    await human.goto(`${s.url}/`)
    await human.waitForSelector('body[data-ready]')
    await human.click('#show-start')
    await human.fill('#seat-0', 'human')
    for (const i of [1, 2, 3]) await human.fill(`#seat-${i}`, 'builtin:random')
    await human.fill('#pace', '0')
    await human.click('#start-go')
    await human.waitForURL(/seat=0/)
    const id = new URL(human.url()).searchParams.get('match')!
    const live = s.match(id)!
    const spectators = [await newPage(), await newPage()]
    for (const p of spectators) await p.goto(`${s.url}/?match=${id}`)
    // Both spectators see the same turn: round 1, the human's seat 0 to play.
    for (const p of spectators) await p.waitForSelector('#mode[data-round="1"][data-seat="0"]')
    await human.waitForSelector('#seat[data-my-turn="true"]')
    assert.match((await human.textContent('#countdown')) ?? '', /\d+ s left/)

    const rng = createRng(7)
    let turns = 0
    let actions = 0
    for (let guard = 0; guard < 1000; guard++) {
      await human.waitForFunction(
        `document.getElementById('mode').dataset.state === 'over' ||
         (document.getElementById('seat').dataset.myTurn === 'true' && !document.querySelector('#offers button:disabled'))`,
        null,
        { timeout: 60_000 },
      )
      if ((await human.getAttribute('#mode', 'data-state')) === 'over') break
      turns++
      const offerId = await human.getAttribute('#seat', 'data-offer-id')
      const offers = await human.$$eval('#offers button', (bs) => bs.map((b) => b.getAttribute('data-group') ?? ''))
      const main = offers.map((g, i) => ({ g, i })).filter((o) => o.g === 'interact' || o.g === 'attack' || o.g === 'move')
      const pick = main.find((o) => o.g === 'interact') ?? main[rng.int(main.length)]
      if (pick) {
        await human.click(`#offers button[data-offer="${pick.i}"]`)
        actions++
        await human.waitForFunction(`document.getElementById('seat').dataset.offerId !== ${JSON.stringify(offerId)}`, null, { timeout: 30_000 })
      }
      if ((await human.getAttribute('#seat', 'data-my-turn')) === 'true') {
        const before = await human.getAttribute('#seat', 'data-offer-id')
        await human.click('#finish')
        await human.waitForFunction(`document.getElementById('seat').dataset.offerId !== ${JSON.stringify(before)}`, null, { timeout: 30_000 })
      }
    }
    await live.done
    const result = live.gameResult!
    assert.ok(turns > 10 && actions > 10, `the human played (${turns} turns, ${actions} actions)`)
    assert.deepEqual(result.errors, [], 'the human never sent anything the rules refuse to take')
    const expected = result.ranking.map((r) => [r.player, r.points]).sort((a, b) => b[1]! - a[1]! || a[0]! - b[0]!)
    for (const p of [...spectators, human]) {
      await p.waitForSelector('#mode[data-state="over"]')
      await p.waitForSelector('#ranking tr[data-player]')
      assert.deepEqual(await rankingOf(p), expected)
      await p.close()
    }
  })

  test('seat tokens on the page; a reopened tab takes the seat back; a closed tab times out by the rules', { timeout: 120_000 }, async () => {
    const s = await server({ tokens: 'always', humanTimeLimitSec: 8 })
    const { live, started } = await s.startMatch({ seats: ['human', 'builtin:random', 'builtin:random', 'builtin:random'], seed: 4 })
    const link = started.links[0]!
    const spectator = await newPage()
    await spectator.goto(`${s.url}/?match=${live.id}`)
    await spectator.waitForSelector('#mode[data-round="1"][data-seat="0"]')

    const intruder = await newPage()
    await intruder.goto(`${s.url}/?match=${live.id}&seat=0&token=wrong`)
    await intruder.waitForFunction("/seat 0 needs its token/.test(document.getElementById('error').textContent)")
    await intruder.close()

    const first = await newPage()
    await first.goto(link.url)
    await first.waitForSelector('#seat[data-my-turn="true"]')
    await first.close()
    const reopened = await newPage()
    await reopened.goto(link.url)
    await reopened.waitForSelector('#seat[data-my-turn="true"]')
    await reopened.click('#offers button[data-group="move"]')
    await reopened.waitForFunction("document.getElementById('seat-last').textContent === 'move: ok'")
    await reopened.click('#finish')
    await spectator.waitForSelector('#mode[data-round="2"][data-seat="0"]', { timeout: 30_000 })
    await reopened.close()
    // Nobody holds seat 0 now: its turn runs out and the rules make it an AI error.
    await spectator.waitForSelector('#players tr[data-player="0"][data-status="error"]', { timeout: 60_000 })
    await until('the match to end', () => live.over, 60_000)
    assert.deepEqual(live.info().errors?.map((e) => [e.player, e.error]), [[0, 1]])
    await spectator.close()
  })
})
