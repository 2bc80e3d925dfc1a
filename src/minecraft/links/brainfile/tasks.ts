/**
 * Brain-file tasks → body skills. Each task runs until the action has finished in the
 * world (not when it was dispatched) and ends in a sentence a model can act on: what
 * happened, or why not and what to try instead. Never throws.
 */
import type { Body, Position, ScannedEntity, SeenBlock, SkillCall, SkillResult } from '../../body/types.js'
import { arrivedAt, distanceTo } from '../../body/arrival.js'
import { bareName, matchesName, namespaced, planKey } from '../../names.js'
import { plan, firstStep, type PlanStep } from '../../planner/plan.js'
import { SMELTING } from '../../planner/items.js'
import { chooseFuel } from '../lynxmind-actions.js'
import type { NewTask, TaskType } from '../../../protocols/brainfile.js'
import type { SeenBlocks } from './vision.js'
import { blockOf } from './vision.js'

export interface TaskContext {
  body: Body
  signal: AbortSignal
  /** The brain's memory, changed in place by GET_* tasks. */
  memory: Record<string, unknown>
  seen: SeenBlocks
  /** How far MINE_* explores when it knows no such block (default 64). */
  exploreDistance?: number
}

export interface TaskOutcome {
  ok: boolean
  /** `result` when ok, `error` otherwise. */
  text: string
}

/** Time limit per task, in ms. */
export function timeLimitMs(t: NewTask): number {
  switch (t.type) {
    case 'MINE_WOOD':
    case 'MINE_STONE':
      return 120_000 + 60_000 * ((t.parameters.count ?? 1) - 1)
    case 'MOVE_TO':
      return 120_000
    case 'GET_INVENTORY':
    case 'GET_POSITION':
    case 'READ_MEMORY':
      return 5_000
    case 'GET_ENTITY_POSITION':
      return 15_000
    case 'CHAT':
      return 5_000
    case 'WAIT':
      return (t.parameters.seconds ?? 1) * 1000 + 5_000
    case 'COLLECT':
      return Math.min(1_200_000, 90_000 + 30_000 * t.parameters.count)
    case 'CRAFT':
      return 900_000
    case 'PLACE':
      return 60_000
    case 'EQUIP':
      return 15_000
    case 'EAT':
      return 30_000
    case 'FOLLOW':
      return (t.parameters.seconds ?? 30) * 1000 + 15_000
    case 'ATTACK':
      return 120_000
  }
}

const fmtPos = (p: Position) => `(${p.x}, ${p.y}, ${p.z})`
const posKey = (p: Position) => `${p.x},${p.y},${p.z}`

/** `{minecraft:oak_log: 2, minecraft:dirt: -1}` → `+2 minecraft:oak_log, -1 minecraft:dirt`. */
export function describeGained(g: Record<string, number> | undefined): string {
  const e = Object.entries(g ?? {}).filter(([, n]) => n !== 0)
  if (!e.length) return 'inventory unchanged'
  return e.map(([k, n]) => `${n > 0 ? '+' : ''}${n} ${namespaced(k)}`).join(', ')
}

function gainedOf(r: SkillResult, family: string): number {
  return Object.entries(r.gained ?? {}).reduce((n, [k, v]) => (v > 0 && matchesName(family, k) ? n + v : n), 0)
}

async function call(ctx: TaskContext, c: SkillCall): Promise<SkillResult> {
  try {
    return await ctx.body.run(c, { signal: ctx.signal })
  } catch (err) {
    return { ok: false, reason: `skill ${c.skill} crashed: ${err instanceof Error ? err.message : String(err)}` }
  }
}

const done = (text: string): TaskOutcome => ({ ok: true, text })
const failed = (text: string): TaskOutcome => ({ ok: false, text })

export async function runTask(task: NewTask, ctx: TaskContext): Promise<TaskOutcome> {
  try {
    return await dispatch(task, ctx)
  } catch (err) {
    return failed(`${task.type} crashed: ${err instanceof Error ? err.message : String(err)}`)
  }
}

