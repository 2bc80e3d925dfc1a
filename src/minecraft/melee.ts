/**
 * Melee weapons, shared by the world (the damage a player's hit does) and the body (which carried
 * item to fight with). Pure. minecraft-data has no attack damage or attack speed, so they are here,
 * from the Minecraft Wiki's 1.9+ combat tables ("Sword", "Axe", "Pickaxe", "Shovel", "Hoe", Java
 * Edition 1.16): full-charge damage and attacks per second by material. Anything not listed hits
 * like a fist: 1 damage, 4 attacks a second.
 */

export interface Weapon {
  /** Full-charge attack damage. */
  damage: number
  /** Attacks per second at full charge. */
  speed: number
}

const WEAPONS: Record<string, Weapon> = {}
for (const [mat, sword, axe, axeSpeed, pick, shovel] of [
  ['wooden', 4, 7, 0.8, 2, 2.5],
  ['stone', 5, 9, 0.8, 3, 3.5],
  ['iron', 6, 9, 0.9, 4, 4.5],
  ['golden', 4, 7, 1.0, 2, 2.5],
  ['diamond', 7, 9, 1.0, 5, 5.5],
  ['netherite', 8, 10, 1.0, 6, 6.5],
] as const) {
  WEAPONS[`${mat}_sword`] = { damage: sword, speed: 1.6 }
  WEAPONS[`${mat}_axe`] = { damage: axe, speed: axeSpeed }
  WEAPONS[`${mat}_pickaxe`] = { damage: pick, speed: 1.2 }
  WEAPONS[`${mat}_shovel`] = { damage: shovel, speed: 1.0 }
  WEAPONS[`${mat}_hoe`] = { damage: 1, speed: mat === 'wooden' || mat === 'golden' ? 1.0 : 2.0 }
}
WEAPONS.trident = { damage: 9, speed: 1.1 }

export const FIST: Weapon = { damage: 1, speed: 4 }

/** The held item as a melee weapon (bare or namespaced name); a fist for anything else. */
export function weaponOf(itemName: string | null | undefined): Weapon {
  if (!itemName) return FIST
  return WEAPONS[itemName.replace(/^minecraft:/, '')] ?? FIST
}

/** True for the items made to fight with (swords and axes): what a player takes up for a fight. */
export function isWeapon(itemName: string): boolean {
  return /(^|:)\w+_(sword|axe)$/.test(itemName) && weaponOf(itemName) !== FIST
}

/** Damage per second of a carried item as a weapon: swords and axes; 0 for anything else. */
export function weaponDps(itemName: string): number {
  if (!isWeapon(itemName)) return 0
  const w = weaponOf(itemName)
  return w.damage * w.speed
}

/** Ticks after a hit in which a mob takes no more damage from another as strong (vanilla invulnerability, world/plugins/mobs.ts). */
export const MOB_INVULNERABLE_TICKS = 10

/**
 * Damage per second of any carried item (a fist for an empty hand or a non-weapon) in a fight, with
 * the hits a mob's invulnerability wastes left out: a fist's four hits a second land two.
 */
export function meleeDps(itemName: string | null | undefined): number {
  const w = weaponOf(itemName)
  return w.damage * Math.min(w.speed, 20 / MOB_INVULNERABLE_TICKS)
}

/** Ticks until the held item has fully recharged after a hit (a hit before that does less damage). */
export function cooldownTicks(heldItem: string | null | undefined): number {
  return Math.ceil(20 / weaponOf(heldItem).speed)
}
