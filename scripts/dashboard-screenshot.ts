// Regenerates docs/img/dashboard.png, the picture of the Minecraft dashboard in docs/minecraft.md:
// the embedded world (starter profile, seed 4242), a bot driven by the llm mind, whose model is
// the scripted OpenAI-compatible server of the tests (it answers "collect N log" with the collect
// action and "goto X Z" with a move), the dashboard with the 3D view. From the page, the bot is
// given "collect 3 log", then a walk; the picture is taken during the walk, once its path is on
// the map.
// Usage: node --import tsx scripts/dashboard-screenshot.ts   (needs /usr/bin/chromium)
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildClient, quiet, startRig } from '../test/minecraft/support/dashboard.js'
import { launchChromium } from '../test/support/browser.js'
import { startScriptedOpenAI, type RecordedRequest, type StaticStep } from '../test/support/scripted-openai.js'
import { createLlmClient } from '../src/core/llm/index.js'
import { LlmMind } from '../src/minecraft/minds/llm.js'
import { ModelTap } from '../src/minecraft/dashboard/model-tap.js'

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..')
const out = join(root, 'docs/img/dashboard.png')

function model(req: RecordedRequest): StaticStep {
  const user = String([...(req.body?.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '')
  const event = user.slice(user.lastIndexOf('</context>') + 1)
  if (event.includes('The game has started')) return { reply: '{"type":"EVENT_AI_START"}' }
  const n = /collect (\d+) log/.exec(event)
  if (event.includes('EVENT_PLAYER_STATUS_CREATE_TASK') && n)
    return { reply: JSON.stringify({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_COLLECT_BLOCK', needed_blocks: [{ item_name: 'log', count: Number(n[1]) }] }, plans: `${n[1]} logs from the nearest trees` }) }
  const to = /goto (-?\d+) (-?\d+)/.exec(event)
  if (event.includes('EVENT_PLAYER_STATUS_CREATE_TASK') && to)
    return { reply: JSON.stringify({ type: 'EVENT_AI_CONTROL', action: { type: 'ACTION_MOVE', x: Number(to[1]), z: Number(to[2]) }, plans: 'walk to the open grass west of spawn' }) }
  if (event.includes('EVENT_PLAYER_BARITONE_TASK_STOP')) return { reply: '{"type":"EVENT_AI_STOP","reason":"done"}' }
  return { reply: '{"type":"NONE"}' }
}

const client = await buildClient()
const server = await startScriptedOpenAI([model])
const tap = new ModelTap()
const llm = tap.wrap(createLlmClient({ baseUrl: server.baseUrl, model: 'scripted-model', timeoutMs: 10_000 }, { logger: quiet }))
const rig = await startRig(client.dir, { mind: new LlmMind({ client: llm }), model: tap, settings: { viewer: true, mapRadius: 20, periodMs: 250, viewDistance: 3 } })
const browser = await launchChromium()
try {
  const page = await browser.newPage({ viewport: { width: 1500, height: 1250 } })
  page.on('crash', () => console.error('the page crashed'))
  page.on('pageerror', (e) => console.error('page error', e.message))
  await page.goto(rig.pageUrl)
  await page.waitForSelector('#status[data-ready=true]')
  const give = async (text: string) => {
    const known = new Set(rig.session.link.history().map((t) => t.id))
    await page.fill('#task-input', text)
    await page.click('#task-form button[type=submit]')
    for (;;) {
      const t = rig.session.link.current()
      if (t && !known.has(t.id)) return t.id
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  // the picture: logs in the grid, then a walk from the page, taken once its path is on the map
  await rig.session.link.waitTask(await give('collect 3 log'))
  await page.click('#xml-title')
  const paths = Number((await page.getAttribute('#map', 'data-paths-drawn')) ?? 0)
  const { x, z } = rig.world.spawn
  const id = await give(`goto ${Math.floor(x) - 6} ${Math.floor(z)}`)
  while (Number((await page.getAttribute('#map', 'data-paths-drawn')) ?? 0) <= paths && rig.session.link.current()?.id === id) await new Promise((r) => setTimeout(r, 20))
  if (rig.session.link.current()?.id !== id) console.log('(the walk ended before its path was drawn: the picture shows it finished)')
  mkdirSync(join(root, 'docs/img'), { recursive: true })
  await page.screenshot({ path: out, fullPage: true })
  console.log(`wrote ${out}`)
} finally {
  await browser.close()
  await rig.close()
  await server.close()
  client.remove()
}
