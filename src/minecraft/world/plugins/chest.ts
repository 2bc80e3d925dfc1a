/**
 * Single chests that keep what is put in them: 27 slots per placed chest, shared by every
 * viewer, dropped when the chest is broken. flying-squid 1.12 opens an empty chest window and
 * stores nothing, so its handler is replaced by this one.
 */
import { require, type SquidItem, type SquidPlayer, type SquidServer } from '../squid.js'
import type { ContainerKind, Win, WindowManager } from './windows.js'
import { dropContentsWhenBroken } from './container-drops.js'

export const CHEST_SLOTS = 27

export interface ChestState {
  key: string
  slots: Array<SquidItem | null>
}

export function installChests(serv: SquidServer, wm: WindowManager): { chests: Map<string, ChestState> } {
  const Item = require('prismarine-item')(serv.registry)
  const chests = new Map<string, ChestState>()
  const clone = (it: SquidItem | null) => (it ? new Item(it.type, it.count, it.metadata, it.nbt) : null)
  const keyOf = (p: { x: number; y: number; z: number }) => `${p.x},${p.y},${p.z}`

  const kind: ContainerKind = {
    name: 'chest',
    afterClick(ctx) {
      const st = ctx.open?.state as ChestState | undefined
      if (!st) return
      for (let i = 0; i < CHEST_SLOTS; i++) st.slots[i] = clone(ctx.window.slots[i] ?? null)
      for (const { player, open } of wm.viewers(st)) {
        if (player === ctx.player) continue
        const before = wm.snapshot(open.window)
        for (let i = 0; i < CHEST_SLOTS; i++) open.window.updateSlot(i, clone(st.slots[i] ?? null))
        wm.sendDiff(player, open.id, open.window, before)
      }
    },
    onClose() {
      /* items stay in the chest */
    },
  }

  const onChest = ({ block, player }: { block: { position: { x: number; y: number; z: number } }; player: SquidPlayer }) => {
    const key = keyOf(block.position)
    let st = chests.get(key)
    if (!st) {
      st = { key, slots: new Array<SquidItem | null>(CHEST_SLOTS).fill(null) }
      chests.set(key, st)
    }
    const state = st
    wm.open(player, kind, 'minecraft:generic_9x3', { translate: 'container.chest' }, state, (win: Win) => {
      for (let i = 0; i < CHEST_SLOTS; i++) win.updateSlot(i, clone(state.slots[i] ?? null))
    })
    return true
  }

  // flying-squid registers its own (storage-less) chest handler later, on 'asap': keep ours.
  const register = serv.onBlockInteraction.bind(serv)
  serv.onBlockInteraction = (name: string, handler: unknown) => {
    if (name === 'chest' && handler !== onChest) return
    register(name, handler)
  }
  register('chest', onChest)

  dropContentsWhenBroken(serv, wm, 'chest', chests)

  return { chests }
}
