/**
 * LostSpace numbers and names (lostspace-facts §5). One place so tests,
 * bots and docs agree. Change a copy via `withRules()` for experiments.
 */
export const TOOL_NAMES = ['LandMine', 'Sticky', 'Kit', 'Transport'] as const
export type ToolName = (typeof TOOL_NAMES)[number]
export const TRAP_NAMES = ['LandMine', 'Sticky'] as const
export type TrapName = (typeof TRAP_NAMES)[number]

export const PROP_NAMES = ['Materials', 'Box', 'KeyMachine', 'EscapeCapsule', 'Elevator'] as const
export type PropName = (typeof PROP_NAMES)[number]

/** Player status codes on the wire. */
export const Status = {
  Alive: 0,
  Dead: 1,
  Escaped: 2,
  /** Turn skipped (Sticky, or waiting for a KeyMachine key). */
  Skip: 3,
  WaitForEscape: 4,
  Error: 5,
} as const
export type StatusCode = (typeof Status)[keyof typeof Status]

export interface Rules {
  players: number
  maxHp: number
  attackDamage: number
  kitHeal: number
  landMineDamage: number
  carryLimit: Record<ToolName, number>
  materialsStock: number
  /** A point below full stock regains one item every this many rounds. */
  materialsRegenRounds: number
  detectCooldown: number
  respawnDelay: number
  escapeCountdown: number
  /** Deaths in a round greater than this are permanent. */
  overtimeAfter: number
  lastRound: number
  score: { box: number; kill: number; death: number }
  /** Points by rank (index 0 = first place). */
  points: number[]
}

export const RULES: Readonly<Rules> = Object.freeze({
  players: 4,
  maxHp: 200,
  attackDamage: 70,
  kitHeal: 100,
  landMineDamage: 120,
  carryLimit: { LandMine: 3, Sticky: 3, Kit: 2, Transport: 2 },
  materialsStock: 2,
  materialsRegenRounds: 8,
  detectCooldown: 5,
  respawnDelay: 5,
  escapeCountdown: 2,
  overtimeAfter: 80,
  lastRound: 100,
  score: { box: 1, kill: 2, death: -3 },
  points: [4, 3, 2, 1],
})

export function withRules(over: Partial<Rules>): Rules {
  return { ...RULES, carryLimit: { ...RULES.carryLimit }, score: { ...RULES.score }, points: [...RULES.points], ...over }
}

export function isToolName(v: unknown): v is ToolName {
  return typeof v === 'string' && (TOOL_NAMES as readonly string[]).includes(v)
}
export function isTrapName(v: unknown): v is TrapName {
  return typeof v === 'string' && (TRAP_NAMES as readonly string[]).includes(v)
}
