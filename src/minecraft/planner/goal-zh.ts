/**
 * Chinese task text → goal, for the goals MaiCore and Chinese-speaking players give
 * ("挖到铁矿", "获得一把石镐", "收集10个原木", "合成4个火把", "去 100 64 -20").
 * The same Goal shapes as the English parser; the item table covers what a survival
 * start needs (wood, stone, ores, their products, the basic tools and stations).
 */
import type { GoalResult } from './goal-types.js'

/** Longest names first when matching, so 铁镐 wins over 铁 and 圆石 over 石. */
export const CHINESE_ITEMS: Readonly<Record<string, string>> = {
  原木: 'log', 木头: 'log', 树木: 'log', 木材: 'log', 树: 'log',
  木板: 'planks', 木棍: 'stick', 棍子: 'stick', 树枝: 'stick',
  工作台: 'crafting_table', 合成台: 'crafting_table', 熔炉: 'furnace', 箱子: 'chest', 火把: 'torch',
  圆石: 'cobblestone', 石头: 'cobblestone', 石块: 'cobblestone',
  煤炭: 'coal', 煤矿石: 'coal_ore', 煤矿: 'coal_ore', 木炭: 'charcoal', 煤: 'coal',
  铁矿石: 'iron_ore', 铁矿: 'iron_ore', 铁锭: 'iron_ingot', 铁块: 'iron_block',
  金矿石: 'gold_ore', 金矿: 'gold_ore', 金锭: 'gold_ingot',
  钻石矿: 'diamond_ore', 钻石: 'diamond', 红石: 'redstone', 青金石: 'lapis_lazuli',
  木镐: 'wooden_pickaxe', 石镐: 'stone_pickaxe', 铁镐: 'iron_pickaxe', 金镐: 'golden_pickaxe', 钻石镐: 'diamond_pickaxe',
  木斧: 'wooden_axe', 石斧: 'stone_axe', 铁斧: 'iron_axe', 钻石斧: 'diamond_axe',
  木剑: 'wooden_sword', 石剑: 'stone_sword', 铁剑: 'iron_sword', 钻石剑: 'diamond_sword',
  木铲: 'wooden_shovel', 石铲: 'stone_shovel', 铁铲: 'iron_shovel',
  沙子: 'sand', 沙: 'sand', 玻璃: 'glass', 泥土: 'dirt', 土: 'dirt', 沙砾: 'gravel', 燧石: 'flint',
  牛肉: 'beef', 熟牛肉: 'cooked_beef', 猪肉: 'porkchop', 熟猪排: 'cooked_porkchop', 羊毛: 'white_wool', 床: 'white_bed',
}
const ITEM_NAMES = Object.keys(CHINESE_ITEMS).sort((a, b) => b.length - a.length)

const CRAFT = /^(?:制作|合成|做|造|打造|烧制|冶炼|烧)/
const COLLECT = /^(?:收集|采集|砍|砍伐)/
const GET = /^(?:获得|得到|拿到|取得|弄到|找到|挖到|挖掘|挖|开采|采到|获取|搞到)/
const GOTO = /^(?:去|前往|走到|移动到|到)\s*(-?\d+(?:\.\d+)?)[\s,，]+(-?\d+(?:\.\d+)?)(?:[\s,，]+(-?\d+(?:\.\d+)?))?$/

const DIGITS: Record<string, number> = { 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 }
/** Measure words between a count and an item; 组 is a stack. */
const MEASURE = /^(?:个|块|把|根|张|颗|件|组|份|堆)/

/** `十`, `十二`, `二十`, `二十五`, `64` → number (1–99 in Chinese numerals). */
function readCount(s: string): { n: number; rest: string } | undefined {
  const arabic = /^\d+/.exec(s)
  if (arabic) return { n: Number(arabic[0]), rest: s.slice(arabic[0].length) }
  const m = /^([一二两三四五六七八九]?)(十?)([一二三四五六七八九]?)/.exec(s)
  if (!m || m[0] === '') return undefined
  const [, tens, ten, ones] = m
  const n = ten ? (tens ? DIGITS[tens]! : 1) * 10 + (ones ? DIGITS[ones]! : 0) : DIGITS[tens!]!
  return { n, rest: s.slice(m[0].length) }
}

/** True when the text is Chinese enough to try this parser. */
export function looksChinese(text: string): boolean {
  return /[\u4e00-\u9fff]/.test(text)
}

export function parseChineseGoal(text: string): GoalResult {
  const clean = text.trim().replace(/[。！!？?]+$/, '').trim()
  const go = GOTO.exec(clean)
  if (go) {
    const [a, b, c] = [Number(go[1]), Number(go[2]), go[3] === undefined ? undefined : Number(go[3])]
    return { ok: true, goal: c === undefined ? { kind: 'goto', x: a, z: b } : { kind: 'goto', x: a, y: b, z: c } }
  }
  const verb = CRAFT.exec(clean) ?? COLLECT.exec(clean) ?? GET.exec(clean)
  if (!verb) return { ok: false, reason: `cannot understand "${text.trim()}": start with 获得/挖到 (get), 收集 (collect), 制作/合成 (craft) or 去 x y z (e.g. "获得一把石镐", "挖到铁矿")` }
  const kind = CRAFT.test(clean) ? 'craft' : COLLECT.test(clean) ? 'collect' : 'get'
  let rest = clean.slice(verb[0].length).replace(/^(?:一些|些|更多|点)/, '').trim()
  let count = 1
  const c = readCount(rest)
  if (c) {
    count = c.n
    rest = c.rest.trim()
  }
  const measure = MEASURE.exec(rest)
  if (measure) {
    if (measure[0] === '组') count *= 64
    rest = rest.slice(measure[0].length).trim()
  }
  if (!Number.isInteger(count) || count < 1) return { ok: false, impossible: true, reason: `the count in "${text.trim()}" must be at least 1` }
  const name = ITEM_NAMES.find((n) => rest === n)
  // not `impossible`: the name may be a real item this table does not know
  if (!name) return { ok: false, reason: `unknown item "${rest}" in "${text.trim()}" (known: ${ITEM_NAMES.slice(0, 12).join('、')}…)` }
  return { ok: true, goal: { kind, item: CHINESE_ITEMS[name]!, count } }
}
