/**
 * The one configuration of mindbridge: a zod schema with defaults, filled from (later wins)
 *   1. a file: `--config PATH`, `$MINDBRIDGE_CONFIG`, or `mindbridge.config.json|.yaml|.yml` in the cwd
 *   2. environment variables `MINDBRIDGE_<SECTION>_<FIELD>` (e.g. MINDBRIDGE_LLM_BASE_URL, MINDBRIDGE_WORLD_PORT)
 *   3. command-line flags.
 * Errors name the source and the field: `MINDBRIDGE_WORLD_PORT: expected an integer 0–65535, got 'abc'`.
 * The schema and what derives from it are in config-schema.ts; this module layers, validates and prints.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { Command } from 'commander'
import { parse as parseYaml } from 'yaml'
import type { z } from 'zod'
import { setLogFormat, setLogLevel } from '../core/logger.js'
import { locateJsonError } from './json-position.js'
import { CONFIG_FILE_NAMES, ConfigSchema, coerceString, envMapping, flagNameFor, leafAt, type Config, type ConfigFlags } from './config-schema.js'
import { jsonSyntaxError } from '../core/json-error.js'
import { escapeControls } from '../core/quote.js'

export {
  CONFIG_FILE_NAMES,
  ConfigSchema,
  ControlConfigSchema,
  LogConfigSchema,
  LostSpaceConfigSchema,
  MindConfigSchema,
  MinecraftConfigSchema,
  WorldConfigSchema,
  coerceString,
  envMapping,
  flagNameFor,
  type Config,
  type ConfigFlags,
  type ConfigInput,
} from './config-schema.js'

// ---------------------------------------------------------------- errors

/** An error the user can fix (bad flag, bad config); the CLI prints the message and exits with `exitCode`. */
export class UserError extends Error {
  override readonly name: string = 'UserError'
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message)
  }
}

export class ConfigError extends UserError {
  override readonly name: string = 'ConfigError'
}

// ---------------------------------------------------------------- merging with origins

type Origins = Map<string, string>
type Plain = Record<string, unknown>

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Deep-merges `src` into `dst`, recording for every leaf which source set it. */
/** Keys that reach an object's prototype when assigned: a config file may not name them (JSON.parse makes "__proto__" an own key). */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

function mergeInto(dst: Plain, src: Plain, origin: (path: string[]) => string, origins: Origins, prefix: string[] = []): void {
  for (const [k, v] of Object.entries(src)) {
    if (v === undefined) continue
    const path = [...prefix, k]
    if (PROTOTYPE_KEYS.has(k)) throw new ConfigError(`${origin(path)}: unknown config key '${path.join('.')}' (not allowed)`)
    if (isPlain(v)) {
      if (!Object.hasOwn(dst, k) || !isPlain(dst[k])) dst[k] = {}
      origins.set(path.join('.'), origin(path))
      mergeInto(dst[k] as Plain, v, origin, origins, path)
    } else {
      dst[k] = v
      origins.set(path.join('.'), origin(path))
    }
  }
}

function setPath(obj: Plain, path: string[], value: unknown): void {
  let cur = obj
  for (const k of path.slice(0, -1)) {
    if (PROTOTYPE_KEYS.has(k)) throw new ConfigError(`unknown config key '${path.join('.')}' (not allowed)`)
    if (!Object.hasOwn(cur, k) || !isPlain(cur[k])) cur[k] = {}
    cur = cur[k] as Plain
  }
  cur[path[path.length - 1]!] = value
}

function getPath(obj: unknown, path: readonly PropertyKey[]): unknown {
  let cur = obj
  for (const k of path) {
    if (!isPlain(cur) && !Array.isArray(cur)) return undefined
    cur = (cur as Record<PropertyKey, unknown>)[k]
  }
  return cur
}

function show(value: unknown): string {
  // a value from a file, the environment or a flag may hold terminal escapes: those are shown escaped
  if (typeof value === 'string') return `'${escapeControls(value.length > 80 ? value.slice(0, 80) + '…' : value)}'`
  const s = JSON.stringify(value)
  return s === undefined ? String(value) : s.length > 80 ? s.slice(0, 80) + '…' : s
}

const SECRET_KEY = /key|token|password|secret/i

function formatIssues(error: z.ZodError, merged: Plain, origins: Origins): string {
  const lines: string[] = []
  for (const issue of error.issues) {
    const path = issue.path.map(String)
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const full = [...path, key]
        const src = origins.get(full.join('.')) ?? 'config'
        lines.push(`${src}: unknown config key '${full.join('.')}'`)
      }
      continue
    }
    // Find the most specific recorded origin for this path.
    let src: string | undefined
    for (let n = path.length; n > 0 && !src; n--) src = origins.get(path.slice(0, n).join('.'))
    const value = getPath(merged, issue.path)
    const secret = path.some((p) => SECRET_KEY.test(p))
    const got = value === undefined ? '' : secret ? ', got a value that was rejected' : `, got ${show(value)}`
    const where = src ? (src.startsWith('MINDBRIDGE_') || src.startsWith('--') ? src : `${src} at ${path.join('.')}`) : `config ${path.join('.')}`
    const message = issue.message.charAt(0).toLowerCase() + issue.message.slice(1)
    lines.push(`${where}: ${message}${got}`)
  }
  return lines.join('\n')
}

