/**
 * Sheep knowledge shared by the world (colours at spawn, shearing, regrowth) and the body (which
 * sheep to shear or hunt for a wool colour). Pure.
 *
 * - Wool colours: the 16 `*_wool` items of minecraft-data in id order are the dye colours 0–15 that
 *   the sheep's metadata carries (white 0 … black 15).
 * - The sheep's metadata byte (1.16 protocol, entity metadata index 16 of a sheep): colour in the low
 *   4 bits, 0x10 = sheared (wiki.vg, "Entity metadata", 1.16.5 Sheep).
 * - Natural colours (vanilla 1.16 `Sheep.getRandomSheepColor`, Minecraft Wiki "Sheep", Spawning):
 *   nextInt(100) < 5 black, < 10 gray, < 15 light gray, < 18 brown, else nextInt(500) == 0 pink, else
 *   white: white 81.836 %, black / gray / light gray 5 % each, brown 3 %, pink 0.164 %.
 * - Shearing drops 1–3 wool of the sheep's colour (Minecraft Wiki "Sheep", Shearing); a sheared sheep
 *   drops no wool when killed and grows it back when it eats grass.
 * - Eating grass: an adult sheep starts eating with chance 1/1000 per tick (Minecraft Wiki "Sheep",
 *   vanilla `EatBlockGoal`: `nextInt(1000) == 0`); the eating takes 40 ticks; then the grass block under
 *   it becomes dirt and the wool is back.
 */
import { createRequire } from 'node:module'
import { bareName } from './names.js'

const require = createRequire(import.meta.url)
const blocks = (require('minecraft-data') as (v: string) => { blocksArray: Array<{ id: number; name: string }> })('1.16.5').blocksArray

/** Wool colours by dye id (0 white … 15 black), from minecraft-data's wool blocks in id order. */
export const WOOL_COLOURS: readonly string[] = blocks
  .filter((b) => b.name.endsWith('_wool'))
  .sort((a, b) => a.id - b.id)
  .map((b) => b.name.replace(/_wool$/, ''))

/** The entity metadata index of a sheep's wool byte in 1.16. */
export const SHEEP_WOOL_METADATA = 16
export const SHEARED_BIT = 0x10

export const SHEAR_WOOL_MIN = 1
export const SHEAR_WOOL_MAX = 3
/** Chance per tick that an adult sheep starts eating grass. */
export const EAT_GRASS_CHANCE = 1 / 1000
export const EAT_GRASS_TICKS = 40

export function colourId(colour: string): number {
  return WOOL_COLOURS.indexOf(bareName(colour).replace(/_wool$/, ''))
}

/** The wool item of a colour id (`white_wool`). */
export function woolOf(colour: number): string {
  return `${WOOL_COLOURS[colour] ?? 'white'}_wool`
}

/** The colour named by a wool item (`black_wool` → `black`), null for anything else (`wool` too). */
export function woolColourOf(item: string): string | null {
  const m = /^(\w+)_wool$/.exec(bareName(item))
  return m && WOOL_COLOURS.includes(m[1]!) ? m[1]! : null
}

/** The metadata byte of a sheep. */
export function sheepByte(colour: number, sheared: boolean): number {
  return (colour & 0x0f) | (sheared ? SHEARED_BIT : 0)
}

/** Reads a sheep's metadata byte (undefined: the client has not been told: a white, unsheared sheep). */
export function readSheepByte(value: unknown): { colour: string; sheared: boolean } {
  const v = typeof value === 'number' ? value : 0
  return { colour: WOOL_COLOURS[v & 0x0f] ?? 'white', sheared: (v & SHEARED_BIT) !== 0 }
}

/** A natural sheep colour id, by vanilla's odds. */
export function naturalSheepColour(rng: () => number): number {
  const i = Math.floor(rng() * 100)
  if (i < 5) return colourId('black')
  if (i < 10) return colourId('gray')
  if (i < 15) return colourId('light_gray')
  if (i < 18) return colourId('brown')
  return Math.floor(rng() * 500) === 0 ? colourId('pink') : colourId('white')
}

/** Wool a shearing drops (1–3). */
export function shearWoolCount(rng: () => number): number {
  return SHEAR_WOOL_MIN + Math.floor(rng() * (SHEAR_WOOL_MAX - SHEAR_WOOL_MIN + 1))
}
