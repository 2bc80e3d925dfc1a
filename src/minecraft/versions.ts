/**
 * The Minecraft versions mindbridge supports, as pure data (the CLI config imports it without
 * loading minecraft-data). The facts of each version are in version-facts.ts.
 */
export const SUPPORTED_MC_VERSIONS = ['1.16.5', '1.20.4', '1.21.4'] as const
export type McVersion = (typeof SUPPORTED_MC_VERSIONS)[number]
export const DEFAULT_MC_VERSION: McVersion = '1.16.5'

export function isSupportedMcVersion(v: unknown): v is McVersion {
  return typeof v === 'string' && (SUPPORTED_MC_VERSIONS as readonly string[]).includes(v)
}

/** The version itself, or an error naming the supported ones. */
export function checkMcVersion(v: unknown): McVersion {
  if (isSupportedMcVersion(v)) return v
  throw new Error(`Minecraft ${String(v)} is not supported; supported versions: ${SUPPORTED_MC_VERSIONS.join(', ')}`)
}

/**
 * The Minecraft version the real LynxMind mod is built for (../shared/spec/protocol-facts.md §1:
 * a Fabric client mod for 1.20.4): its `mod` dialect names blocks and items as 1.20.4 does.
 */
export const LYNXMIND_MOD_MC_VERSION = '1.20.4'
