/**
 * The live dashboard of a Minecraft bot (`--dashboard`): a page served by the control server,
 * fed over its WebSocket. `createDashboard` is what the CLI commands call; the pieces:
 *   protocol.ts  the wire (client frames validated with zod)
 *   hub.ts       the WebSocket clients and the frames they get
 *   links.ts     LynxMind / brain file / MaiCore adapters
 *   map.ts       the top-down map of what the bot knows
 *   model-tap.ts model calls, tokens, latency and the last prompt
 *   viewer.ts    the optional 3D view (prismarine-viewer)
 *   page.ts      the HTML; client/ the page's script (built by scripts/build-web.mjs)
 */
import type { ContextBus } from '../../core/context-bus.js'
import type { Logger } from '../../core/logger.js'
import { DashboardHub } from './hub.js'
import type { DashboardLink } from './links.js'
import type { MapBody } from './map.js'
import type { ModelTap } from './model-tap.js'
import { DASHBOARD_PAGE_PATH } from './protocol.js'

export { DashboardHub } from './hub.js'
export { ModelTap } from './model-tap.js'
export { lynxDashboardLink, brainDashboardLink, maicoreDashboardLink, parseBrainTask, type DashboardLink } from './links.js'
export { startViewer, type Viewer } from './viewer.js'
export * from './protocol.js'

export interface DashboardSettings {
  viewer: boolean
  mapRadius: number
  periodMs: number
  viewDistance: number
}

/** The page's address with the token in the fragment (browsers never send the fragment). */
export function dashboardUrl(controlUrl: string, token: string): string {
  return `${controlUrl}${DASHBOARD_PAGE_PATH}#token=${encodeURIComponent(token)}`
}

/** The hub for one link, with the 3D view when asked for (closed with the hub). */
export async function createDashboard(o: {
  link: DashboardLink
  bus?: ContextBus
  model?: ModelTap
  settings: DashboardSettings
  logger?: Logger
  out?: (line: string) => void
  clientDir?: string
}): Promise<DashboardHub> {
  let viewer: import('./viewer.js').Viewer | undefined
  if (o.settings.viewer) {
    const { startViewer } = await import('./viewer.js')
    const body = o.link.body as MapBody
    viewer = await startViewer({
      bot: () => {
        try {
          return body.ready ? body.bot : undefined
        } catch {
          return undefined
        }
      },
      viewDistance: o.settings.viewDistance,
    })
    o.out?.(`3D view on ${viewer.url} (127.0.0.1 only; opened from the dashboard)`)
  }
  const hub = new DashboardHub({
    link: o.link,
    ...(o.bus ? { bus: o.bus } : {}),
    ...(o.model ? { model: o.model } : {}),
    periodMs: o.settings.periodMs,
    mapRadius: o.settings.mapRadius,
    ...(viewer ? { viewer } : {}),
    ...(o.clientDir ? { clientDir: o.clientDir } : {}),
    ...(viewer ? { onClose: () => viewer!.close() } : {}),
  })
  return hub
}
