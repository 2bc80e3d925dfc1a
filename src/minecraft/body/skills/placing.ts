/** Placing blocks: at a given position, or "somewhere next to me" for tables and furnaces. */
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { namespaced } from '../../names.js'
import { SkillAborted, SkillError, abortable, errorMessage, sleep, type SkillContext } from './context.js'
import { goTo, goals, fmtPos } from './nav.js'
import { namesAcrossVersions } from '../../version-facts.js'

const FACES = [new Vec3(0, -1, 0), new Vec3(0, 1, 0), new Vec3(1, 0, 0), new Vec3(-1, 0, 0), new Vec3(0, 0, 1), new Vec3(0, 0, -1)]
/** Blocks a placed block replaces, under every version's name (`grass` became `short_grass` in 1.20.3). */
const REPLACEABLE = new Set(['air', 'cave_air', 'void_air', 'grass', 'tall_grass', 'fern', 'large_fern', 'snow', 'dead_bush'].flatMap(namesAcrossVersions))

export function isReplaceable(b: Block | null): boolean {
  return !!b && (REPLACEABLE.has(b.name) || b.name === 'water' || b.name === 'lava')
}

function isSolid(b: Block | null): boolean {
  return !!b && b.boundingBox === 'block' && !isReplaceable(b)
}

/**
 * Blocks that act when clicked (open a window, toggle, ring): a block placed against one is not
 * placed, the click opens the furnace or the table instead. Placing goes against another face.
 */
const ACTS_WHEN_CLICKED = /(^|_)(furnace|smoker|crafting_table|chest|barrel|shulker_box|anvil|enchanting_table|brewing_stand|hopper|dispenser|dropper|beacon|loom|grindstone|stonecutter|lectern|cartography_table|smithing_table|door|trapdoor|fence_gate|button|lever|bed|note_block|repeater|comparator|bell|cake)$/

/** Whether `b` can take a block placed against one of its faces. */
export function canPlaceAgainst(b: Block | null): boolean {
  return isSolid(b) && !ACTS_WHEN_CLICKED.test(b!.name)
}

const EYE_HEIGHT = 1.62
/** How far from the eyes the bot places a block without walking first (a survival player reaches 4.5). */
const PLACE_REACH = 4.5

/** Places the held-able item `name` at `pos`; walks into range first. Returns the placed block. */
export async function placeAt(ctx: SkillContext, name: string, pos: Vec3 | Block['position']): Promise<Block> {
  const { bot, signal } = ctx
  const item = bot.inventory.items().find((i) => i.name === name)
  if (!item) throw new SkillError(`no ${namespaced(name)} in inventory to place`)
  const target = bot.blockAt(pos)
  if (!target) throw new SkillError(`${fmtPos(pos.x, pos.y, pos.z)} is not loaded; move closer first`)
  if (!isReplaceable(target)) throw new SkillError(`${fmtPos(pos.x, pos.y, pos.z)} is occupied by ${target.name}`)
  let ref: { block: Block; face: Vec3 } | null = null
  for (const f of FACES) {
    const b = bot.blockAt(pos.plus(f))
    if (canPlaceAgainst(b)) {
      ref = { block: b!, face: f.scaled(-1) }
      break
    }
  }
  if (!ref) throw new SkillError(`nothing solid next to ${fmtPos(pos.x, pos.y, pos.z)} to place against`)
  const center = pos.offset(0.5, 0.5, 0.5)
  const eyes = bot.entity.position.offset(0, EYE_HEIGHT, 0)
  if (eyes.distanceTo(center) > PLACE_REACH || bot.entity.position.floored().equals(pos) || bot.entity.position.floored().offset(0, 1, 0).equals(pos)) {
    await goTo(ctx, new goals.GoalPlaceBlock(pos, bot.world, { range: 4, half: false, LOS: false, facing: 0, faces: FACES as never } as never), `a spot to place ${name} at ${fmtPos(pos.x, pos.y, pos.z)}`)
  }
  await abortable(bot.equip(item, 'hand'), signal)
  try {
    await abortable(bot.placeBlock(ref.block, ref.face), signal)
  } catch (err) {
    if (err instanceof SkillAborted) throw err
    // mineflayer waits for a block update; some servers send it late. Check the world instead of trusting the error.
    await sleep(300, signal)
    const now = bot.blockAt(pos)
    if (now?.name !== name) throw new SkillError(`placing ${name} at ${fmtPos(pos.x, pos.y, pos.z)} failed: ${errorMessage(err)}`)
  }
  const placed = bot.blockAt(pos)
  if (!placed || placed.name !== name) throw new SkillError(`the server did not accept ${name} at ${fmtPos(pos.x, pos.y, pos.z)}`)
  return placed
}

