/**
 * A real bot with its dashboard for the dashboard tests: the embedded world, a mineflayer body,
 * a LynxMind session with the builtin mind, and the control server serving the dashboard (its
 * page script built by the real build step into a temp folder).
 *
 * The world is the staged starter layout (`profile: 'starter'`): it has trees next to spawn, so a
 * "collect log" task given from the page finishes in seconds instead of a search of the natural
 * terrain.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createContextBus, type ContextBus } from '../../../src/core/context-bus.js'
import { createLogger } from '../../../src/core/logger.js'
import { createBody, type MineflayerBody } from '../../../src/minecraft/body/index.js'
import { BuiltinMind } from '../../../src/minecraft/minds/builtin.js'
import { LynxSession } from '../../../src/minecraft/links/lynxmind-session.js'
import { createDashboard, dashboardUrl, lynxDashboardLink, type DashboardHub, type DashboardSettings } from '../../../src/minecraft/dashboard/index.js'
import type { ModelTap } from '../../../src/minecraft/dashboard/model-tap.js'
import type { Mind } from '../../../src/minecraft/minds/types.js'
import { startWorld, type World } from './world.js'

export const quiet = createLogger('test', { level: 'silent' })
export const TOKEN = 'dash-token-7f3a9c'
const ROOT = join(import.meta.dirname, '../../..')

/** Builds the page script once per test file (the real `npm run build` step) into a temp folder. */
export async function buildClient(): Promise<{ dir: string; remove(): void }> {
  const tmp = mkdtempSync(join(tmpdir(), 'mb-dash-'))
  const build = (await import(pathToFileURL(join(ROOT, 'scripts/build-web.mjs')).href)) as { buildDashboardClient(o: { outdir: string }): Promise<string> }
  await build.buildDashboardClient({ outdir: tmp })
  return { dir: tmp, remove: () => rmSync(tmp, { recursive: true, force: true }) }
}

export interface DashboardRig {
  world: World
  body: MineflayerBody
  bus: ContextBus
  session: LynxSession
  hub: DashboardHub
  /** The control server's base URL. */
  url: string
  /** The page's URL with the token in its fragment. */
  pageUrl: string
  lines: string[]
  close(): Promise<void>
}

export interface RigOptions {
  settings?: Partial<DashboardSettings>
  /** The mind (default: the builtin one). */
  mind?: Mind
  /** The usage meter's tap, when the mind's client is wrapped by it. */
  model?: ModelTap
  /** The ContextBus (default: a fresh one on the real clock). */
  bus?: ContextBus
}

export async function startRig(clientDir: string, opts: RigOptions = {}): Promise<DashboardRig> {
  const { settings = {}, model } = opts
  const world = await startWorld({ profile: 'starter', seed: 4242 })
  const bus = opts.bus ?? createContextBus()
  let body: MineflayerBody | undefined
  let session: LynxSession | undefined
  const lines: string[] = []
  try {
    body = await createBody({ host: world.host, port: world.port, username: 'dashbot', version: world.version, bus, logger: quiet, reconnect: false })
    let hub: DashboardHub | undefined
    session = new LynxSession({
      body,
      mind: opts.mind ?? new BuiltinMind(),
      bus,
      logger: quiet,
      out: (l) => lines.push(l),
      control: {
        port: 0,
        token: TOKEN,
        dashboard: async (link) => {
          hub = await createDashboard({
            link: lynxDashboardLink(link),
            bus,
            ...(model ? { model } : {}),
            settings: { viewer: false, mapRadius: 16, periodMs: 200, viewDistance: 4, ...settings },
            clientDir,
            out: (l) => lines.push(l),
          })
          return hub
        },
      },
    })
    if ((await session.start()) !== 'open') throw new Error('the session did not open')
    const url = session.control!.url
    const s = session
    const b = body
    return {
      world,
      body,
      bus,
      session,
      hub: hub!,
      url,
      pageUrl: dashboardUrl(url, TOKEN),
      lines,
      async close() {
        await s.close().catch(() => undefined)
        await b.close().catch(() => undefined)
        await world.close().catch(() => undefined)
      },
    }
  } catch (err) {
    await session?.close().catch(() => undefined)
    await body?.close().catch(() => undefined)
    await world.close().catch(() => undefined)
    throw err
  }
}
