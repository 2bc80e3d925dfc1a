/**
 * flying-squid's `log` plugin opens a readline prompt on process.stdin at load
 * time, hooks process exit and rewrites console.log; its `errorHandler` plugin
 * installs process-wide handlers that call process.exit(). Fine for a
 * stand-alone server, wrong for a library embedded in tests and bots. We put
 * replacements into the require cache before flying-squid scans its plugin
 * folder, so its own modules are never evaluated. Log lines go to our logger.
 */
import { dirname, join } from 'node:path'
import { createLogger, type Logger } from '../../core/logger.js'
import { require } from './squid.js'

interface LogSettings {
  logging?: boolean
}

const logger: Logger = createLogger('world')

// serv.log/info/warn/err are used by many flying-squid plugins.
const logPlugin = {
  server(serv: Record<string, unknown> & { on(ev: string, cb: (...a: any[]) => void): void }, settings: LogSettings) {
    const on = settings.logging === true
    // flying-squid messages may contain ANSI colours from `colors`; strip them.
    const clean = (m: unknown) => String(m).replace(/\u001b\[[0-9;]*m/g, '')
    serv.log = (m: unknown) => on && logger.info(clean(m))
    serv.info = (m: unknown) => on && logger.info(clean(m))
    serv.warn = (m: unknown) => on && logger.warn(clean(m))
    serv.err = (m: unknown) => on && logger.error(clean(m))
    serv.createLog = () => undefined
    if (on) {
      serv.on('listening', (port: number) => logger.info(`listening on port ${port}`))
      serv.on('seed', (seed: number) => logger.info(`world seed ${seed}`))
    }
  },
  player(player: { on(ev: string, cb: (...a: any[]) => void): void; username?: string }, serv: Record<string, any>) {
    player.on('connected', () => serv.info(`${player.username} connected`))
    player.on('disconnected', () => serv.info(`${player.username} disconnected`))
    player.on('chat', ({ message }: { message: string }) => serv.info(`<${player.username}> ${message}`))
  },
}

// Errors in player handlers are reported by flying-squid itself elsewhere;
// we only refuse to install process-wide handlers.
const errorHandlerPlugin = { player() {} }

let installed = false

function inject(path: string, exports: unknown): void {
  const existing = require.cache[path]
  if (existing) {
    if (existing.exports !== exports) existing.exports = exports
    return
  }
  // A minimal Module record is enough for require() to return our exports.
  const Module = require('node:module') as { new (id: string): NodeJS.Module } & Record<string, unknown>
  const m = new Module(path)
  m.filename = path
  m.loaded = true
  m.exports = exports
  require.cache[path] = m
}

export function installQuietPlugins(): void {
  if (installed) return
  installed = true
  const pluginsDir = join(dirname(require.resolve('flying-squid/src/lib/plugins/index.js')))
  inject(join(pluginsDir, 'log.js'), logPlugin)
  inject(join(pluginsDir, 'errorHandler.js'), errorHandlerPlugin)
}
