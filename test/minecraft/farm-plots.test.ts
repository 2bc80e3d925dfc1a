import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Vec3 } from 'vec3'
import { notePlanted, plantedGround } from '../../src/minecraft/body/skills/farm-plots.js'
import { CROP_SPECS } from '../../src/minecraft/body/skills/crops.js'
import type { SkillContext } from '../../src/minecraft/body/skills/context.js'

/** A stand-in for what plantedGround reads: the bot's blocks and its block knowledge (names by position). */
function scene(blocks: Record<string, string>): SkillContext {
  const at = (x: number, y: number, z: number) => blocks[`${x},${y},${z}`] ?? 'air'
  const bot = { blockAt: (p: Vec3) => ({ name: at(p.x, p.y, p.z) }) }
  const knowledge = {
    find: (match: (n: string) => boolean) =>
      Object.entries(blocks)
        .filter(([, n]) => match(n))
        .map(([k, name]) => {
          const [x, y, z] = k.split(',').map(Number) as [number, number, number]
          return { name, position: { x, y, z } }
        }),
  }
  return { bot, knowledge } as unknown as SkillContext
}

describe('the bot’s own plots (farm-plots.ts)', () => {
  test('only the wheat the bot planted is its field; another crop of the kind near it is someone else’s', () => {
    const ctx = scene({ '0,64,0': 'farmland', '0,65,0': 'wheat', '3,64,0': 'farmland', '3,65,0': 'wheat' })
    assert.deepEqual(plantedGround(ctx, CROP_SPECS.wheat), [], 'nothing planted yet')
    notePlanted(ctx.bot, new Vec3(0, 64, 0))
    assert.deepEqual(plantedGround(ctx, CROP_SPECS.wheat).map((g) => g.toString()), ['(0, 64, 0)'])
    // another bot planted nothing here
    assert.deepEqual(plantedGround({ ...ctx, bot: { blockAt: ctx.bot.blockAt } } as unknown as SkillContext, CROP_SPECS.wheat), [])
  })

  test('wild sugar cane beside water is anyone’s: its lowest block’s ground counts', () => {
    const ctx = scene({ '0,63,0': 'sand', '0,64,0': 'sugar_cane', '0,65,0': 'sugar_cane', '1,63,0': 'water' })
    assert.deepEqual(plantedGround(ctx, CROP_SPECS.sugar_cane).map((g) => g.toString()), ['(0, 63, 0)'])
  })
})
