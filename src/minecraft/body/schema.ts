/**
 * zod schemas for the skill calls of types.ts: validation at the body's edge,
 * so a bad call from any link ends as `{ ok:false, reason }` and never throws.
 */
import { z } from 'zod'
import type { SkillCall } from './types.js'
import { formatZodIssues } from '../../core/schema-errors.js'
import { supportedHeights } from '../version-facts.js'

const num = z.number().finite()
const itemName = z.string().trim().min(1).max(100)
/** A block height of some supported world; the stripMine skill checks it against the server's own version. */
const blockHeight = z
  .number()
  .int()
  .superRefine((y, ctx) => {
    const { minY, maxY } = supportedHeights()
    if (y < minY || y > maxY) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `y ${y} is no block height of a supported Minecraft world (y ${minY} to ${maxY})` })
  })
export const ItemCountSchema = z.object({ name: itemName, count: z.number().int().min(1).max(100_000) })

export const SkillCallSchema = z.discriminatedUnion('skill', [
  z.object({ skill: z.literal('moveTo'), x: num, y: num, z: num, range: num.min(0).max(64).optional() }),
  z.object({ skill: z.literal('moveToXZ'), x: num, z: num }),
  z.object({ skill: z.literal('follow'), player: z.string().min(1).max(64), range: num.min(1).max(32).optional() }),
  z.object({ skill: z.literal('collect'), items: z.array(ItemCountSchema).min(1).max(32) }),
  z.object({ skill: z.literal('mine'), x: num, y: num, z: num }),
  z.object({ skill: z.literal('stripMine'), item: itemName, count: z.number().int().min(1).max(64).optional(), y: blockHeight.optional() }),
  z.object({
    skill: z.literal('explore'),
    distance: num.min(1).max(512),
    direction: z.object({ x: num, z: num }).refine((d) => d.x !== 0 || d.z !== 0, 'direction must not be (0, 0)').optional(),
    until: z
      .object({ block: itemName.optional(), entity: z.string().min(1).max(64).optional() })
      .refine((u) => u.block !== undefined || u.entity !== undefined, 'until needs a block or an entity')
      .optional(),
  }),
  z.object({ skill: z.literal('craft'), items: z.array(ItemCountSchema).min(1).max(32) }),
  z.object({ skill: z.literal('smelt'), input: itemName, count: z.number().int().min(1).max(640), fuel: itemName.optional() }),
  z.object({ skill: z.literal('place'), item: itemName, x: num, y: num, z: num }),
  z.object({ skill: z.literal('chest'), x: num, y: num, z: num, deposit: z.array(ItemCountSchema).max(27).optional(), withdraw: z.array(ItemCountSchema).max(27).optional() }),
  z.object({
    skill: z.literal('equip'),
    item: itemName,
    destination: z.enum(['hand', 'off-hand', 'head', 'torso', 'legs', 'feet']).optional(),
  }),
  z.object({ skill: z.literal('eat'), item: itemName.optional() }),
  z.object({ skill: z.literal('chat'), message: z.string().min(1).max(256) }),
  z.object({ skill: z.literal('jump') }),
  z.object({ skill: z.literal('surface') }),
  z.object({ skill: z.literal('scanBlocks'), radius: num.min(1).max(64), ids: z.array(itemName).max(64).optional() }),
  z.object({ skill: z.literal('scanEntities'), radius: num.min(1).max(128), ids: z.array(itemName).max(64).optional() }),
  z.object({ skill: z.literal('attack'), target: z.string().min(1).max(64) }),
  z.object({ skill: z.literal('hunt'), entity: itemName, item: itemName, count: z.number().int().min(1).max(640) }),
  z.object({ skill: z.literal('shear'), count: z.number().int().min(1).max(640), color: itemName.optional() }),
  z.object({ skill: z.literal('pickUp'), item: itemName, count: z.number().int().min(1).max(2304).optional(), radius: num.min(1).max(64).optional(), from: itemName.optional() }),
  z.object({ skill: z.literal('kill'), uuids: z.array(z.string().min(1).max(64)).min(1).max(64) }),
  z.object({ skill: z.literal('wait'), ms: z.number().int().min(0).max(3_600_000) }),
  z.object({ skill: z.literal('shelter'), wait: z.boolean().optional() }),
  z.object({ skill: z.literal('farm'), crop: z.enum(['wheat', 'beetroot', 'carrot', 'potato', 'pumpkin', 'melon', 'sugar_cane']), count: z.number().int().min(1).max(256) }),
  z.object({ skill: z.literal('fillBucket'), fluid: z.enum(['water', 'lava', 'milk']) }),
  z.object({ skill: z.literal('placeWater'), x: num, y: num, z: num }),
])

export function parseSkillCall(input: unknown): { ok: true; call: SkillCall } | { ok: false; reason: string } {
  const r = SkillCallSchema.safeParse(input)
  if (r.success) return { ok: true, call: r.data as SkillCall }
  return { ok: false, reason: `invalid skill call: ${formatZodIssues(r.error, { input })}` }
}
