/**
 * The MineLand / Voyager primitives for model-written programs, as thin calls of the
 * body's skills (plus the planner where a primitive needs a recipe tree), and the trusted
 * prelude that builds the `bot` facade inside the sandbox.
 *
 * Host side (here): every host function takes JSON arguments and resolves to an envelope
 * `{ ok, value?, reason?, status }` — never rejects for a game failure, never hands out a
 * host object. `status` is a fresh facade snapshot so `bot.health`, `bot.entity.position`,
 * `bot.inventory.items()` stay current after each call.
 *
 * Sandbox side (PRELUDE): `bot`, `Vec3`, the pathfinder goals and the primitives as
 * async functions. Calls that use the body's single action slot are queued, so the seed's
 * un-awaited `bot.chat('hi'); bot.collectBlock('oak_log')` runs in order, and the program
 * only ends when every queued call has finished. A failed primitive throws a
 * `PrimitiveError` whose message is the body's reason, for the model to act on.
 */
import type { Body, BodyStatus, SkillCall, SkillResult } from '../../body/types.js'
import type { Logger } from '../../../core/logger.js'
import type { PlanStep } from '../../planner/plan.js'
import { runGoal } from '../../planner/run-goal.js'
import { gatherCall } from '../../planner/step-calls.js'
import { bareName, matchesName, namespaced, planKey } from '../../names.js'
import type { HostFunction } from './runner.js'

/** What `bot` shows without a host call (a plain copy, refreshed after every call). */
export interface FacadeSnapshot {
  username: string
  health: number
  food: number
  foodSaturation: number
  position: { x: number; y: number; z: number }
  /** mineflayer's convention: radians, yaw 0 = north (-Z), counter-clockwise; pitch up positive. */
  yaw: number
  pitch: number
  timeOfDay: number
  day: number
  inventory: Array<{ name: string; count: number; slot: number }>
  heldItem: { name: string; count: number } | null
  equipment: Record<string, string | null>
}

export function facadeSnapshot(username: string, s: BodyStatus): FacadeSnapshot {
  const held = s.equipment.hand ? bareName(s.equipment.hand) : null
  const heldStack = held ? s.inventory.find((i) => bareName(i.name) === held) : undefined
  const eq: Record<string, string | null> = {}
  for (const [k, v] of Object.entries(s.equipment)) eq[k] = v ? bareName(v) : null
  return {
    username,
    health: s.health,
    food: s.food,
    foodSaturation: s.saturation,
    position: { ...s.position },
    yaw: ((180 - s.yaw) * Math.PI) / 180,
    pitch: (-s.pitch * Math.PI) / 180,
    timeOfDay: s.timeOfDay,
    day: s.day,
    inventory: s.inventory.map((i) => ({ name: bareName(i.name), count: i.count, slot: i.slot })),
    heldItem: held ? { name: held, count: heldStack?.count ?? 1 } : null,
    equipment: eq,
  }
}

export interface PrimitiveSessionOptions {
  body: Body
  /** Aborted when the program is cancelled or out of time: the running skill stops. */
  signal: AbortSignal
  /** Epoch ms when the program's wall-clock budget ends. */
  deadline: number
  logger?: Logger
  /** How far one exploration leg goes (default 48 blocks). */
  exploreDistance?: number
  /** Explorations mineBlock may try before it gives up (default 4). */
  maxExplorations?: number
}

type Envelope = { ok: true; value: unknown; status: FacadeSnapshot } | { ok: false; reason: string; status: FacadeSnapshot }

const NOT_FOUND = /^no (reachable )?.+ within \d+ blocks/
const DEST = new Set(['hand', 'off-hand', 'head', 'torso', 'legs', 'feet'])

class ArgError extends Error {}