async function dispatch(task: NewTask, ctx: TaskContext): Promise<TaskOutcome> {
  const { body } = ctx
  switch (task.type) {
    case 'MINE_WOOD':
      return mine(ctx, 'log', 'log', task.parameters)
    case 'MINE_STONE':
      return mine(ctx, 'stone_like', 'stone', task.parameters)
    case 'MOVE_TO':
      return moveTo(ctx, task.parameters)
    case 'GET_INVENTORY': {
      const items = Object.entries(body.inventoryCounts())
        .filter(([, n]) => n > 0)
        .map(([type, count]) => ({ type: namespaced(type), count }))
      if (!body.ready) return failed('not connected to the server; try again shortly')
      ctx.memory.inventory_state = { last_checked: new Date().toISOString(), items }
      return done(items.length ? `inventory: ${items.map((i) => `${i.count} ${i.type}`).join(', ')} (saved in memory.inventory_state)` : 'the inventory is empty (saved in memory.inventory_state)')
    }
    case 'GET_POSITION': {
      if (!body.ready) return failed('not connected to the server; try again shortly')
      const p = blockOf(body.status().position)
      ctx.memory.current_position = p
      return done(`I am at ${fmtPos(p)} (saved in memory.current_position)`)
    }
    case 'GET_ENTITY_POSITION':
      return entityPosition(ctx, task.parameters.entity_selector)
    case 'CHAT':
      return body.say(task.parameters.message) ? done(`said: ${task.parameters.message.slice(0, 256)}`) : failed('not connected to the server; nothing was said')
    case 'READ_MEMORY': {
      const k = task.parameters.key
      if (!Object.hasOwn(ctx.memory, k)) return failed(`memory has no key "${k}"; keys: ${Object.keys(ctx.memory).join(', ') || '(none)'}`)
      const text = JSON.stringify(ctx.memory[k])
      return done(`${k} = ${text.length > 400 ? `${text.slice(0, 400)}…` : text}`)
    }
    case 'WAIT': {
      const s = task.parameters.seconds ?? 1
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, s * 1000)
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(t)
          resolve()
        }, { once: true })
      })
      return ctx.signal.aborted ? failed(`wait cancelled: ${abortText(ctx.signal)}`) : done(`waited ${s} s`)
    }
    case 'COLLECT': {
      const { block, count } = task.parameters
      const r = await call(ctx, { skill: 'collect', items: [{ name: block, count }] })
      const got = gainedOf(r, block)
      return r.ok ? done(`${r.reason} (${describeGained(r.gained)})`) : failed(`${r.reason}${got ? ` (got ${got} of ${count})` : ''}`)
    }
    case 'CRAFT':
      return craft(ctx, task.parameters.item, task.parameters.count)
    case 'PLACE': {
      const { item, x, y, z } = task.parameters
      const r = await call(ctx, { skill: 'place', item, x, y, z })
      return r.ok ? done(r.reason) : failed(r.reason)
    }
    case 'EQUIP': {
      const r = await call(ctx, { skill: 'equip', item: task.parameters.item, ...(task.parameters.destination ? { destination: task.parameters.destination } : {}) })
      return r.ok ? done(r.reason) : failed(r.reason)
    }
    case 'EAT': {
      const r = await call(ctx, { skill: 'eat', ...(task.parameters.item ? { item: task.parameters.item } : {}) })
      return r.ok ? done(`${r.reason} (food ${body.status().food}/20)`) : failed(r.reason)
    }
    case 'FOLLOW':
      return follow(ctx, task.parameters)
    case 'ATTACK': {
      const r = await call(ctx, { skill: 'attack', target: task.parameters.entity })
      return r.ok ? done(r.reason) : failed(r.reason)
    }
  }
}

function abortText(s: AbortSignal): string {
  const r: unknown = s.reason
  return r instanceof Error ? r.message : typeof r === 'string' ? r : 'cancelled'
}

