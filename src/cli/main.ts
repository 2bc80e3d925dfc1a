#!/usr/bin/env node
/**
 * `mindbridge` — the command line. Thin: global flags, config, command modules, exit codes.
 * Exit codes: 0 ok, 1 unexpected failure, 2 usage/config error (unknown command or flag, bad value).
 */
import { readFileSync, realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Command, CommanderError, Option } from 'commander'
import { setLogLevel } from '../core/logger.js'
import { CliExit, UserError, resolveConfig, type GlobalOptions } from './config.js'
import { describeFatal, asError, handOverFatal } from './fatal.js'

const COMMAND_MODULES = ['demo', 'world', 'play', 'bot', 'brain', 'maicore', 'lostspace'] as const

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

const collect = (value: string, previous: string[] = []) => [...previous, value]

export function buildProgram(): Command {
  const program = new Command()
  program
    .name('mindbridge')
    .description('Let an AI play games through strict, typed protocols (LynxMind, brain file, MaiCore, LostSpace).')
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .option('--verbose', 'log debug detail (and stack traces of unexpected errors) to stderr')
    .option('-c, --config <path>', 'config file (default: ./mindbridge.config.json|.yaml|.yml)')
    .option('--print-config', 'print the merged, validated config as JSON (secrets masked) and exit')
    .option('--set <path=value>', 'override one config value, e.g. --set world.port=25566 (repeatable)', collect)
    .addOption(new Option('--llm-base-url <url>', 'OpenAI-compatible API base URL, e.g. http://127.0.0.1:11434/v1'))
    .addOption(new Option('--llm-model <name>', 'model name'))
    .addOption(new Option('--llm-api-key <key>', 'API key (prefer MINDBRIDGE_LLM_API_KEY: flags show up in ps)'))
    .showHelpAfterError('(run mindbridge --help for usage)')
    .allowExcessArguments(true)
    .exitOverride()
    .hook('preAction', (_this, action) => {
      const g = action.optsWithGlobals<GlobalOptions>()
      if (g.verbose) setLogLevel('debug')
      // --print-config never runs a command: print (with the command's registered flags) and exit 0.
      if (g.printConfig && action !== program) resolveConfig(action)
    })
    .action((_opts, cmd: Command) => {
      if (cmd.args.length > 0) {
        program.error(`error: unknown command '${cmd.args[0]}'`, { exitCode: 2, code: 'commander.unknownCommand' })
      }
      if (cmd.opts<GlobalOptions>().printConfig) {
        resolveConfig(cmd)
        return
      }
      program.outputHelp()
    })
  return program
}

/** Registers every command module; a module that fails to load becomes a command that explains why. */
async function registerCommands(program: Command, verbose: boolean): Promise<void> {
  for (const name of COMMAND_MODULES) {
    try {
      const mod = (await import(`./commands/${name}.js`)) as { register?: (p: Command) => void }
      if (typeof mod.register !== 'function') throw new Error('module has no register(program) export')
      mod.register(program)
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err)
      if (verbose) process.stderr.write(`[warn] cli: command '${name}' failed to load: ${reason}\n`)
      program
        .command(name)
        .description(`(unavailable: failed to load)`)
        .allowUnknownOption(true)
        .allowExcessArguments(true)
        .action(() => {
          throw new Error(`command '${name}' is unavailable: ${reason}`)
        })
    }
  }
}

/** Runs the CLI; resolves to the exit code (the caller decides whether to exit). */
export async function runCli(argv: string[] = process.argv): Promise<number> {
  const verbose = argv.includes('--verbose')
  const program = buildProgram()
  await registerCommands(program, verbose)
  // Subcommands inherit exitOverride and the help hint.
  // Their help also lists the global options (--llm-*, --config, --set …), which work after the command name too.
  for (const cmd of program.commands) cmd.exitOverride().showHelpAfterError('(run mindbridge --help for usage)').configureHelp({ showGlobalOptions: true })
  try {
    await program.parseAsync(argv)
    return 0
  } catch (err) {
    return handleError(err, verbose)
  }
}

function handleError(err: unknown, verbose: boolean): number {
  if (err instanceof CliExit) return err.exitCode
  if (err instanceof CommanderError) {
    // Commander already printed its message (or the help/version text).
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return err.exitCode
    return 2
  }
  if (err instanceof UserError) {
    process.stderr.write(`mindbridge: ${err.message}\n`)
    return err.exitCode
  }
  const e = err instanceof Error ? err : new Error(String(err))
  const maybeCode = (e as unknown as { exitCode?: unknown }).exitCode
  const exitCode = typeof maybeCode === 'number' ? maybeCode : 1
  process.stderr.write(`mindbridge: ${e.message}\n`)
  if (verbose && e.stack) process.stderr.write(`${e.stack}\n`)
  else process.stderr.write('(run with --verbose for details)\n')
  return exitCode
}

const invokedDirectly = (() => {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
})()

if (invokedDirectly) {
  const verbose = process.argv.includes('--verbose')
  // a command with a task under way takes the error to end the task with a summary (play, bot)
  const fatal = (err: unknown) => {
    if (err instanceof CliExit || err instanceof UserError || err instanceof CommanderError) process.exit(handleError(err, verbose) || 1)
    if (handOverFatal(err)) return
    const e = asError(err)
    process.stderr.write(`mindbridge: fatal error: ${describeFatal(e)}\n`)
    if (verbose && e.stack) process.stderr.write(`${e.stack}\n`)
    process.exit(1)
  }
  process.on('uncaughtException', fatal)
  process.on('unhandledRejection', fatal)
  const code = await runCli()
  if (code !== 0) process.exit(code)
  process.exitCode = 0
}
