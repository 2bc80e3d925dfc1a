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
import { waitFor, waitForEvent } from '../support/wait.js'

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

/** Gives a task from the page; resolves to the id of the task it started. */
async function give(page: Page, text: string): Promise<number> {
  const link = rig.session.link
  const known = new Set([link.current(), ...link.history()].map((t) => t?.id))
  await page.fill('#task-input', text)
  await page.click('#task-form button[type=submit]')
  const t = await waitFor('the task from the page', () => [link.current(), ...link.history()].find((x) => x && x.source === 'dashboard' && !known.has(x.id)), { timeoutMs: 10_000 })
  assert.equal(t.text, text)
  return t.id
}

/** The status panel's rows as the page shows them: label → text. */
async function statusRows(page: Page): Promise<Record<string, string>> {
  const pairs = await page.$$eval('#status dt', (dts) => dts.map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']))
  return Object.fromEntries(pairs.map(([k, v]) => [k!.trim(), v!.replace(/\s+/g, ' ').trim()]))
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
      assert.equal(await page.isHidden('#login'), true, 'no token form once live')
      const status = await statusRows(page)
      const b = rig.body.status()
      assert.match(status.position!, new RegExp(`^${b.position.x.toFixed(1)} ${b.position.y.toFixed(1)} ${b.position.z.toFixed(1)} yaw`))
      assert.equal(status.dimension, 'overworld')
      assert.match(status['time of day']!, /^\d\d:\d\d \((day|dusk|night|dawn), tick \d+\), day \d+$/)
      assert.equal(status.mind, 'builtin over lynxmind')
      assert.equal(status.task, 'none')
      assert.match((await page.textContent('#status')) ?? '', /health 20\.0\/20[\s\S]*food 20\/20/)
      assert.equal(await logsShown(page), 0)
      const busBefore = Number(await page.getAttribute('#bus', 'data-total'))

      const id = await give(page, 'collect 3 log')
      await page.waitForSelector('#reply[data-op=task][data-ok=true]', { timeout: 10_000 })
      // the status panel shows it running with its plan and step, then it ends in the recent list as succeeded
      await page.waitForSelector('#task-text[data-status=running]', { timeout: 20_000 })
      await page.waitForSelector('#status dt:text-is("step")', { timeout: 20_000 })
      const running = await statusRows(page)
      assert.match(running.task!, /collect 3 log \(running, from dashboard\)/)
      assert.match(running.step!, /collect/)
      assert.ok(running.plan, 'the mind\'s plan is shown')
      // the grid follows the bot's inventory as the logs come in, without a reload
      const seen: number[] = [0]
      while (!(await page.$(`#recent li[data-task="${id}"]`))) {
        const n = await logsShown(page)
        if (n !== seen[seen.length - 1]) seen.push(n)
        await new Promise((r) => setTimeout(r, 50))
        if (seen.length > 20) break
      }
      await page.waitForSelector(`#recent li[data-task="${id}"][data-status=succeeded]`, { timeout: 180_000 })
      await page.waitForFunction(
        () => Array.from(document.querySelectorAll('#inventory [data-item$="_log"]')).reduce((n, e) => n + Number(e.getAttribute('data-count')), 0) >= 3,
        undefined,
        { timeout: 20_000 },
      )
      const onPage = await logsShown(page)
      if (onPage !== seen[seen.length - 1]) seen.push(onPage)
      assert.ok(seen.length >= 3, `the grid showed the logs arrive one by one: ${seen.join(' → ')}`)
      assert.ok(seen.every((n, i) => i === 0 || n > seen[i - 1]!), `only ever more logs: ${seen.join(' → ')}`)
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
      // the filter also looks into the messages' text: the collect action's payload
      await page.fill('#traffic-filter', 'needed_blocks')
      const byText = await page.$$eval('#traffic li', (els) => els.map((e) => e.textContent ?? ''))
      assert.ok(byText.length > 0 && byText.every((t) => t.includes('needed_blocks')), `${byText.length} shown`)
      await page.fill('#traffic-filter', '')
      await page.uncheck('#show-in')
      const dirs = await page.$$eval('#traffic li', (els) => els.map((e) => e.getAttribute('data-dir')))
      assert.ok(dirs.length > 0 && !dirs.includes('in'))
    } finally {
      await page.close()
    }
  })

  test('say and stop from the page', { timeout: 120_000 }, async () => {
    const page = await newPage()
    try {
      await page.goto(rig.pageUrl)
      await page.waitForSelector('#status[data-ready=true]', { timeout: 20_000 })
      const said = waitForEvent('the bot to say it', rig.body, 'said', (m: unknown) => m === 'hello from the page', 15_000)
      await page.fill('#say-input', 'hello from the page')
      await page.click('#say-form button[type=submit]')
      await said
      await page.waitForSelector('#reply[data-op=say][data-ok=true]', { timeout: 10_000 })
      assert.equal(await page.inputValue('#say-input'), '', 'the field is cleared')

      const pos = rig.body.status().position
      const id = await give(page, `goto ${Math.round(pos.x) + 200} ${Math.round(pos.z) + 200}`)
      await page.waitForSelector(`#task-text[data-id="${id}"][data-status=running]`, { timeout: 20_000 })
      await page.click('#stop-button')
      await page.waitForSelector('#reply[data-op=stop][data-ok=true]', { timeout: 10_000 })
      assert.match((await page.textContent('#reply')) ?? '', /task #\d+ cancelled/)
      await page.waitForSelector(`#recent li[data-task="${id}"][data-status=cancelled]`, { timeout: 20_000 })
      const last = rig.session.link.history().at(-1)!
      assert.equal(last.id, id)
      assert.equal(last.status, 'cancelled')
      assert.equal(last.source, 'dashboard')
      assert.equal(rig.session.link.current(), undefined)
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
      // open grass west and south of spawn (the starter layout): whichever is farther from the bot
      const { x: sx, z: sz } = rig.world.spawn
      const spots = [{ x: Math.floor(sx) - 6, z: Math.floor(sz) }, { x: Math.floor(sx), z: Math.floor(sz) + 10 }]
      const target = spots.sort((a, b) => Math.hypot(b.x - x0, b.z - z0) - Math.hypot(a.x - x0, a.z - z0))[0]!
      const id = await give(page, `goto ${target.x} ${target.z}`)
      await page.waitForFunction(
        ([x, z]) => {
          const m = document.getElementById('map')!
          return Math.hypot(Number(m.getAttribute('data-bot-x')) - x!, Number(m.getAttribute('data-bot-z')) - z!) > 3
        },
        [x0, z0],
        { timeout: 90_000 },
      )
      await page.waitForSelector(`#recent li[data-task="${id}"][data-status=succeeded]`, { timeout: 90_000 })
      assert.ok(Number(await page.getAttribute('#map', 'data-targets-drawn')) > 0, 'the walk\'s target was drawn')
      const pos = rig.body.status().position
      await page.waitForFunction(([x, z]) => Math.hypot(Number(document.getElementById('map')!.getAttribute('data-bot-x')) - x!, Number(document.getElementById('map')!.getAttribute('data-bot-z')) - z!) < 1, [pos.x, pos.z], { timeout: 20_000 })
      const shown = { x: Number(await page.getAttribute('#map', 'data-bot-x')), z: Number(await page.getAttribute('#map', 'data-bot-z')) }
      assert.ok(Math.hypot(shown.x - x0, shown.z - z0) > 3, 'the marker moved')
      assert.ok(Math.hypot(shown.x - target.x, shown.z - target.z) <= 3, `the marker is at the target: ${JSON.stringify(shown)}`)
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
