/** The skill table: one small module per skill. */
import type { SkillDef } from './context.js'
import { moveTo, moveToXZ } from './move.js'
import { follow } from './follow.js'
import { chat, jump, wait } from './basic.js'
import { collect } from './collect.js'
import { craft } from './craft.js'
import { smelt } from './smelt.js'
import { place } from './place.js'
import { equip } from './equip.js'
import { eat } from './eat.js'
import { scanBlocks, scanEntities } from './scan.js'
import { attack, kill } from './combat.js'
import { hunt } from './hunt.js'
import { shear } from './shear.js'
import { pickUp } from './pick-up.js'
import { mine } from './mine.js'
import { explore } from './explore.js'
import { chest } from './chest.js'
import { shelter } from './shelter.js'
import { surface } from './ascend.js'
import { stripMine } from './strip-mine.js'
import { farm } from './farm.js'
import { fillBucket, placeWater } from './buckets.js'

export const SKILLS: ReadonlyMap<string, SkillDef> = new Map(
  ([moveTo, moveToXZ, follow, collect, mine, explore, craft, smelt, place, chest, equip, eat, chat, jump, scanBlocks, scanEntities, attack, kill, hunt, shear, pickUp, wait, shelter, surface, stripMine, farm, fillBucket, placeWater] as SkillDef<never>[]).map(
    (s) => [s.name, s as unknown as SkillDef],
  ),
)
