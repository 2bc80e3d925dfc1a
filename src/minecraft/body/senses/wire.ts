/**
 * Senses: turns a bot's events into body events and ContextBus entries
 * (player chat, server messages, join/leave, death, respawn, hurt.*, heal,
 * health.low, entity.spawn/gone, time.day/night) and item pickups from inventory deltas.
 */
import type { Bot } from 'mineflayer'
import type { Entity } from 'prismarine-entity'
import type { Logger } from '../../../core/logger.js'
import type { BusLike } from '../bus.js'
import type { ItemCount } from '../types.js'
import { countsOf } from './status.js'
import { deathCause, healthChangeEvent, lowHealthDue, type HurtEvidence } from './hurt.js'
import { attachSurroundings } from './surroundings.js'
import { watchDeathMessages } from './death-message.js'

export interface SenseState {
  lastLowHealthAt?: number
  dead: boolean
}

export interface SenseHost {
  bus: BusLike
  emit(event: string, ...args: unknown[]): void
  log: Logger
  state: SenseState
  now?: () => number
}

const ATTACK_CUE_RADIUS = 6
const PICKUP_CUE_MS = 1500

function isFighter(e: Entity): boolean {
  const t: string = e.type
  return t === 'player' || t === 'mob' || t === 'hostile' || t === 'animal'
}

/**
 * May be blamed for a hurt nobody was seen dealing: a player or a hostile mob (minecraft-data's
 * category). A sheep being hunted next to the bot never hurt it ("killed by sheep").
 */
function likelyAttacker(bot: Bot, e: Entity): boolean {
  if (e.type === 'player') return true
  const category = (bot.registry.entitiesByName as Record<string, { category?: string } | undefined>)[e.name ?? '']?.category
  return isFighter(e) && category === 'Hostile mobs'
}

function label(e: Entity): string {
  return e.type === 'player' ? (e.username ?? 'player') : (e.name ?? 'mob')
}

function isOnFire(e: Entity): boolean {
  const flags = (e.metadata as unknown[] | undefined)?.[0]
  return typeof flags === 'number' && (flags & 0x01) !== 0
}

