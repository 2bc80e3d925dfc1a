/**
 * What `--dashboard` / `--viewer` add to the bot commands (play, bot, brain, maicore): the
 * flags, the model tap for the usage meter, and the control server that serves the page.
 * The dashboard itself is src/minecraft/dashboard/.
 */
import type { ContextBus } from '../core/context-bus.js'
import type { Logger } from '../core/logger.js'
import type { LynxMindLink } from '../minecraft/links/lynxmind.js'
import type { ModelTap } from '../minecraft/dashboard/model-tap.js'
import type { DashboardLink } from '../minecraft/dashboard/links.js'
import { UserError, type Config, type ConfigFlags } from './config.js'
import type { PortUse } from './ports.js'
import { controlToken } from './commands/play.js'

/** The --dashboard / --viewer flags' help (play, bot, brain, maicore). */
export const DASHBOARD_HELP = 'serve a live dashboard page from the control server (started for it, on loopback) and print its URL'
export const VIEWER_HELP = 'with the dashboard, also a 3D view of the world (prismarine-viewer, loopback only, same token); implies --dashboard'

/** `--dashboard` / `--viewer` as config flags. */
export function dashboardConfigFlags(o: { dashboard?: boolean; viewer?: boolean }): ConfigFlags {
  if (!o.dashboard && !o.viewer) return {}
  return { dashboard: { enabled: true, ...(o.viewer ? { viewer: true } : {}) } }
}

export function dashboardOn(config: Config): boolean {
  return config.dashboard.enabled || config.dashboard.viewer
}

/** The model tap the dashboard's usage meter reads (only when the dashboard is on). */
export async function dashboardTap(config: Config): Promise<import('../minecraft/dashboard/model-tap.js').ModelTap | undefined> {
  if (!dashboardOn(config)) return undefined
  const { ModelTap } = await import('../minecraft/dashboard/model-tap.js')
  return new ModelTap()
}

/**
 * `brain` / `maicore --dashboard`: the control server (loopback, the control token) with the
 * dashboard of a link that is not LynxMind. Prints both addresses.
 */
export async function serveDashboard(
  config: Config,
  link: DashboardLink,
  bus: ContextBus,
  tap: ModelTap | undefined,
  logger: Logger,
  out: (l: string) => void,
): Promise<{ close(): Promise<void> }> {
  const [{ createDashboard, dashboardUrl }, { startControlServer }] = await Promise.all([import('../minecraft/dashboard/index.js'), import('../minecraft/control/server.js')])
  const token = controlToken(config, out)
  const hub = await createDashboard({ link, bus, ...(tap ? { model: tap } : {}), settings: config.dashboard, logger, out })
  const server = await startControlServer({ link: link.control, bus, dashboard: hub, token, port: config.control.port, host: config.control.host, logger }).catch((err: unknown) => {
    hub.close()
    throw new UserError(`could not start the control API: ${(err as Error).message}`, 1)
  })
  out(`control API on ${server.url} (Authorization: Bearer <token>)`)
  out(`dashboard: ${dashboardUrl(server.url, token)}`)
  return server
}

/** The port check of `serveDashboard`. */
export function dashboardPorts(config: Config): PortUse[] {
  return dashboardOn(config) ? [{ what: 'the control API (dashboard)', host: config.control.host, port: config.control.port, flag: '--control-port', orElse: 'leave out --dashboard' }] : []
}

/** For LynxSession's control option: builds the dashboard of its link. */
export function lynxDashboard(config: Config, bus: ContextBus, tap: ModelTap | undefined, logger: Logger, out: (l: string) => void) {
  return async (link: LynxMindLink) => {
    const { createDashboard, lynxDashboardLink } = await import('../minecraft/dashboard/index.js')
    return createDashboard({ link: lynxDashboardLink(link), bus, ...(tap ? { model: tap } : {}), settings: config.dashboard, logger, out })
  }
}