// ---------------------------------------------------------------- file

/** A config is a few kB; a bigger file is a mistake (or /dev/zero, which would be read forever). */
const MAX_CONFIG_BYTES = 1024 * 1024

function readConfigFile(path: string, label: string): Plain {
  let text: string
  try {
    const st = statSync(path)
    if (!st.isFile()) throw new ConfigError(`config file ${label} is not a regular file`)
    if (st.size > MAX_CONFIG_BYTES) throw new ConfigError(`config file ${label} is ${st.size} bytes, more than a config may be (1 MiB)`)
    text = readFileSync(path, 'utf8')
  } catch (err) {
    if (err instanceof ConfigError) throw err
    const code = (err as NodeJS.ErrnoException).code
    throw new ConfigError(code === 'ENOENT' ? `config file not found: ${label}` : `cannot read config file ${label}: ${(err as Error).message}`)
  }
  // Windows Notepad starts UTF-8 files with a byte order mark; it is no part of the config.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
  // An empty file (or only blanks) is an empty config, in JSON as in YAML: nothing set, defaults apply.
  if (text.trim() === '') return {}
  let data: unknown
  if (/\.ya?ml$/i.test(path)) {
    try {
      data = parseYaml(text)
    } catch (err) {
      const pos = (err as { linePos?: Array<{ line: number; col: number }> }).linePos?.[0]
      const what = (err as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
      throw new ConfigError(`${label}: invalid YAML${pos ? ` at line ${pos.line}, column ${pos.col}` : ''}: ${what}`)
    }
  } else {
    try {
      data = JSON.parse(text)
    } catch (err) {
      const at = locateJsonError(text)
      throw new ConfigError(at ? `${label}: invalid JSON at line ${at.line}, column ${at.column}: ${at.message}` : `${label}: invalid JSON: ${jsonSyntaxError(err)}`)
    }
  }
  if (data === null || data === undefined) return {}
  if (!isPlain(data)) throw new ConfigError(`${label}: expected an object at the top level, got ${Array.isArray(data) ? 'an array' : typeof data}`)
  return data
}

/** The config file to use: explicit path, else $MINDBRIDGE_CONFIG, else the first of CONFIG_FILE_NAMES in cwd. */
export function findConfigFile(opts: { configPath?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): string | undefined {
  const cwd = opts.cwd ?? process.cwd()
  const explicit = opts.configPath ?? (opts.env ?? process.env).MINDBRIDGE_CONFIG
  if (explicit) return resolve(cwd, explicit)
  for (const name of CONFIG_FILE_NAMES) {
    const p = resolve(cwd, name)
    if (existsSync(p)) return p
  }
  return undefined
}

// ---------------------------------------------------------------- load

export interface LoadConfigOptions {
  /** Highest precedence: a nested partial config built from command-line flags. */
  flags?: ConfigFlags
  /** Flag names for error messages, by dotted path (`'world.port': '--port'`); default `--world-port`. */
  flagNames?: Record<string, string>
  /** `--set path=value` overrides (strings, coerced by the schema), applied with the flags. */
  sets?: string[]
  configPath?: string
  /** Defaults to process.env. */
  env?: NodeJS.ProcessEnv
  cwd?: string
}

export interface LoadedConfig {
  config: Config
  /** The config file read, if any. */
  file?: string
}

/** Loads and validates the merged config; throws ConfigError (a UserError) with a message naming source and field. */
export function loadConfigDetailed(opts: LoadConfigOptions = {}): LoadedConfig {
  const env = opts.env ?? process.env
  const merged: Plain = {}
  const origins: Origins = new Map()

  const file = findConfigFile({ ...(opts.configPath ? { configPath: opts.configPath } : {}), env, ...(opts.cwd ? { cwd: opts.cwd } : {}) })
  if (file) {
    const label = opts.configPath ?? env.MINDBRIDGE_CONFIG ?? relative(opts.cwd ?? process.cwd(), file)
    mergeInto(merged, readConfigFile(file, label), () => label, origins)
  }

  for (const { env: name, path } of envMapping()) {
    const raw = env[name]
    if (raw === undefined || raw === '') continue
    const fromEnv: Plain = {}
    setPath(fromEnv, path, coerceString(raw, path))
    mergeInto(merged, fromEnv, () => name, origins)
  }

  if (opts.flags) {
    mergeInto(merged, opts.flags as Plain, (p) => opts.flagNames?.[p.join('.')] ?? flagNameFor(p), origins)
  }
  for (const set of opts.sets ?? []) {
    const eq = set.indexOf('=')
    if (eq <= 0) throw new ConfigError(`--set ${set}: expected PATH=VALUE, e.g. --set world.port=25566`)
    const path = set.slice(0, eq).trim().split('.')
    if (path.length !== 2 || !leafAt(path)) throw new ConfigError(`--set ${set}: unknown config key '${path.join('.')}'`)
    const fromSet: Plain = {}
    setPath(fromSet, path, coerceString(set.slice(eq + 1), path))
    mergeInto(merged, fromSet, () => `--set ${path.join('.')}`, origins)
  }

  const parsed = ConfigSchema.safeParse(merged)
  if (!parsed.success) throw new ConfigError(formatIssues(parsed.error, merged, origins))
  return { config: parsed.data, ...(file ? { file } : {}) }
}

export function loadConfig(opts: LoadConfigOptions = {}): Config {
  return loadConfigDetailed(opts).config
}

/** A copy safe to print: secrets (api keys, tokens, passwords) replaced by '***'. */
export function maskSecrets<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (!isPlain(v)) return v
    const out: Plain = {}
    for (const [k, x] of Object.entries(v)) out[k] = SECRET_KEY.test(k) && typeof x === 'string' ? '***' : walk(x)
    return out
  }
  return walk(value) as T
}

