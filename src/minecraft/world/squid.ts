/**
 * Loads flying-squid (CommonJS, untyped) and describes the small part of its
 * server/player objects that our plugins use. Everything else stays `any`-free
 * behind these interfaces so a flying-squid upgrade breaks in one place.
 */
import { createRequire } from 'node:module'
import type { EventEmitter } from 'node:events'

export const require = createRequire(import.meta.url)

/** A prismarine-item instance (only the fields we touch). */
export interface SquidItem {
  type: number
  count: number
  metadata: number
  name: string
  stackSize: number
  nbt?: unknown
  slot?: number
  /** prismarine-item: damage taken (NBT `Damage` in 1.16) and the most it takes (tools). */
  durabilityUsed?: number | null
  maxDurability?: number
}

export interface SquidWindow {
  id: number
  type: string | number
  slots: Array<SquidItem | null>
  inventoryStart: number
  inventoryEnd: number
  updateSlot(slot: number, item: SquidItem | null): void
  firstEmptyInventorySlot(): number | null
  on(event: string, cb: (...args: any[]) => void): void
}

export interface SquidVec3 {
  x: number
  y: number
  z: number
  offset(dx: number, dy: number, dz: number): SquidVec3
  plus(v: SquidVec3): SquidVec3
}

export interface SquidWorld {
  getBlock(pos: SquidVec3): Promise<{ name: string; type: number; stateId: number; position: SquidVec3 } | null>
  getBlockStateId(pos: SquidVec3): Promise<number>
  getColumn(cx: number, cz: number): Promise<unknown>
}

export interface SquidPlayer extends EventEmitter {
  id: number
  username: string
  uuid: string
  gameMode: number
  health: number
  food: number
  foodSaturation: number
  position: SquidVec3
  onGround: boolean
  heldItemSlot: number
  inventory: SquidWindow
  world: SquidWorld
  disconnected?: boolean
  _client: EventEmitter & { write(name: string, data: unknown): void; end(reason?: string): void }
  updateHealth(health: number): void
  behavior(name: string, data: unknown, onSuccess?: (d: any) => unknown, onCancel?: (d: any) => unknown): Promise<unknown>
  chat(message: string): void
  kick(reason?: string): void
  sendBlock(pos: SquidVec3, stateId: number): void
  setXp?(xp: number): void
  [key: string]: any
}

export interface SquidCommandContext {
  player?: SquidPlayer
}

export interface SquidServer extends EventEmitter {
  registry: any
  players: SquidPlayer[]
  overworld: SquidWorld
  entities: Record<string, any>
  tickCount: number
  listeningPort?: number
  isClosed?: boolean
  commands: {
    add(cmd: {
      base: string
      info: string
      usage: string
      op?: boolean
      onlyPlayer?: boolean
      parse?: (str: string, ctx: SquidCommandContext) => unknown
      action: (params: any, ctx: SquidCommandContext) => unknown
    }): void
  }
  stopTickInterval(): void
  setBlock(world: SquidWorld, pos: SquidVec3, stateId: number): Promise<void>
  spawnObject(type: number, world: SquidWorld, pos: SquidVec3, opts: Record<string, unknown>): any
  getPlayer?(name: string): SquidPlayer | null
  quit(reason?: string): Promise<void>
  destroy(): Promise<void>
  [key: string]: any
}

interface FlyingSquidModule {
  createMCServer(options: Record<string, unknown>): SquidServer
  generations: Record<string, (opts: any) => unknown>
}

export const flyingSquid = require('flying-squid') as FlyingSquidModule
