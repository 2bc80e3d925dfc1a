/**
 * One structured logger for the whole runtime. Quiet by default (warn and up);
 * `--verbose` lowers the level to debug. Lines go to stderr so stdout stays
 * free for protocol traffic (Saiblo AIs, `--print-config`, JSON output).
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  child(scope: string): Logger
}

export interface LoggerOptions {
  level?: LogLevel
  /** Where lines go; defaults to process.stderr. */
  sink?: (line: string) => void
  /** `json` for machine-readable lines, `text` for people (default). */
  format?: 'text' | 'json'
}

let globalLevel: LogLevel = (process.env.MINDBRIDGE_LOG_LEVEL as LogLevel | undefined) ?? 'warn'

export function setLogLevel(level: LogLevel): void {
  globalLevel = level
}

export function getLogLevel(): LogLevel {
  return globalLevel
}

let globalFormat: 'text' | 'json' = process.env.MINDBRIDGE_LOG_FORMAT === 'json' ? 'json' : 'text'

/** Switches every logger that has no explicit `format` option, including ones created earlier. */
export function setLogFormat(format: 'text' | 'json'): void {
  globalFormat = format
}

function formatFields(fields?: Record<string, unknown>): string {
  if (!fields) return ''
  const parts: string[] = []
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue
    const s = typeof v === 'string' ? v : v instanceof Error ? v.message : JSON.stringify(v)
    parts.push(`${k}=${s}`)
  }
  return parts.length ? ' ' + parts.join(' ') : ''
}

export function createLogger(scope = 'mindbridge', opts: LoggerOptions = {}): Logger {
  const sink = opts.sink ?? ((line: string) => process.stderr.write(line + '\n'))
  const emit = (level: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    const threshold = opts.level ?? globalLevel
    const format = opts.format ?? globalFormat
    if (ORDER[level] < ORDER[threshold]) return
    if (format === 'json') {
      sink(JSON.stringify({ t: new Date().toISOString(), level, scope, msg, ...fields }))
    } else {
      sink(`[${level}] ${scope}: ${msg}${formatFields(fields)}`)
    }
  }
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (s) => createLogger(`${scope}:${s}`, opts),
  }
}

export const log = createLogger()
