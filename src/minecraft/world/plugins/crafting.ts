/**
 * Crafting: the 2x2 grid of the player inventory (window 0, slots 1-4) and the
 * crafting table window (slots 1-9), result in slot 0. The result slot is
 * recomputed from minecraft-data recipes after every click; taking it (click
 * or shift-click) consumes one item from each grid slot.
 */
import { addToInventory, pickupOrder, roomFor } from '../inventory-ops.js'
import { createRecipeMatcher } from '../recipes.js'
import { recipesWithRecolouring, type RecipeRegistry } from '../../recolouring.js'
import { require, type SquidPlayer, type SquidServer } from '../squid.js'
import type { ClickContext, ContainerKind, OpenContainer, Win, WindowManager } from './windows.js'

export function installCrafting(serv: SquidServer, wm: WindowManager): void {
  const registry = serv.registry
  const Item = require('prismarine-item')(registry)
  const matcher = createRecipeMatcher({ recipes: recipesWithRecolouring(registry as unknown as RecipeRegistry) })

  function gridSlots(width: number): number[] {
    return Array.from({ length: width * width }, (_, i) => 1 + i)
  }

  function recompute(win: Win, width: number): void {
    const grid = gridSlots(width).map((s) => win.slots[s]?.type ?? null)
    const res = matcher.match(grid, width)
    const cur = win.slots[0]
    if (!res) {
      if (cur) win.updateSlot(0, null)
      return
    }
    if (!cur || cur.type !== res.id || cur.count !== res.count) win.updateSlot(0, new Item(res.id, res.count))
  }

  function consume(win: Win, width: number): void {
    for (const s of gridSlots(width)) {
      const it = win.slots[s]
      if (!it) continue
      win.updateSlot(s, it.count > 1 ? new Item(it.type, it.count - 1, it.metadata, it.nbt) : null)
    }
  }

  /** Click on the result slot: take the result (click) or craft repeatedly into the inventory (shift-click). */
  function takeResult(ctx: ClickContext, width: number): boolean {
    const win = ctx.window
    if (ctx.slot !== 0) return false
    if (ctx.mode === 0) {
      const res = win.slots[0]
      if (!res) return true
      const cur = win.selectedItem
      if (!cur) win.selectedItem = new Item(res.type, res.count, res.metadata)
      else if (cur.type === res.type && cur.count + res.count <= cur.stackSize) cur.count += res.count
      else return true
      consume(win, width)
      recompute(win, width)
      return true
    }
    if (ctx.mode === 1) {
      const order = pickupOrder(win.inventoryStart)
      for (let i = 0; i < 64; i++) {
        const res = win.slots[0]
        if (!res || roomFor(win, Item, res.type, order) < res.count) break
        addToInventory(win, Item, res.type, res.count, order)
        consume(win, width)
        recompute(win, width)
      }
      return true
    }
    return true // number keys / drop on the result slot: ignored
  }

  wm.setInventoryHooks({
    handleClick: (ctx) => takeResult(ctx, 2),
    afterClick: (ctx) => recompute(ctx.window, 2),
  })

  const craftingTable: ContainerKind = {
    name: 'crafting_table',
    handleClick: (ctx) => takeResult(ctx, 3),
    afterClick: (ctx) => recompute(ctx.window, 3),
    onClose(player: SquidPlayer, open: OpenContainer) {
      for (const s of gridSlots(3)) {
        const it = open.window.slots[s]
        if (!it) continue
        open.window.updateSlot(s, null)
        const left = addToInventory(player.inventory, Item, it.type, it.count)
        if (left > 0) serv.mbDropItem?.(player.world, player.position.offset(0, 1.2, 0), it.name, left)
      }
    },
  }

  const keyOf = (p: { x: number; y: number; z: number }) => `table:${p.x},${p.y},${p.z}`

  serv.onBlockInteraction('crafting_table', ({ block, player }: { block: { position: { x: number; y: number; z: number } }; player: SquidPlayer }) => {
    wm.open(player, craftingTable, 'minecraft:crafting', { translate: 'container.crafting' }, keyOf(block.position))
    return true // no block placement
  })

  // Breaking a crafting table closes the windows open on it (their grids go back to their owners).
  serv.on('newPlayer', (player: SquidPlayer) => {
    player.on('dug', (data: { block?: { name: string }; position: { x: number; y: number; z: number } }) => {
      if (data.block?.name !== 'crafting_table') return
      for (const { player: viewer } of wm.viewers(keyOf(data.position))) wm.close(viewer, true)
    })
  })
}
