/**
 * Players are remembered for the life of the world: leaving and joining again (a
 * bot reconnecting) restores position, inventory, health and food. With a world
 * folder the same record is kept in `<folder>/players.json` (written atomically
 * when a player leaves, every few seconds while they play, and when the world
 * closes), so a restarted server gives players back what they had. This is the
 * one record of players: flying-squid's own player files are not used. Also
 * gives new players vanilla's initial saturation (5).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { require, type SquidItem, type SquidPlayer, type SquidServer } from '../squid.js'

const SavedSchema = z.object({
  position: z.object({ x: z.number().nullable(), y: z.number().nullable(), z: z.number().nullable() }),
  yaw: z.number(),
  pitch: z.number(),
  health: z.number(),
  food: z.number(),
  saturation: z.number(),
  heldItemSlot: z.number(),
  slots: z.array(z.object({ slot: z.int(), type: z.int(), count: z.int(), metadata: z.number(), nbt: z.unknown().optional() })),
})
const PlayersFileSchema = z.object({ version: z.literal(1), players: z.record(z.string(), SavedSchema) })

export const PLAYERS_FILE = 'players.json'

export interface PlayerMemory {
  /** Records every online player now and writes the file (no-op without a folder). */
  flush(): void
}

interface Saved {
  position: { x: number; y: number; z: number }
  yaw: number
  pitch: number
  health: number
  food: number
  saturation: number
  heldItemSlot: number
  slots: Array<{ slot: number; type: number; count: number; metadata: number; nbt?: unknown }>
}

/** Reads the players file; a missing or unreadable file means no one is remembered (the reason goes to `onProblem`). */
function load(file: string, onProblem: (why: string) => void): Map<string, Saved> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return new Map()
  }
  try {
    const parsed = PlayersFileSchema.safeParse(JSON.parse(text))
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'bad shape')
    // JSON has no NaN: a dead player's position is stored as null and comes back as NaN
    return new Map(
      Object.entries(parsed.data.players).map(([name, p]) => [
        name,
        { ...p, position: { x: p.position.x ?? NaN, y: p.position.y ?? NaN, z: p.position.z ?? NaN } } as Saved,
      ]),
    )
  } catch (err) {
    onProblem(`${file} is unreadable (${(err as Error).message}); players start fresh`)
    return new Map()
  }
}

export function installMemory(serv: SquidServer, opts: { folder?: string; onProblem?: (why: string) => void } = {}): PlayerMemory {
  const Item = require('prismarine-item')(serv.registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }
  const file = opts.folder ? join(opts.folder, PLAYERS_FILE) : undefined
  const saved = file ? load(file, opts.onProblem ?? (() => undefined)) : new Map<string, Saved>()

  function write(): void {
    if (!file) return
    const players = Object.fromEntries(
      [...saved].map(([name, p]) => [name, { ...p, position: Number.isFinite(p.position.x) ? p.position : { x: null, y: null, z: null } }]),
    )
    const tmp = `${file}.tmp`
    try {
      writeFileSync(tmp, JSON.stringify({ version: 1, players }))
      renameSync(tmp, file)
    } catch (err) {
      opts.onProblem?.(`could not write ${file}: ${(err as Error).message}`)
    }
  }

  function save(p: SquidPlayer): void {
    if (!p.username) return
    const alive = p.health > 0
    saved.set(p.username, {
      position: alive ? { x: p.position.x, y: p.position.y, z: p.position.z } : { x: NaN, y: NaN, z: NaN },
      yaw: p.yaw ?? 0,
      pitch: p.pitch ?? 0,
      health: alive ? p.health : 20,
      food: alive ? p.food : 20,
      saturation: alive ? (p.foodSaturation ?? 5) : 5,
      heldItemSlot: p.heldItemSlot ?? 0,
      // slot 0 is the crafting result; the 2x2 grid (1-4) is kept like the rest
      slots: p.inventory.slots.flatMap((it: SquidItem | null, slot: number) =>
        it && slot > 0 ? [{ slot, type: it.type, count: it.count, metadata: it.metadata, nbt: it.nbt }] : [],
      ),
    })
  }

  serv.on('newPlayer', (p: SquidPlayer) => {
    if (p.foodSaturation === undefined) p.foodSaturation = 5
    const name = (p._client as unknown as { username?: string }).username
    const s = name ? saved.get(name) : undefined
    if (s && Number.isFinite(s.position.x)) {
      const original = p.findSpawnPoint
      p.findSpawnPoint = async () => {
        p.findSpawnPoint = original // only the first placement uses the remembered position
        p.spawnPoint = new Vec3(s.position.x, s.position.y, s.position.z)
      }
    }
    p.once('spawned', () => {
      if (!s) return
      for (const it of s.slots) p.inventory.updateSlot(it.slot, new Item(it.type, it.count, it.metadata, it.nbt))
      p.food = s.food
      p.foodSaturation = s.saturation
      p.updateHealth(s.health)
    })
    // flying-squid's own player file would compete with this record: switch it off
    p.save = async () => undefined
    p._client.once('end', () => {
      save(p)
      write()
    })
  })

  return {
    flush() {
      for (const p of serv.players) if (!p.disconnected && p.username) save(p)
      write()
    },
  }
}