/** Wires senses to `bot`; returns a function that removes every listener. */
export function attachSenses(bot: Bot, host: SenseHost): () => void {
  const now = host.now ?? Date.now
  const { bus, state } = host
  const offs: Array<() => void> = []
  const on = <A extends unknown[]>(emitter: { on(ev: string, fn: (...a: A) => void): unknown; removeListener(ev: string, fn: (...a: A) => void): unknown }, ev: string, fn: (...a: A) => void) => {
    emitter.on(ev, fn)
    offs.push(() => emitter.removeListener(ev, fn))
  }
  const safe = (what: string, fn: () => void) => {
    try {
      fn()
    } catch (err) {
      host.log.warn(`sense ${what} failed`, { err: err instanceof Error ? err.message : String(err) })
    }
  }

  offs.push(attachSurroundings(bot, bus, now))

  // --- chat and server messages
  on(bot, 'chat', (username: string, message: string) =>
    safe('chat', () => {
      if (username === bot.username) return
      bus.pushPlayer(username, message)
      host.emit('chat', username, message)
    }),
  )
  // Server lines: anything that is not a player's `<name> text` chat line. Join/leave lines come
  // both as messages and from the player list on vanilla; push each once (3 s dedupe).
  const recent = new Map<string, number>()
  const pushServerOnce = (text: string) => {
    const key = text.replace(/[.!]+$/, '').toLowerCase()
    const t = now()
    for (const [k, at] of recent) if (t - at > 3000) recent.delete(k)
    if (recent.has(key)) return
    recent.set(key, t)
    bus.pushServer(text)
  }
  on(bot, 'message', (msg: { toString(): string }, position: string) =>
    safe('message', () => {
      if (position === 'game_info') return // action bar
      const text = msg.toString().trim()
      if (!text || /^<[^>]+> /.test(text)) return
      pushServerOnce(text)
    }),
  )
  const loginAt = now()
  on(bot, 'playerJoined', (p: { username: string }) =>
    safe('join', () => {
      if (p.username === bot.username || now() - loginAt < 2000) return // the initial player list is not news
      pushServerOnce(`${p.username} joined the game`)
    }),
  )
  on(bot, 'playerLeft', (p: { username: string }) =>
    safe('leave', () => {
      if (p.username !== bot.username) pushServerOnce(`${p.username} left the game`)
    }),
  )

  // --- evidence for the hurt inference
  let lastAttacker: HurtEvidence['lastAttacker']
  let lastExplosionAt: number | undefined
  let lastLanding: HurtEvidence['lastLanding']
  let airborneFromY: number | null = null
  const near = (e: Entity) => !!bot.entity && e.position.distanceTo(bot.entity.position) <= ATTACK_CUE_RADIUS
  on(bot, 'entitySwingArm', (e: Entity) => {
    if (e !== bot.entity && isFighter(e) && near(e)) lastAttacker = { name: label(e), at: now() }
  })
  on(bot, 'entityHurt', (e: Entity) => {
    if (e !== bot.entity) return
    // Vanilla sends the hurt status without the source: blame the nearest fighter if none swung.
    if (!lastAttacker || now() - lastAttacker.at > 1500) {
      const nearest = Object.values(bot.entities)
        .filter((x) => x !== bot.entity && likelyAttacker(bot, x) && near(x) && x.position.distanceTo(bot.entity.position) <= 4)
        .sort((a, b) => a.position.distanceTo(bot.entity.position) - b.position.distanceTo(bot.entity.position))[0]
      // nobody in reach: a skeleton that can shoot us is the likely source
      const archer = nearest ?? Object.values(bot.entities).find((x) => x.name === 'skeleton' && x.position.distanceTo(bot.entity.position) <= 16)
      if (archer) lastAttacker = { name: label(archer), at: now() }
    }
  })
  const onExplosion = () => {
    lastExplosionAt = now()
  }
  bot._client.on('explosion', onExplosion)
  offs.push(() => bot._client.removeListener('explosion', onExplosion))
  on(bot, 'move', () => {
    const e = bot.entity
    if (!e) return
    if (!e.onGround) {
      if (airborneFromY === null || e.position.y > airborneFromY) airborneFromY = e.position.y
    } else if (airborneFromY !== null) {
      lastLanding = { blocks: airborneFromY - e.position.y, at: now() }
      airborneFromY = null
    }
  })

  // --- health
  // A hurt is judged a moment after the health packet: servers send the attacker's swing
  // (and vanilla the hurt status) around the same time, sometimes just after it.
  const HURT_SETTLE_MS = 200
  const pending = new Set<NodeJS.Timeout>()
  offs.push(() => {
    for (const t of pending) clearTimeout(t)
    pending.clear()
  })
  // attached to a bot that has spawned already: its current health is the baseline
  let lastHurt: { kind: string; at: number } | undefined
  let prevHealth: number | null = bot.entity && typeof bot.health === "number" ? bot.health : null
  on(bot, 'health', () =>
    safe('health', () => {
      const hp = bot.health
      const prev = prevHealth
      prevHealth = hp
      if (prev === null || state.dead) return
      const judge = () => {
        const head = bot.entity ? bot.blockAt(bot.entity.position.offset(0, 1.62, 0)) : null
        const ev = healthChangeEvent(prev, hp, {
          now: now(),
          lastAttacker,
          lastExplosionAt,
          onFire: bot.entity ? isOnFire(bot.entity) : false,
          headInWater: head?.name === 'water',
          lastLanding,
          food: bot.food,
        })
        if (ev) {
          if (ev.type.startsWith('hurt.')) lastHurt = { kind: ev.type.slice(5), at: now() }
          bus.pushEvent(ev.type, ev.data)
          host.emit('health.change', ev)
        }
      }
      if (hp < prev && hp > 0) {
        const t = setTimeout(() => {
          pending.delete(t)
          safe('hurt', judge)
        }, HURT_SETTLE_MS)
        pending.add(t)
      } else judge()
      if (lowHealthDue(hp, now(), state.lastLowHealthAt)) {
        state.lastLowHealthAt = now()
        bus.pushEvent('health.low', `hp:${Math.round(hp * 10) / 10}`)
      }
    }),
  )
  on(bot, 'death', () =>
    safe('death', () => {
      state.dead = true
      const cause = deathCause({ now: now(), lastAttacker, lastExplosionAt, lastHurt })
      bus.pushEvent('death', cause.by ? `by:${cause.by}` : '')
      host.emit('death', cause.words, deathSpot(bot, cause.words))
    }),
  )
  // what the server says of the death (its death screen), beside the cause inferred above
  offs.push(watchDeathMessages(bot, (text) => safe('death message', () => host.emit('death.message', text))))
  on(bot, 'spawn', () =>
    safe('spawn', () => {
      if (state.dead) {
        state.dead = false
        prevHealth = bot.health // the respawn refill is not a heal
        const p = bot.entity.position
        bus.pushEvent('respawn', `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`)
        host.emit('respawn')
      }
    }),
  )

  // --- pickups: inventory increases shortly after a collect cue
  let counts = countsOf(bot)
  let cueAt = -Infinity
  let flush: NodeJS.Timeout | null = null
  on(bot, 'playerCollect', (collector: Entity) => {
    if (collector === bot.entity) cueAt = now()
  })
  on(bot, 'entityGone', (e: Entity) => {
    if (e.name === 'item' && bot.entity && e.position.distanceTo(bot.entity.position) < 3) cueAt = now()
  })
  const diff = () => {
    flush = null
    const next = countsOf(bot)
    const cued = now() - cueAt <= PICKUP_CUE_MS
    if (cued) {
      let any = false
      for (const [k, n] of Object.entries(next)) {
        const d = n - (counts[k] ?? 0)
        if (d > 0) {
          any = true
          host.emit('pickup', { name: k, count: d } satisfies ItemCount)
        }
      }
      if (any) cueAt = -Infinity // one cue, one pickup: later inserts (crafting, /give) are not pickups
    }
    counts = next
  }
  const onSlot = () => {
    if (!flush) flush = setTimeout(() => safe('pickup', diff), 100)
  }
  bot.inventory.on('updateSlot', onSlot)
  offs.push(() => bot.inventory.removeListener('updateSlot', onSlot))
  offs.push(() => {
    if (flush) clearTimeout(flush)
  })

  return () => {
    for (const off of offs.splice(0)) off()
  }
}

/**
 * Where the bot died, for going back for its items: the feet position, and why the items cannot
 * be had there when the bot can tell (it died in lava, or fell out of the world).
 */
export function deathSpot(bot: Bot, cause: string): { x: number; y: number; z: number; hazard?: string } | undefined {
  const p = bot.entity?.position
  if (!p || ![p.x, p.y, p.z].every(Number.isFinite)) return undefined
  const minY = (bot.game as { minY?: number } | undefined)?.minY ?? 0
  const inLava = [p.floored(), p.floored().offset(0, 1, 0)].some((c) => bot.blockAt(c)?.name === 'lava') || /\blava\b/.test(cause)
  const hazard = inLava ? 'it died in lava' : p.y < minY ? 'it fell out of the world' : /\bvoid\b/.test(cause) ? 'it fell out of the world' : undefined
  return { x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100, z: Math.round(p.z * 100) / 100, ...(hazard ? { hazard } : {}) }
}