/**
 * Where `name` could go near the bot: an open cell (air, or water, which a placed block displaces)
 * with a solid floor and room above, 1–`reach` blocks away, the nearest first.
 */
function freeSpots(ctx: SkillContext, reach: number): Array<{ p: Block['position']; r: number; wet: boolean }> {
  const { bot } = ctx
  const me = bot.entity.position.floored()
  const spots: Array<{ p: Block['position']; r: number; wet: boolean }> = []
  for (let r = 1; r <= reach; r++) {
    for (let dx = -r; dx <= r; dx++) {
      for (let dz = -r; dz <= r; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) !== r) continue
        for (const dy of [0, 1, -1, 2, -2]) {
          const p = me.offset(dx, dy, dz)
          const here = bot.blockAt(p)
          if (!isReplaceable(here) || here?.name === 'lava') continue
          if (isSolid(bot.blockAt(p.offset(0, -1, 0))) && isReplaceable(bot.blockAt(p.offset(0, 1, 0)))) spots.push({ p: p as unknown as Block['position'], r, wet: here?.name === 'water' })
        }
      }
    }
  }
  return spots
}

/**
 * Finds a free spot near the bot and places `name` there: a dry cell 1–4 blocks away first; then
 * one in water (in a flooded cave every cell around is water); then a dry one up to 8 blocks away
 * (placeAt walks there); last, a cell dug out of the wall beside the feet.
 */
export async function placeNearby(ctx: SkillContext, name: string): Promise<Block> {
  const { bot } = ctx
  const me = bot.entity.position.floored()
  const all = freeSpots(ctx, 8)
  const near = all.filter((s) => s.r <= 4)
  const tiers = [near.filter((s) => !s.wet).slice(0, 6), near.filter((s) => s.wet).slice(0, 3), all.filter((s) => s.r > 4 && !s.wet).slice(0, 3)]
  const spots = tiers.flat()
  let lastErr: unknown
  for (const { p } of spots) {
    try {
      return await placeAt(ctx, name, p)
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      lastErr = err
    }
  }
  // In a 1-wide tunnel there may be no free cell: dig one out of the wall beside the feet.
  for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
    const p = me.offset(dx, 0, dz)
    const wall = bot.blockAt(p)
    if (!wall || !isSolid(wall) || !isSolid(bot.blockAt(p.offset(0, -1, 0))) || !bot.canDigBlock(wall) || wall.hardness === null || wall.hardness < 0) continue
    try {
      await abortable(bot.tool.equipForBlock(wall, {}), ctx.signal)
      await abortable(bot.dig(wall, true), ctx.signal)
      return await placeAt(ctx, name, p as unknown as Block['position'])
    } catch (err) {
      if (err instanceof SkillAborted) throw err
      lastErr = err
    }
  }
  const around = [[0, -1, 0], [0, 0, 0], [0, 2, 0], [1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1]].map(([dx, dy, dz]) => bot.blockAt(me.offset(dx!, dy!, dz!))?.name ?? 'unloaded')
  throw new SkillError(
    `no free spot near me at ${fmtPos(me.x, me.y, me.z)} to place ${name} (${spots.length} spots tried; below me ${around[0]}, at my feet ${around[1]}, above my head ${around[2]}, beside me ${around.slice(3).join('/')})${lastErr ? `: ${errorMessage(lastErr)}` : ''}`,
  )
}
