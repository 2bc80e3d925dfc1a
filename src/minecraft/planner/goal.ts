/**
 * Task text → goal. Understands the terse forms (`get 1 minecraft:stone_pickaxe`,
 * `collect 10 log`, `craft 4 minecraft:torch`, `goto 100 64 -20`) and plain
 * English ("get me a stone pickaxe", "collect ten logs", "go to 10 70 5"). Chinese text goes
 * to goal-zh.ts ("挖到铁矿", "获得一把石镐").
 */
import { defaultItemBook, ItemBook } from './items.js'
import { bareName, planKey } from '../names.js'
import { looksChinese, parseChineseGoal } from './goal-zh.js'

export type { Goal, GoalResult } from './goal-types.js'
import type { Goal, GoalResult } from './goal-types.js'

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, single: 1, two: 2, couple: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8,
  nine: 9, ten: 10, eleven: 11, twelve: 12, dozen: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, stack: 64,
}

const VERBS: Record<string, 'get' | 'collect' | 'craft'> = {
  get: 'get', obtain: 'get', fetch: 'get', bring: 'get', give: 'get', find: 'get', acquire: 'get',
  collect: 'collect', gather: 'collect', mine: 'collect', chop: 'collect', dig: 'collect', harvest: 'collect',
  craft: 'craft', make: 'craft', build: 'craft', smelt: 'craft', cook: 'craft', create: 'craft',
}

const FILLER = new Set(['me', 'us', 'please', 'some', 'of', 'the', 'for', 'more', 'pls', 'few', 'x'])

/** Plain-English item names → ids. */
const ALIASES: Record<string, string> = {
  wood: 'log', woods: 'log', wood_log: 'log', tree: 'log', trees: 'log', logs: 'log',
  plank: 'planks', wooden_planks: 'planks', wood_planks: 'planks',
  cobble: 'cobblestone', rock: 'cobblestone', rocks: 'cobblestone',
  iron: 'iron_ingot', gold: 'gold_ingot', diamonds: 'diamond',
  table: 'crafting_table', workbench: 'crafting_table', crafting_bench: 'crafting_table',
  pick: 'wooden_pickaxe', pickaxe: 'wooden_pickaxe',
}

/** `stone pick` → `stone_pickaxe`; plurals → singular when that is an item. */
function resolveItem(words: string[], book: ItemBook): string | undefined {
  let name = words.join('_').replace(/^minecraft:/, '')
  name = name.replace(/_pick$/, '_pickaxe').replace(/_picks$/, '_pickaxes')
  const candidates = [name, name.replace(/ies$/, 'y'), name.replace(/es$/, ''), name.replace(/s$/, '')]
  for (const c of candidates) {
    if (ALIASES[c]) return ALIASES[c]
    if (c.length > 0 && book.known(c)) return planKey(c)
  }
  return undefined
}

function toNumber(word: string): number | undefined {
  if (/^-?\d+$/.test(word)) return Number(word)
  return NUMBER_WORDS[word]
}

export function parseGoal(text: string, book: ItemBook = defaultItemBook()): GoalResult {
  if (looksChinese(text)) return parseChineseGoal(text)
  const clean = text.trim().toLowerCase().replace(/[,!?.]+(\s|$)/g, ' ').replace(/\s+/g, ' ').trim()
  if (!clean) return { ok: false, reason: 'empty task' }

  const go = /^(?:goto|go to|go|move to|move|walk to|walk|come to|travel to|path to)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)(?:\s+(-?\d+(?:\.\d+)?))?$/.exec(clean)
  if (go) {
    const [a, b, c] = [Number(go[1]), Number(go[2]), go[3] === undefined ? undefined : Number(go[3])]
    return { ok: true, goal: c === undefined ? { kind: 'goto', x: a, z: b } : { kind: 'goto', x: a, y: b, z: c } }
  }

  const words = clean.split(' ')
  const kind = VERBS[words[0]!]
  if (!kind) {
    return { ok: false, reason: `cannot understand "${text.trim()}": start with get, collect, craft or goto (e.g. "get 1 minecraft:stone_pickaxe", "goto 100 64 -20")` }
  }
  let count: number | undefined
  const rest: string[] = []
  for (const w of words.slice(1)) {
    if (FILLER.has(w)) continue
    const n = rest.length === 0 ? toNumber(w) : undefined
    if (n !== undefined) count = (count ?? 1) * n
    else rest.push(w)
  }
  if (rest.length === 0) return { ok: false, reason: `no item in "${text.trim()}"` }
  const item = resolveItem(rest, book)
  if (!item) {
    const s = book.suggest(rest.join('_'))
    return { ok: false, impossible: true, reason: `unknown item "${bareName(rest.join('_'))}"${s.length ? ` (did you mean ${s.join(', ')}?)` : ''}` }
  }
  count ??= 1
  if (!Number.isInteger(count) || count < 1 || count > 2304) return { ok: false, impossible: true, reason: `count must be 1-2304, got ${count}` }
  return { ok: true, goal: { kind, item, count } }
}

/** Short English for a goal (progress lines, stop reasons). */
export function describeGoal(goal: Goal): string {
  if (goal.kind === 'goto') return `go to ${goal.x}${goal.y === undefined ? '' : ` ${goal.y}`} ${goal.z}`
  return `${goal.kind} ${goal.count} ${goal.item}`
}