/** MINE_WOOD / MINE_STONE: the block at x,y,z when it is one; else the nearest known; else explore for one. */
async function mine(ctx: TaskContext, family: 'log' | 'stone_like', word: string, p: { x?: number; y?: number; z?: number; count?: number }): Promise<TaskOutcome> {
  const want = p.count ?? 1
  const notes: string[] = []
  const tried = new Set<string>()
  let asked: Position | undefined = p.x !== undefined && p.y !== undefined && p.z !== undefined ? blockOf({ x: p.x, y: p.y, z: p.z }) : undefined
  let mined = 0
  let failures = 0
  const got: string[] = []
  while (mined < want) {
    if (ctx.signal.aborted) return failed(`cancelled after ${mined} of ${want}: ${abortText(ctx.signal)}`)
    let target: Position | undefined
    if (asked) {
      const known = ctx.seen.at(asked)
      if (known && !matchesName(family, known)) notes.push(`${fmtPos(asked)} holds ${known}, not ${word}`)
      else target = asked
      tried.add(posKey(asked))
      asked = undefined
    }
    if (!target) {
      const near = ctx.seen.nearest(family, ctx.body.status().position, tried)
      if (near) {
        target = near.position
        notes.push(`used the nearest ${word} I know of, ${near.name} at ${fmtPos(near.position)}`)
      }
    }
    if (!target) {
      const r = await call(ctx, { skill: 'explore', distance: ctx.exploreDistance ?? 64, until: { block: family === 'log' ? 'log' : 'stone' } })
      const found = r.found as SeenBlock | undefined
      if (!r.ok || !found || !('position' in found) || typeof (found as SeenBlock).position?.x !== 'number') {
        return failed(`${mined ? `mined ${mined} of ${want}; then ` : ''}I know of no ${word} and exploring found none: ${r.reason}${notes.length ? ` (${notes.join('; ')})` : ''}`)
      }
      target = blockOf(found.position)
      notes.push(`explored and found ${namespaced(found.name)} at ${fmtPos(target)}`)
    }
    tried.add(posKey(target))
    const r = await call(ctx, { skill: 'mine', x: target.x, y: target.y, z: target.z })
    ctx.seen.forget(target)
    const n = gainedOf(r, family === 'log' ? 'log' : 'stone_like')
    if (r.ok && n > 0) {
      mined++
      got.push(`${fmtPos(target)}`)
      continue
    }
    failures++
    notes.push(r.ok ? `mined ${fmtPos(target)} but no ${word} came into the inventory (${describeGained(r.gained)})` : `${fmtPos(target)}: ${r.reason}`)
    if (ctx.signal.aborted || failures >= 3) break
  }
  if (mined >= want) return done(`mined ${mined} ${word} at ${got.join(', ')}${notes.length ? ` (${notes.join('; ')})` : ''}`)
  return failed(`mined ${mined} of ${want} ${word}: ${notes.join('; ')}`)
}

async function moveTo(ctx: TaskContext, p: { x: number; y?: number; z: number }): Promise<TaskOutcome> {
  const r = await call(ctx, p.y === undefined ? { skill: 'moveToXZ', x: p.x, z: p.z } : { skill: 'moveTo', x: p.x, y: p.y, z: p.z })
  const here = ctx.body.status().position
  const target = p.y === undefined ? { x: p.x, z: p.z } : { x: p.x, y: p.y, z: p.z }
  const d = distanceTo(here, target).toFixed(1)
  const at = fmtPos(blockOf(here))
  if (arrivedAt(here, target)) return done(`arrived: at ${at}, ${d} blocks from the target`)
  return failed(`did not arrive: stopped at ${at}, ${d} blocks from the target: ${r.reason}`)
}

/** `@p`, `@a`, `@e`, `@e[type=zombie,name=Bob]`, a player name or a mob type. */
export function parseSelector(sel: string): { kind: 'nearest-player' | 'all-players' | 'nearest'; type?: string; name?: string } | { kind: 'named'; name: string } {
  const s = sel.trim()
  const m = /^@([parse])(?:\[(.*)\])?$/.exec(s)
  if (!m) return { kind: 'named', name: s }
  const args: Record<string, string> = {}
  for (const part of (m[2] ?? '').split(',')) {
    const [k, v] = part.split('=').map((x) => x?.trim())
    if (k && v) args[k] = v.replace(/^"|"$/g, '')
  }
  const kind = m[1] === 'p' ? 'nearest-player' : m[1] === 'a' ? 'all-players' : 'nearest'
  return { kind, ...(args.type ? { type: namespaced(args.type) } : {}), ...(args.name ? { name: args.name } : {}) }
}

