/**
 * The dashboard in a real browser (Debian's chromium through playwright-core) against the real
 * embedded world and a real bot (support/dashboard.ts: starter layout, trees next to spawn):
 * a task given from the page runs and its logs show up in the inventory grid, the ContextBus
 * list grows, the traffic filter works, the map follows the bot as it walks, and a page with a
 * wrong token gets no data at all.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { buildClient, startRig, type DashboardRig } from './support/dashboard.js'
import { chromiumMissing as skip, launchChromium } from '../support/browser.js'

/** The page's document, for the functions playwright runs in the page (this test program has no DOM types). */
interface PageElement {
  getAttribute(name: string): string | null
}
declare const document: { querySelectorAll(selector: string): ArrayLike<PageElement>; getElementById(id: string): PageElement | null }

let client: { dir: string; remove(): void }
let rig: DashboardRig
let browser: Browser

before(async () => {
  if (skip) return
  client = await buildClient()
  rig = await startRig(client.dir)
  browser = await launchChromium()
})
after(async () => {
  await browser?.close()
  await rig?.close()
  client?.remove()
})

async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } })
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`))
  return page
}

/** Logs in the inventory grid as the page shows them. */
async function logsShown(page: Page): Promise<number> {
  return page.$$eval('#inventory [data-item$="_log"]', (els) => els.reduce((n, e) => n + Number(e.getAttribute('data-count')), 0))
}

describe('dashboard in chromium', { skip }, () => {
  test('a task given from the page runs: logs appear in the inventory, the bus grows, traffic is filterable', { timeout: 240_000 }, async () => {
    const page = await newPage()
    try {
      await page.goto(rig.pageUrl)
      await page.waitForSelector('body[data-state=live]', { timeout: 20_000 })
      await page.waitForSelector('#status[data-ready=true]', { timeout: 20_000 })
      await page.waitForSelector('#bus[data-total]', { state: 'attached', timeout: 20_000 })
      assert.equal(await logsShown(page), 0)
      const busBefore = Number(await page.getAttribute('#bus', 'data-total'))

      await page.fill('#task-input', 'collect 3 log')
      await page.click('#task-form button[type=submit]')
      await page.waitForSelector('#reply[data-op=task][data-ok=true]', { timeout: 10_000 })
      // the status panel shows it running, then it ends in the recent list as succeeded
      await page.waitForSelector('#task-text[data-status=running]', { timeout: 20_000 })
      await page.waitForSelector('#recent li[data-status=succeeded]', { timeout: 180_000 })
      await page.waitForFunction(
        () => Array.from(document.querySelectorAll('#inventory [data-item$="_log"]')).reduce((n, e) => n + Number(e.getAttribute('data-count')), 0) >= 3,
        undefined,
        { timeout: 20_000 },
      )
      const onPage = await logsShown(page)
      const inWorld = Object.entries(rig.body.inventoryCounts())
        .filter(([k]) => k.endsWith('_log'))
        .reduce((n, [, v]) => n + v, 0)
      assert.ok(onPage >= 3, `the page shows ${onPage} logs`)
      assert.equal(onPage, inWorld, 'the grid shows what the bot holds')
      const task = rig.session.link.history().find((t) => t.source === 'dashboard')
      assert.equal(task?.status, 'succeeded')

      await page.waitForFunction((n) => Number(document.getElementById('bus')!.getAttribute('data-total')) > n, busBefore, { timeout: 20_000 })
      const busText = await page.textContent('#bus')
      assert.match(busText ?? '', /collect 3 log/, 'the task entry is in the stream')
      assert.match((await page.textContent('#xml')) ?? '', /<!-- p=player/, 'the XML is shown')

      await page.waitForSelector('#traffic li[data-kind=EVENT_AI_CONTROL]', { state: 'attached', timeout: 20_000 })
      const all = Number(await page.getAttribute('#traffic', 'data-shown'))
      await page.fill('#traffic-filter', 'EVENT_AI_CONTROL')
      const kinds = await page.$$eval('#traffic li', (els) => els.map((e) => e.getAttribute('data-kind')))
      assert.ok(kinds.length > 0 && kinds.length < all, `the filter keeps ${kinds.length} of ${all}`)
      assert.ok(kinds.every((k) => k === 'EVENT_AI_CONTROL'))
      await page.fill('#traffic-filter', '')
      await page.uncheck('#show-in')
      const dirs = await page.$$eval('#traffic li', (els) => els.map((e) => e.getAttribute('data-dir')))
      assert.ok(dirs.length > 0 && !dirs.includes('in'))
    } finally {
      await page.close()
    }
  })

  test('the map shows the bot moving', { timeout: 120_000 }, async () => {
    const page = await newPage()
    try {
      await page.goto(rig.pageUrl)
      await page.waitForSelector('#map[data-bot-x]', { timeout: 20_000 })
      assert.ok(Number(await page.getAttribute('#map', 'data-known')) > 0, 'the map draws known blocks')
      const x0 = Number(await page.getAttribute('#map', 'data-bot-x'))
      const z0 = Number(await page.getAttribute('#map', 'data-bot-z'))
      const target = { x: Math.round(x0) + 8, z: Math.round(z0) + 5 }
      await page.fill('#task-input', `goto ${target.x} 64 ${target.z}`)
      await page.click('#task-form button[type=submit]')
      await page.waitForFunction(
        ([x, z]) => {
          const m = document.getElementById('map')!
          return Math.hypot(Number(m.getAttribute('data-bot-x')) - x!, Number(m.getAttribute('data-bot-z')) - z!) > 3
        },
        [x0, z0],
        { timeout: 90_000 },
      )
      const pos = rig.body.status().position
      const shown = { x: Number(await page.getAttribute('#map', 'data-bot-x')), z: Number(await page.getAttribute('#map', 'data-bot-z')) }
      assert.ok(Math.hypot(shown.x - x0, shown.z - z0) > 3, 'the marker moved')
      assert.ok(Math.hypot(pos.x - x0, pos.z - z0) > 3, 'the bot moved in the world')
    } finally {
      await page.close()
    }
  })

  test('a wrong token gets no data: the page asks for the token and the socket carried nothing', { timeout: 60_000 }, async () => {
    const page = await newPage()
    const received: string[] = []
    page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))))
    try {
      await page.goto(`${rig.url}/dashboard#token=not-the-token`)
      await page.waitForSelector('body[data-state=denied]', { timeout: 20_000 })
      assert.equal(await page.isVisible('#login'), true)
      assert.match((await page.textContent('#login-error')) ?? '', /wrong token/)
      assert.deepEqual(received, [], 'not one frame reached the page')
      assert.equal(await page.$$eval('#inventory [data-item]', (els) => els.length), 0)
      assert.equal((await page.textContent('#bus'))?.trim(), '')
      // the login field with the right token connects
      await page.fill('#login-token', rig.pageUrl.split('#token=')[1]!)
      await page.click('#login button[type=submit]')
      await page.waitForSelector('body[data-state=live]', { timeout: 20_000 })
      await page.waitForSelector('#position', { timeout: 20_000 })
    } finally {
      await page.close()
    }
  })
})