function str(v: unknown, what: string): string {
  if (typeof v === 'string' && v.trim()) return v.trim()
  if (v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string') return (v as { name: string }).name
  throw new ArgError(`${what} must be a non-empty string, got ${JSON.stringify(v) ?? String(v)}`)
}

function int(v: unknown, what: string, dflt: number, max: number): number {
  if (v === undefined || v === null) return dflt
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ArgError(`${what} must be an integer 1–${max}, got ${JSON.stringify(v)}`)
  return n
}

function num(v: unknown, what: string): number {
  const n = Number(v)
  if (!Number.isFinite(n)) throw new ArgError(`${what} must be a number, got ${JSON.stringify(v)}`)
  return n
}

function pos(v: unknown, what: string): { x: number; y: number; z: number } {
  if (!v || typeof v !== 'object') throw new ArgError(`${what} must be a position {x, y, z}, got ${JSON.stringify(v)}`)
  const p = v as Record<string, unknown>
  return { x: num(p.x, `${what}.x`), y: num(p.y, `${what}.y`), z: num(p.z, `${what}.z`) }
}

function collectedCount(r: SkillResult): number {
  return (r.collected ?? []).reduce((n, x) => n + x.count, 0)
}

/**
 * The host functions of one program run. Every function resolves to an Envelope;
 * nothing here throws into the sandbox. Each call's skill stops when the program's signal or
 * the call's own (aborted by the sandbox when the program ends) is aborted.
 */
export function createHostFunctions(o: PrimitiveSessionOptions): HostFunctions {
  const { body, signal } = o
  /** Skills started by the program's calls and not yet returned. */
  let inFlight = 0
  /** Skills that were still running when the program ended (their call's signal was aborted). */
  let cutByEnd = 0
  const snapshot = () => facadeSnapshot(body.username, body.status())
  const okEnv = (value: unknown): Envelope => ({ ok: true, value: value ?? null, status: snapshot() })
  const failEnv = (reason: string): Envelope => ({ ok: false, reason, status: snapshot() })

  /** `callSignal`: the sandbox's, aborted when the program ends; the skill stops with it. */
  const run = async (callSignal: AbortSignal, call: SkillCall, extraSignal?: AbortSignal): Promise<SkillResult> => {
    if (signal.aborted || callSignal.aborted) return { ok: false, reason: 'cancelled: the program was stopped' }
    inFlight++
    let r: SkillResult
    try {
      r = await body.run(call, { signal: AbortSignal.any(extraSignal ? [signal, callSignal, extraSignal] : [signal, callSignal]) })
    } finally {
      inFlight--
      if (callSignal.aborted) cutByEnd++
    }
    return r
  }
  const result = (r: SkillResult, value?: unknown): Envelope => (r.ok ? okEnv(value ?? { reason: r.reason, gained: r.gained ?? {} }) : failEnv(r.reason))

  const wrap =
    (fn: (s: AbortSignal, ...args: unknown[]) => Promise<Envelope>): HostFunction =>
    async (args, callSignal) => {
      try {
        return await fn(callSignal, ...args)
      } catch (err) {
        if (err instanceof ArgError) return failEnv(err.message)
        o.logger?.warn('primitive failed unexpectedly', { error: (err as Error).message })
        return failEnv(`internal error: ${(err as Error).message}`)
      }
    }

  const mineBlock = async (s: AbortSignal, rawName: unknown, rawCount: unknown): Promise<Envelope> => {
    const name = str(rawName, 'mineBlock: name')
    const count = int(rawCount, 'mineBlock: count', 1, 2304)
    let remaining = count
    let explorations = 0
    const maxExplorations = o.maxExplorations ?? 4
    for (;;) {
      const r = await run(s, { skill: 'collect', items: [{ name, count: remaining }] })
      remaining -= Math.min(remaining, collectedCount(r))
      if (r.ok || remaining <= 0) return okEnv({ collected: count - Math.max(0, remaining), reason: r.reason })
      if (!NOT_FOUND.test(r.reason) || signal.aborted || s.aborted) return failEnv(r.reason)
      if (explorations >= maxExplorations || o.deadline - Date.now() < 15_000) {
        return failEnv(`${r.reason}; explored ${explorations} time(s) without finding more${count - remaining ? ` (got ${count - remaining}/${count})` : ''}`)
      }
      explorations++
      const e = await run(s, { skill: 'explore', distance: o.exploreDistance ?? 48, until: { block: name } })
      if (!e.ok && !e.found && !/^(reached|explored)/.test(e.reason)) {
        if (signal.aborted || s.aborted) return failEnv(e.reason)
        o.logger?.debug('exploration did not help', { reason: e.reason })
        if (/unknown skill|not (a |an )?(known|supported)/i.test(e.reason)) return failEnv(`${r.reason}; cannot explore: ${e.reason}`)
      }
    }
  }

  // craftItem makes and smelts through the one plan executor; raw materials come from the
  // program's own mineBlock / huntMob / gatherItem calls, so it names the call it needs first
  const craftItem = async (s: AbortSignal, rawName: unknown, rawCount: unknown): Promise<Envelope> => {
    const name = str(rawName, 'craftItem: name')
    const count = int(rawCount, 'craftItem: count', 1, 2304)
    const r = await runGoal(body, { item: name, count, mode: 'gain' }, {
      signal: AbortSignal.any([signal, s]),
      maxActions: 40,
      canRun: (step) => (step.kind === 'craft' || step.kind === 'smelt' ? null : `craftItem(${bareName(name)}, ${count}) lacks raw materials; first ${primitiveLine(step)}`),
    })
    return r.ok ? okEnv({ crafted: count, steps: r.done }) : failEnv(r.reason)
  }

  const fns: Record<string, (s: AbortSignal, ...a: unknown[]) => Promise<Envelope>> = {
    status: async (_s) => okEnv(null),
    say: async (_s, m) => (body.say(String(m ?? '').slice(0, 256)) ? okEnv(null) : failEnv('not connected: chat not sent')),
    mineBlock,
    craftItem,
    smeltItem: async (s, item, fuel, count) => {
      const call: SkillCall = { skill: 'smelt', input: str(item, 'smeltItem: itemName'), count: int(count, 'smeltItem: count', 1, 2304) }
      if (fuel !== undefined && fuel !== null && fuel !== '') call.fuel = str(fuel, 'smeltItem: fuelName')
      return result(await run(s, call))
    },
    placeItem: async (s, name, p) => {
      const at = pos(p, 'placeItem: position')
      return result(await run(s, { skill: 'place', item: str(name, 'placeItem: name'), x: Math.floor(at.x), y: Math.floor(at.y), z: Math.floor(at.z) }))
    },
    jump: async (s) => result(await run(s, { skill: 'jump' })),
    useChest: async (s, p, deposit, withdraw) => {
      const at = pos(p, 'useChest: position')
      const items = (v: unknown, what: string) => {
        if (v === undefined || v === null) return []
        if (typeof v !== 'object' || Array.isArray(v)) throw new Error(`useChest: ${what} must be an object such as {"oak_log": 3}`)
        return Object.entries(v as Record<string, unknown>).map(([name, n]) => ({ name, count: int(n, `useChest: ${what}.${name}`, 1, 2304) }))
      }
      const call: SkillCall = { skill: 'chest', x: Math.floor(at.x), y: Math.floor(at.y), z: Math.floor(at.z) }
      const dep = items(deposit, 'deposit')
      const wd = items(withdraw, 'withdraw')
      if (dep.length) call.deposit = dep
      if (wd.length) call.withdraw = wd
      return result(await run(s, call))
    },
    huntMob: async (s, mob, item, count) =>
      result(await run(s, { skill: 'hunt', entity: bareName(str(mob, 'huntMob: mob')), item: str(item, 'huntMob: item'), count: int(count, 'huntMob: count', 1, 256) })),
    gatherItem: async (s, item, count) => result(await run(s, gatherCall(str(item, 'gatherItem: name'), int(count, 'gatherItem: count', 1, 2304)))),
    killMob: async (s, name, timeout) => {
      const t = timeout === undefined || timeout === null ? 300 : num(timeout, 'killMob: timeout')
      const mob = str(name, 'killMob: name')
      const r = await run(s, { skill: 'attack', target: mob }, AbortSignal.timeout(Math.max(1, t) * 1000))
      return result(r)
    },
    explore: async (s, direction, distance) => {
      const d = Math.min(256, Math.max(4, num(distance ?? 32, 'explore: distance')))
      const call: SkillCall = { skill: 'explore', distance: d }
      if (direction && typeof direction === 'object') {
        const v = direction as Record<string, unknown>
        const x = num(v.x ?? 0, 'direction.x')
        const z = num(v.z ?? 0, 'direction.z')
        if (x !== 0 || z !== 0) call.direction = { x, z }
      }
      return result(await run(s, call))
    },
    moveTo: async (s, x, y, z, range) => {
      const call: SkillCall = { skill: 'moveTo', x: num(x, 'moveTo: x'), y: num(y, 'moveTo: y'), z: num(z, 'moveTo: z') }
      if (range !== undefined && range !== null) call.range = num(range, 'moveTo: range')
      return result(await run(s, call))
    },
    moveToXZ: async (s, x, z) => result(await run(s, { skill: 'moveToXZ', x: num(x, 'x'), z: num(z, 'z') })),
    follow: async (s, player, range) => {
      const call: SkillCall = { skill: 'follow', player: str(player, 'follow: player') }
      if (range !== undefined && range !== null) call.range = num(range, 'follow: range')
      return result(await run(s, call))
    },
    equip: async (s, name, dest) => {
      const call: SkillCall = { skill: 'equip', item: str(name, 'equip: name') }
      if (dest !== undefined && dest !== null) {
        const d = String(dest)
        if (!DEST.has(d)) throw new ArgError(`equip: destination must be one of ${[...DEST].join(', ')}, got ${JSON.stringify(dest)}`)
        call.destination = d as NonNullable<typeof call.destination>
      }
      return result(await run(s, call))
    },
    eat: async (s, name) => result(await run(s, name === undefined || name === null || name === '' ? { skill: 'eat' } : { skill: 'eat', item: str(name, 'eat: name') })),
    findBlocks: async (s, name, radius) => {
      const r = await run(s, { skill: 'scanBlocks', radius: Math.min(64, Math.max(1, num(radius ?? 32, 'radius'))), ids: [str(name, 'findBlocks: name')] })
      if (!r.ok) return failEnv(r.reason)
      const blocks = r.blocks ?? []
      return okEnv(blocks.slice(0, 64).map((b) => ({ name: bareName(b.name), position: b.position })))
    },
    wait: async (s, ms) => result(await run(s, { skill: 'wait', ms: Math.min(600_000, Math.max(0, num(ms, 'wait: ms'))) })),
    inventoryCount: async (_s, name) => {
      const n = str(name, 'name')
      let total = 0
      for (const [item, c] of Object.entries(body.inventoryCounts())) if (matchesName(n, item)) total += c
      return okEnv(total)
    },
  }
  const out: Record<string, HostFunction> = {}
  for (const [k, fn] of Object.entries(fns)) out[k] = wrap(fn)
  return { functions: out, skillsLeftRunning: () => inFlight + cutByEnd }
}

export interface HostFunctions {
  functions: Record<string, HostFunction>
  /** Skills the program's calls started that had not returned when it ended (the link then stops the body). */
  skillsLeftRunning(): number
}

/** The primitives' names as the model sees them (documented in docs/maicore.md). */
export const PRIMITIVE_NAMES = ['mineBlock', 'craftItem', 'smeltItem', 'placeItem', 'killMob', 'huntMob', 'gatherItem', 'exploreUntil', 'moveTo', 'equip', 'eat', 'useChest'] as const

function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

/** One plan step as one line of a program of primitives (the MaiCore stand-in's, and craftItem's hints). */
export function primitiveLine(s: PlanStep): string {
  switch (s.kind) {
    case 'collect':
      return `await mineBlock(bot, ${quote(planKey(s.item))}, ${s.count});`
    case 'craft':
      return `await craftItem(bot, ${quote(planKey(s.item))}, ${s.count});`
    case 'smelt':
      return `await smeltItem(bot, ${quote(planKey(s.input))}, null, ${s.count});`
    case 'hunt':
      return `await huntMob(bot, ${quote(s.entity)}, ${quote(s.item)}, ${s.count});`
    default:
      return `await gatherItem(bot, ${quote(s.item)}, ${s.count});`
  }
}

/**
 * The trusted prelude. It expects two globals set by the runner: `__host` (an object of
 * async host functions, each resolving to an Envelope) and `__status` (a FacadeSnapshot),
 * and defines the program's world: `bot`, `Vec3`, goals, primitives.
 */
export const PRELUDE = String.raw`
(function () {
  'use strict';
  const host = globalThis.__host;
  let snap = globalThis.__status;
  delete globalThis.__host;
  delete globalThis.__status;
  const pending = new Set();
  let queue = Promise.resolve();

  class PrimitiveError extends Error {
    constructor(message) { super(message); this.name = 'PrimitiveError'; }
  }

  class Vec3 {
    constructor(x, y, z) {
      if (x !== null && typeof x === 'object') { z = x.z; y = x.y; x = x.x; }
      this.x = Number(x); this.y = Number(y); this.z = Number(z);
    }
    offset(dx, dy, dz) { return new Vec3(this.x + dx, this.y + dy, this.z + dz); }
    plus(o) { return new Vec3(this.x + o.x, this.y + o.y, this.z + o.z); }
    minus(o) { return new Vec3(this.x - o.x, this.y - o.y, this.z - o.z); }
    scaled(s) { return new Vec3(this.x * s, this.y * s, this.z * s); }
    floored() { return new Vec3(Math.floor(this.x), Math.floor(this.y), Math.floor(this.z)); }
    distanceTo(o) { return Math.sqrt((this.x - o.x) ** 2 + (this.y - o.y) ** 2 + (this.z - o.z) ** 2); }
    equals(o) { return this.x === o.x && this.y === o.y && this.z === o.z; }
    clone() { return new Vec3(this.x, this.y, this.z); }
    toString() { return '(' + this.x + ', ' + this.y + ', ' + this.z + ')'; }
  }

  function track(p) {
    pending.add(p);
    p.then(() => pending.delete(p), () => pending.delete(p));
    return p;
  }
  async function callNow(name, args) {
    const r = await host[name](...args);
    if (r && r.status) snap = r.status;
    if (!r || r.ok !== true) throw new PrimitiveError(r && r.reason ? r.reason : name + ' failed');
    return r.value;
  }
  // Calls that use the body's single action slot run one after another, awaited or not.
  function act(name, ...args) {
    const p = queue.then(() => callNow(name, args));
    queue = p.catch(() => undefined);
    return track(p);
  }
  function now(name, ...args) { return track(callNow(name, args)); }

  function nameOf(v) { return v !== null && typeof v === 'object' && typeof v.name === 'string' ? v.name : v; }
  function itemCopy(i) { return { name: i.name, count: i.count, slot: i.slot, type: i.name, displayName: i.name }; }

  class GoalNear { constructor(x, y, z, range) { this.x = x; this.y = y; this.z = z; this.range = range === undefined ? 1 : range; } }
  class GoalBlock { constructor(x, y, z) { this.x = x; this.y = y; this.z = z; this.range = 0; } }
  class GoalXZ { constructor(x, z) { this.x = x; this.z = z; } }
  class GoalNearXZ { constructor(x, z, range) { this.x = x; this.z = z; this.range = range; } }
  class GoalGetToBlock { constructor(x, y, z) { this.x = x; this.y = y; this.z = z; this.range = 1; } }
  const goals = { GoalNear, GoalBlock, GoalXZ, GoalNearXZ, GoalGetToBlock };
  function gotoGoal(goal) {
    if (!goal || typeof goal !== 'object') return Promise.reject(new PrimitiveError('pathfinder.goto needs a goal such as new GoalNear(x, y, z, 1)'));
    if (goal.y === undefined) return act('moveToXZ', goal.x, goal.z);
    return act('moveTo', goal.x, goal.y, goal.z, goal.range);
  }

  const bot = {
    get username() { return snap.username; },
    get health() { return snap.health; },
    get food() { return snap.food; },
    get foodSaturation() { return snap.foodSaturation; },
    get heldItem() { return snap.heldItem ? { name: snap.heldItem.name, count: snap.heldItem.count } : null; },
    entity: {
      get position() { return new Vec3(snap.position); },
      get yaw() { return snap.yaw; },
      get pitch() { return snap.pitch; },
      get health() { return snap.health; },
    },
    time: { get timeOfDay() { return snap.timeOfDay; }, get day() { return snap.day; } },
    inventory: {
      items() { return snap.inventory.filter((i) => i.slot >= 9 && i.slot <= 45).map(itemCopy); },
      slots() { const s = new Array(46).fill(null); for (const i of snap.inventory) s[i.slot] = itemCopy(i); return s; },
      count(name) { const n = String(nameOf(name)).replace(/^minecraft:/, ''); return snap.inventory.filter((i) => i.name === n).reduce((a, i) => a + i.count, 0); },
      emptySlotCount() { return 36 - snap.inventory.filter((i) => i.slot >= 9 && i.slot <= 44).length; },
    },
    chat(message) { return now('say', String(message)); },
    whisper(_user, message) { return now('say', String(message)); },
    jump() { return act('jump'); },
    collectBlock(name, count) { return act('mineBlock', nameOf(name), count === undefined ? 1 : count); },
    equip(item, destination) { return act('equip', nameOf(item), destination === undefined ? null : destination); },
    consume() { return act('eat', null); },
    findBlocks(opts) { const o = opts || {}; return act('findBlocks', nameOf(o.matching), o.maxDistance === undefined ? 32 : o.maxDistance).then((l) => l.map((b) => new Vec3(b.position))); },
    async findBlock(opts) { const l = await bot.findBlocks(opts); return l.length ? { name: nameOf((opts || {}).matching), position: l[0] } : null; },
    waitForTicks(ticks) { return act('wait', Math.max(0, Number(ticks) || 0) * 50); },
    lookAt() { return Promise.resolve(); },
    pathfinder: { goto: gotoGoal, setGoal(goal) { if (goal) gotoGoal(goal); }, stop() {} },
    collectBlockAsync: undefined,
  };
  delete bot.collectBlockAsync;

  async function mineBlock(_bot, name, count) { return act('mineBlock', nameOf(name), count === undefined ? 1 : count); }
  async function craftItem(_bot, name, count) { return act('craftItem', nameOf(name), count === undefined ? 1 : count); }
  async function smeltItem(_bot, itemName, fuelName, count) { return act('smeltItem', nameOf(itemName), fuelName === undefined ? null : nameOf(fuelName), count === undefined ? 1 : count); }
  async function placeItem(_bot, name, position) { return act('placeItem', nameOf(name), position); }
  async function huntMob(_bot, mob, item, count) { return act('huntMob', nameOf(mob), nameOf(item), count === undefined ? 1 : count); }
  async function gatherItem(_bot, name, count) { return act('gatherItem', nameOf(name), count === undefined ? 1 : count); }
  async function killMob(_bot, name, timeout) { return act('killMob', nameOf(name), timeout === undefined ? 300 : timeout); }
  async function moveTo(_bot, x, y, z, range) {
    if (x !== null && typeof x === 'object') return act('moveTo', x.x, x.y, x.z, y === undefined ? null : y);
    return act('moveTo', x, y, z, range === undefined ? null : range);
  }
  async function equip(_bot, name, destination) { return act('equip', nameOf(name), destination === undefined ? null : destination); }
  async function eat(_bot, name) { return act('eat', name === undefined ? null : nameOf(name)); }
  async function exploreUntil(_bot, direction, maxTime, callback) {
    const limit = Date.now() + Math.max(1, Number(maxTime === undefined ? 60 : maxTime)) * 1000;
    const check = typeof callback === 'function' ? callback : () => null;
    let found = await check();
    while (!found && Date.now() < limit) {
      await act('explore', direction || null, 24);
      found = await check();
    }
    return found || null;
  }
  // useChest(bot, position, { deposit: {name: count}, withdraw: {name: count} }); Voyager's two helpers on top
  async function useChest(_bot, position, opts) { const o = opts || {}; return act('useChest', position, o.deposit || null, o.withdraw || null); }
  async function depositItemIntoChest(_bot, position, items) { return act('useChest', position, items || null, null); }
  async function getItemFromChest(_bot, position, items) { return act('useChest', position, null, items || null); }
  async function sleep(ms) { return act('wait', ms); }

  const world = {
    bot, Vec3, PrimitiveError, goals, GoalNear, GoalBlock, GoalXZ, GoalNearXZ, GoalGetToBlock,
    mineBlock, craftItem, smeltItem, placeItem, killMob, huntMob, gatherItem, moveTo, equip, eat, exploreUntil, useChest, depositItemIntoChest, getItemFromChest, sleep,
    __drain: async function () {
      while (pending.size) await Promise.all([...pending]);
    },
  };
  for (const [k, v] of Object.entries(world)) {
    Object.defineProperty(globalThis, k, { value: v, writable: false, enumerable: false, configurable: false });
  }
})();
`

/** Wraps the model's program so that every queued primitive finishes (or fails) before it ends. */
export function wrapProgram(code: string): string {
  return `const __value = await (async () => {\n${code}\n})();\nawait __drain();\nreturn __value;`
}
