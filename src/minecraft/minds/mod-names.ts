/**
 * Block and item names between the body's Minecraft version and the one the real LynxMind mod
 * is built for (1.20.4), for agents that speak the mod's dialect (`--dialect mod`): what goes out
 * to them is named as 1.20.4 names it (`short_grass`, `dirt_path` from a 1.16.5 body;
 * `scute` from a 1.21.4 one), and what they send is named back as the body's version does. The
 * renames come from minecraft-data (version-facts.ts, `renamedNames`); a name neither version
 * renamed passes as it is, with its `minecraft:` prefix or without.
 */
import { mapAiEventItemIds, mapModEventItemIds, type AiEvent, type ItemIdMap, type ModEvent } from '../../protocols/lynxmind.js'
import { renamedNames } from '../version-facts.js'
import { LYNXMIND_MOD_MC_VERSION } from '../versions.js'

const PREFIX = 'minecraft:'

function renamer(from: string, to: string): ItemIdMap {
  if (from === to) return (id) => id
  const renames = renamedNames(from, to)
  return (id) => {
    const prefixed = id.startsWith(PREFIX)
    const now = renames.get(prefixed ? id.slice(PREFIX.length) : id)
    return now === undefined ? id : prefixed ? PREFIX + now : now
  }
}

export interface ModDialectNames {
  /** The body's version these names are mapped from and to. */
  readonly bodyVersion: string
  /** A mod→AI event named as the mod's version names it. */
  toAgent(e: ModEvent): ModEvent
  /** An AI→mod event from an agent, named as the body's version names it. */
  fromAgent(e: AiEvent): AiEvent
}

/** The name mapping for a body of `bodyVersion` (a minecraft-data version). */
export function modDialectNames(bodyVersion: string): ModDialectNames {
  const out = renamer(bodyVersion, LYNXMIND_MOD_MC_VERSION)
  const back = renamer(LYNXMIND_MOD_MC_VERSION, bodyVersion)
  return {
    bodyVersion,
    toAgent: (e) => mapModEventItemIds(e, out),
    fromAgent: (e) => mapAiEventItemIds(e, back),
  }
}
