/**
 * `--mc-version` of the commands that either start the embedded world or join a server given
 * with `--host/--port` (`brain`, `maicore`). Without `--host/--port` it is the embedded world's
 * version (`world.version`, checked by the config schema); with them it is the version the bot
 * speaks to that server (`minecraft.version`, as `bot --mc-version`). Either way only a
 * supported version is accepted, refused at once with the list of supported ones.
 */
import { DEFAULT_MC_VERSION, SUPPORTED_MC_VERSIONS, isSupportedMcVersion, type McVersion } from '../minecraft/versions.js'
import { UserError, type ConfigFlags } from './config.js'

export interface McVersionFlags {
  host?: string
  port?: string
  mcVersion?: string
}

/** The help line of `--mc-version` on `brain` and `maicore`. */
export const MC_VERSION_HOST_HELP = `Minecraft version: of the embedded world (${SUPPORTED_MC_VERSIONS.join(', ')}; default ${DEFAULT_MC_VERSION}), or the one the bot speaks to the --host server (one of the same; default: ask the server)`

/** True when the command joins a server of the user's instead of starting the embedded world. */
export function joinsOtherServer(o: McVersionFlags): boolean {
  return o.host !== undefined || o.port !== undefined
}

/** A version given with `--mc-version`, or a UserError (exit 2) naming the supported ones. */
export function supportedMcVersion(v: string): McVersion {
  if (isSupportedMcVersion(v)) return v
  // worded as the config schema's refusal of `world.version` (world, play)
  throw new UserError(`--mc-version: expected a supported Minecraft version: ${SUPPORTED_MC_VERSIONS.join(', ')}, got '${v}'`, 2)
}

/** `--mc-version` as config flags: `world.version` for the embedded world, `minecraft.version` for a `--host` server. */
export function mcVersionConfigFlags(o: McVersionFlags): ConfigFlags {
  if (o.mcVersion === undefined) return {}
  const version = supportedMcVersion(o.mcVersion)
  return joinsOtherServer(o) ? { minecraft: { version } } : { world: { version } }
}