// ---------------------------------------------------------------- CLI helper

/** Thrown to end the CLI with an exit code after output was already written (e.g. --print-config). */
export class CliExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`)
  }
}

/** The global options main.ts defines, as commander parses them. */
export interface GlobalOptions {
  config?: string
  verbose?: boolean
  printConfig?: boolean
  set?: string[]
  llmBaseUrl?: string
  llmModel?: string
  llmApiKey?: string
}

/** Flags from the global options (`--verbose`, `--llm-*`). */
export function globalFlags(g: GlobalOptions): ConfigFlags {
  const llm: ConfigFlags['llm'] = {}
  if (g.llmBaseUrl !== undefined) llm.baseUrl = g.llmBaseUrl
  if (g.llmModel !== undefined) llm.model = g.llmModel
  if (g.llmApiKey !== undefined) llm.apiKey = g.llmApiKey
  return { ...(g.verbose ? { log: { level: 'debug' as const } } : {}), ...(Object.keys(llm).length ? { llm } : {}) }
}

function mergeFlags(a: ConfigFlags, b: ConfigFlags): ConfigFlags {
  const out: Plain = {}
  mergeInto(out, a as Plain, () => '', new Map())
  mergeInto(out, b as Plain, () => '', new Map())
  return out as ConfigFlags
}

type FlagMapper = (opts: Record<string, unknown>) => ConfigFlags
const commandFlags = new WeakMap<Command, { map: FlagMapper; names?: Record<string, string> }>()

/**
 * Declares how a command's own options map onto the config, e.g.
 * `configFlags(cmd, (o) => ({ world: { port: o.port } }), { 'world.port': '--port' })`.
 * Then `resolveConfig(cmd)` and `--print-config` include those flags, and errors name `--port`.
 */
export function configFlags<O extends Record<string, unknown>>(command: Command, map: (opts: O) => ConfigFlags, flagNames?: Record<string, string>): Command {
  commandFlags.set(command, { map: map as FlagMapper, ...(flagNames ? { names: flagNames } : {}) })
  return command
}

/**
 * For command actions: the merged, validated config from the global options of `command`
 * plus the command's own flags (registered with `configFlags`, and/or passed here as a
 * nested partial config). Applies the log level and format.
 * With `--print-config` it prints the config (secrets masked) and ends the CLI with exit 0;
 * main.ts also does this before any action runs, so a command never starts under --print-config.
 */
export function resolveConfig(command: Command, flags: ConfigFlags = {}, flagNames?: Record<string, string>): Config {
  const g = command.optsWithGlobals<GlobalOptions>()
  const registered = commandFlags.get(command)
  const own = registered ? registered.map(command.opts()) : {}
  const names = { ...registered?.names, ...flagNames }
  const config = loadConfig({
    flags: mergeFlags(mergeFlags(globalFlags(g), own), flags),
    ...(Object.keys(names).length ? { flagNames: names } : {}),
    ...(g.set ? { sets: g.set } : {}),
    ...(g.config ? { configPath: g.config } : {}),
  })
  setLogLevel(g.verbose ? 'debug' : config.log.level)
  // The logger reads its format from the environment when a logger is created.
  setLogFormat(config.log.format)
  if (g.printConfig) {
    process.stdout.write(JSON.stringify(maskSecrets(config), null, 2) + '\n')
    throw new CliExit(0)
  }
  return config
}