async function entityPosition(ctx: TaskContext, selector: string): Promise<TaskOutcome> {
  const sel = parseSelector(selector)
  if (selector.trim() === '@s') {
    const p = blockOf(ctx.body.status().position)
    ctx.memory.current_position = p
    return done(`I am at ${fmtPos(p)}`)
  }
  const r = await call(ctx, { skill: 'scanEntities', radius: 64 })
  if (!r.ok) return failed(r.reason)
  const all = ((r.entities as ScannedEntity[] | undefined) ?? []).filter((e) => e.player !== ctx.body.username).sort((a, b) => a.distance - b.distance)
  const isPlayer = (e: ScannedEntity) => e.type === 'minecraft:player'
  let hits: ScannedEntity[]
  if (sel.kind === 'named') {
    const byName = all.filter((e) => e.player?.toLowerCase() === sel.name.toLowerCase())
    hits = byName.length ? byName.slice(0, 1) : all.filter((e) => e.type === namespaced(sel.name)).slice(0, 1)
  } else {
    let pool = sel.kind === 'nearest' ? all : all.filter(isPlayer)
    if (sel.type) pool = pool.filter((e) => e.type === sel.type)
    if (sel.name) pool = pool.filter((e) => e.player === sel.name)
    hits = sel.kind === 'all-players' ? pool : pool.slice(0, 1)
  }
  if (!hits.length) {
    const players = all.filter(isPlayer).map((e) => e.player).join(', ')
    return failed(`no entity matches ${JSON.stringify(selector)} within 64 blocks${players ? ` (players near me: ${players})` : ' (no players near me)'}`)
  }
  const lines: string[] = []
  for (const e of hits) {
    const name = e.player ?? bareName(e.type)
    ctx.memory[`entity_position_${name}`] = { ...e.position }
    lines.push(`${name} is at ${fmtPos(e.position)}, ${e.distance.toFixed(1)} blocks away`)
  }
  return done(`${lines.join('; ')} (saved in memory.entity_position_<name>)`)
}

async function follow(ctx: TaskContext, p: { player: string; seconds?: number; range?: number }): Promise<TaskOutcome> {
  const seconds = p.seconds ?? 30
  const own = new AbortController()
  const timer = setTimeout(() => own.abort(new Error(`followed for ${seconds} s`)), seconds * 1000)
  try {
    const signal = AbortSignal.any([ctx.signal, own.signal])
    const r = await ctx.body.run({ skill: 'follow', player: p.player, ...(p.range ? { range: p.range } : {}) }, { signal, timeoutMs: seconds * 1000 + 10_000 })
    if (own.signal.aborted && !ctx.signal.aborted) return done(`followed ${p.player} for ${seconds} s`)
    return failed(r.reason)
  } finally {
    clearTimeout(timer)
  }
}

function describeStep(s: PlanStep): string {
  if (s.kind === 'collect') return `collect ${s.count} ${s.item}`
  if (s.kind === 'smelt') return `smelt ${s.count} ${s.item} from ${s.input}`
  return `craft ${s.count} ${s.item}`
}

function held(inv: Record<string, number>, item: string): number {
  const k = planKey(item)
  return Object.entries(inv).reduce((n, [name, c]) => (planKey(name) === k ? n + c : n), 0)
}

/** CRAFT: plan from the recipe tree, run one step, re-plan from the real inventory, until held. */
async function craft(ctx: TaskContext, item: string, count: number): Promise<TaskOutcome> {
  const start = held(ctx.body.inventoryCounts(), item)
  const target = start + count
  const doneSteps: string[] = []
  let lastFail = ''
  for (let i = 0; i < 40; i++) {
    if (ctx.signal.aborted) return failed(`cancelled: ${abortText(ctx.signal)}`)
    const inv = ctx.body.inventoryCounts()
    if (held(inv, item) >= target) {
      return done(`made ${count} ${namespaced(item)} (now holding ${held(inv, item)})${doneSteps.length ? `; steps: ${doneSteps.join(', ')}` : ''}`)
    }
    const p = plan(item, target, inv)
    if (!p.ok) return failed(`cannot make ${namespaced(item)}: ${p.reason}`)
    const step = firstStep(p.steps)
    if (!step) return failed(`the planner has no step left but I hold ${held(inv, item)} of ${target} ${namespaced(item)}`)
    let r: SkillResult
    if (step.kind === 'collect') r = await call(ctx, { skill: 'collect', items: [{ name: step.item === 'log' ? 'log' : namespaced(step.item), count: step.count }] })
    else if (step.kind === 'craft') r = await call(ctx, { skill: 'craft', items: [{ name: namespaced(step.item), count: step.count }] })
    else {
      const fuel = chooseFuel(inv, step.count, SMELTING[bareName(step.item)])
      r = await call(ctx, { skill: 'smelt', input: step.input, count: step.count, ...(fuel ? { fuel } : {}) })
    }
    if (!r.ok) {
      if (lastFail === describeStep(step)) return failed(`step "${describeStep(step)}" failed twice: ${r.reason}${doneSteps.length ? ` (done so far: ${doneSteps.join(', ')})` : ''}`)
      lastFail = describeStep(step)
      continue
    }
    doneSteps.push(describeStep(step))
  }
  return failed(`gave up after 40 steps (done: ${doneSteps.join(', ')})`)
}

export type { TaskType }
