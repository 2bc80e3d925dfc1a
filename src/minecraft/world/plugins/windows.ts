/**
 * Server-side window clicks, replacing flying-squid's (which applies every click
 * to the player inventory whatever the window and never confirms).
 *
 * On 1.16 each click is answered with a `transaction` (accepted) first, so the client
 * applies its own prediction (1.17+ has no confirmation: the client predicts and the
 * state id of our slot packets orders them, ../packets.ts; a prediction that differs from the
 * server's result gets the window's real contents, as vanilla sends them); then the server applies the same click with
 * prismarine-windows (the library mineflayer uses for its prediction) and
 * sends `set_slot` for every slot that changed (plus the clicked slot and the
 * result slot, which the client may have predicted differently).
 *
 * Containers (crafting table, furnace) register a `ContainerKind`; this module
 * owns opening, closing, the inventory part of the window and the cursor.
 */
import { addToInventory } from '../inventory-ops.js'
import { createPackets } from '../packets.js'
import { applyDrag, gatherToCursor, type Drag } from './window-gestures.js'
import { require, type SquidItem, type SquidPlayer, type SquidServer, type SquidWindow } from '../squid.js'

/** A `window_click` as decoded; `changedSlots` and `cursorItem` (the client's prediction) from 1.17 on. */
type ClickPacket = { windowId: number; slot: number; mouseButton: number; action?: number; mode: number; changedSlots?: Array<{ location: number; item: unknown }>; cursorItem?: unknown }

export interface Win extends SquidWindow {
  selectedItem: SquidItem | null
  craftingResultSlot: number
  acceptClick(click: { slot: number; mouseButton: number; mode: number; windowId: number; item: SquidItem | null }): unknown
}

export interface OpenContainer {
  id: number
  window: Win
  kind: ContainerKind
  /** Container-specific state (e.g. the furnace at a position). */
  state: unknown
}

export interface ContainerKind {
  name: string
  /** Called instead of the generic click when it returns true (e.g. crafting result slot). */
  handleClick?(ctx: ClickContext): boolean
  /** After any click in this window. */
  afterClick?(ctx: ClickContext): void
  /** Container slots (not inventory) go back where they belong when closed. */
  onClose(player: SquidPlayer, open: OpenContainer): void
}

export interface ClickContext {
  player: SquidPlayer
  window: Win
  windowId: number
  slot: number
  mouseButton: number
  mode: number
  open: OpenContainer | null
}

/** Inventory click behaviour for window 0 (crafting 2x2 grid lives there). */
export interface InventoryHooks {
  handleClick?(ctx: ClickContext): boolean
  afterClick?(ctx: ClickContext): void
}

type Snapshot = string[]

function snap(win: Win): Snapshot {
  return win.slots.map((it) => (it ? `${it.type}:${it.count}:${it.metadata}` : ''))
}

export interface WindowManager {
  open(player: SquidPlayer, kind: ContainerKind, type: string, title: Record<string, string>, state: unknown, fill?: (win: Win) => void): OpenContainer
  current(player: SquidPlayer): OpenContainer | null
  close(player: SquidPlayer, notifyClient: boolean): void
  /** Send set_slot for slots that differ from `before` (container refresh, e.g. furnace tick). */
  sendDiff(player: SquidPlayer, windowId: number, win: Win, before: Snapshot, always?: number[]): void
  snapshot(win: Win): Snapshot
  /** Copies the inventory part of a container window back to the player inventory. */
  syncInventoryFrom(player: SquidPlayer, win: Win): void
  setInventoryHooks(hooks: InventoryHooks): void
  /** Windows currently open on a given container state. */
  viewers(state: unknown): Array<{ player: SquidPlayer; open: OpenContainer }>
}

export function installWindows(serv: SquidServer): WindowManager {
  const registry = serv.registry
  const Item = require('prismarine-item')(registry)
  const windows = require('prismarine-windows')(registry)
  const opened = new Map<SquidPlayer, OpenContainer>()
  const nextId = new Map<SquidPlayer, number>()
  let invHooks: InventoryHooks = {}

  const packets = createPackets(registry)
  const toNotch = (it: SquidItem | null) => Item.toNotch(it ?? null)

  function sendSlot(player: SquidPlayer, windowId: number, slot: number, item: SquidItem | null): void {
    packets.setSlot(player._client, windowId, slot, toNotch(item))
  }

  function sendDiff(player: SquidPlayer, windowId: number, win: Win, before: Snapshot, always: number[] = []): void {
    const after = snap(win)
    const send = new Set<number>(always.filter((s) => s >= 0 && s < win.slots.length))
    for (let i = 0; i < after.length; i++) if (after[i] !== before[i]) send.add(i)
    for (const s of send) sendSlot(player, windowId, s, win.slots[s] ?? null)
  }

  /** player inventory slot (9..44) <-> container window slot */
  const invToWin = (win: Win, invSlot: number) => invSlot - 9 + win.inventoryStart

  let syncing = false

  function syncInventoryFrom(player: SquidPlayer, win: Win): void {
    syncing = true
    try {
      copyBack(player, win)
    } finally {
      syncing = false
    }
  }

  function copyBack(player: SquidPlayer, win: Win): void {
    for (let s = 9; s <= 44; s++) {
      const w = win.slots[invToWin(win, s)] ?? null
      const cur = player.inventory.slots[s] ?? null
      const same = (w === null && cur === null) || (w && cur && w.type === cur.type && w.count === cur.count && w.metadata === cur.metadata)
      if (!same) player.inventory.updateSlot(s, w ? new Item(w.type, w.count, w.metadata, w.nbt) : null)
    }
  }

  function returnToPlayer(player: SquidPlayer, item: SquidItem | null): void {
    if (!item || item.count <= 0) return
    const left = addToInventory(player.inventory, Item, item.type, item.count)
    if (left > 0) serv.mbDropItem?.(player.world, player.position.offset(0, 1.2, 0), item.name, left)
  }

  function open(player: SquidPlayer, kind: ContainerKind, type: string, title: Record<string, string>, state: unknown, fill?: (win: Win) => void): OpenContainer {
    close(player, true)
    const id = ((nextId.get(player) ?? 0) % 100) + 1
    nextId.set(player, id)
    const win = windows.createWindow(id, type, JSON.stringify(title)) as Win
    for (let s = 9; s <= 44; s++) {
      const it = player.inventory.slots[s]
      win.updateSlot(invToWin(win, s), it ? new Item(it.type, it.count, it.metadata, it.nbt) : null)
    }
    fill?.(win)
    const oc: OpenContainer = { id, window: win, kind, state }
    opened.set(player, oc)
    const protocolType = windows.windows[type]?.type
    packets.openWindow(player._client, id, protocolType, title)
    packets.windowItems(player._client, id, win.slots.map((it) => toNotch(it)), toNotch(null))
    return oc
  }

  function close(player: SquidPlayer, notifyClient: boolean): void {
    const oc = opened.get(player)
    if (!oc) return
    opened.delete(player)
    syncInventoryFrom(player, oc.window)
    oc.kind.onClose(player, oc)
    returnToPlayer(player, oc.window.selectedItem)
    oc.window.selectedItem = null
    if (notifyClient && !player.disconnected) player._client.write('close_window', { windowId: oc.id })
  }

  function closeInventory(player: SquidPlayer): void {
    // The 2x2 grid and the cursor go back to the inventory (vanilla behaviour).
    const inv = player.inventory as Win
    for (let s = 1; s <= 4; s++) {
      const it = inv.slots[s]
      if (it) {
        inv.updateSlot(s, null)
        returnToPlayer(player, it)
      }
    }
    inv.updateSlot(0, null)
    returnToPlayer(player, inv.selectedItem)
    inv.selectedItem = null
  }

  function handleClick(player: SquidPlayer, packet: ClickPacket): void {
    const { windowId, slot, mouseButton, mode } = packet
    const action = packet.action ?? 0
    const oc = windowId === 0 ? null : (opened.get(player) ?? null)
    const win = (windowId === 0 ? player.inventory : oc && oc.id === windowId ? oc.window : null) as Win | null
    const reject = () => packets.confirmClick(player._client, windowId, action, false)
    if (!win) {
      reject()
      // 1.17+: a click on a window closed here was predicted by the client into its inventory; show it the real one
      if (packet.changedSlots) resync(player, 0, player.inventory as Win)
      return
    }
    const validSlot = slot === -999 || (Number.isInteger(slot) && slot >= 0 && slot < win.slots.length)
    // Supported: click (0), shift-click (1), number key (2), drop (4), drag (5, left/right), double click (6).
    // Middle click (3) and creative middle drags are refused.
    const dragEdge = mode === 5 && [0, 2, 4, 6].includes(mouseButton)
    const okSlot = slot === -999 ? mode === 0 || mode === 4 || dragEdge : !(mode === 5 && dragEdge)
    if (!validSlot || !okSlot || ![0, 1, 2, 4, 5, 6].includes(mode) || (mode === 5 && ![0, 1, 2, 4, 5, 6].includes(mouseButton))) {
      reject()
      resync(player, windowId, win)
      return
    }
    packets.confirmClick(player._client, windowId, action, true)
    const before = snap(win)
    const cursorBefore = win.selectedItem ? { ...win.selectedItem } : null
    const ctx: ClickContext = { player, window: win, windowId, slot, mouseButton, mode, open: oc }
    const hooks = windowId === 0 ? invHooks : (oc?.kind ?? {})
    try {
      const handled = mode === 5 || mode === 6 ? gesture(player, win, slot, mouseButton, mode) : (hooks.handleClick?.(ctx) ?? false)
      if (!handled) {
        const item = slot === -999 ? null : (win.slots[slot] ?? null)
        const beforeDrop = mode === 4 && item ? { name: item.name, count: item.count } : null
        const cursorDrop = slot === -999 && win.selectedItem ? { name: win.selectedItem.name, count: win.selectedItem.count } : null
        win.acceptClick({ slot, mouseButton, mode, windowId, item })
        dropThrown(player, win, slot, beforeDrop, cursorDrop)
      }
      hooks.afterClick?.(ctx)
    } catch (err) {
      serv.emit('mbWindowError', err)
      resync(player, windowId, win)
      return
    }
    if (windowId !== 0) syncInventoryFrom(player, win)
    const always = slot >= 0 ? [slot] : []
    if (win.craftingResultSlot >= 0) always.push(win.craftingResultSlot)
    sendDiff(player, windowId, win, before, always)
    const cursorAfter = win.selectedItem
    if (cursorBefore?.type !== cursorAfter?.type || cursorBefore?.count !== cursorAfter?.count) sendSlot(player, -1, -1, cursorAfter ?? null)
    if (mispredicted(win, packet)) resync(player, windowId, win)
  }

  /**
   * 1.17+ clicks carry the client's prediction (the slots it changed and its cursor) and no click is
   * confirmed, so a wrong prediction would stay on the client: its view of its inventory drifts
   * from the server's, and later clicks take the wrong items. Vanilla sends the real contents when
   * they differ; so do we (the whole window: rare, and one packet).
   */
  function mispredicted(win: Win, packet: ClickPacket): boolean {
    if (!packet.changedSlots) return false
    const same = (notch: unknown, it: SquidItem | null | undefined) => {
      const want = Item.fromNotch(notch) as SquidItem | null
      return (want?.type ?? null) === (it?.type ?? null) && (want?.count ?? 0) === (it?.count ?? 0)
    }
    if (!same(packet.cursorItem, win.selectedItem)) return true
    return packet.changedSlots.some((c) => c.location >= 0 && c.location < win.slots.length && !same(c.item, win.slots[c.location]))
  }

  const drags = new Map<SquidPlayer, Drag>()

  /** Drag (mode 5: start, add slot, end) and double click (mode 6). Always handled here. */
  function gesture(player: SquidPlayer, win: Win, slot: number, button: number, mode: number): boolean {
    if (mode === 6) {
      if (slot !== win.craftingResultSlot) gatherToCursor(win, Item)
      return true
    }
    const kind = button <= 2 ? 'left' : 'right'
    const step = button % 4 // 0 start, 1 add, 2 end
    if (step === 0) drags.set(player, { kind, slots: [] })
    else if (step === 1) {
      const d = drags.get(player)
      if (d && d.kind === kind) d.slots.push(slot)
    } else {
      const d = drags.get(player)
      drags.delete(player)
      if (d && d.kind === kind) applyDrag(win, Item, d)
    }
    return true
  }

  /** Items thrown out of the window (Q on a slot, or clicking outside with a cursor item). */
  function dropThrown(player: SquidPlayer, win: Win, slot: number, beforeSlot: { name: string; count: number } | null, cursor: { name: string; count: number } | null): void {
    if (beforeSlot) {
      const now = win.slots[slot]?.count ?? 0
      const thrown = beforeSlot.count - now
      if (thrown > 0) serv.mbThrowItem?.(player, beforeSlot.name, thrown)
    }
    if (cursor) {
      const now = win.selectedItem?.count ?? 0
      const thrown = cursor.count - now
      if (thrown > 0) serv.mbThrowItem?.(player, cursor.name, thrown)
    }
  }

  function resync(player: SquidPlayer, windowId: number, win: Win): void {
    packets.windowItems(player._client, windowId, win.slots.map((it) => toNotch(it)), toNotch(win.selectedItem ?? null))
    sendSlot(player, -1, -1, win.selectedItem ?? null)
  }

  serv.on('newPlayer', (player: SquidPlayer) => {
    // flying-squid's own handler would apply container clicks to the player inventory.
    player._client.removeAllListeners('window_click')
    player._client.on('window_click', (packet: any) => {
      try {
        handleClick(player, packet)
      } catch (err) {
        serv.emit('mbWindowError', err)
      }
    })
    player._client.on('close_window', ({ windowId }: { windowId: number }) => {
      if (windowId === 0) closeInventory(player)
      else if (opened.get(player)?.id === windowId) close(player, false)
    })
    // Items that reach the inventory while a container is open (pickups, give) must show
    // up in the container's copy too, or the next click would copy the stale view back.
    player.inventory.on('updateSlot', (slot: number, _old: SquidItem | null, item: SquidItem | null) => {
      const oc = opened.get(player)
      if (syncing || !oc || slot < 9 || slot > 44) return
      const ws = invToWin(oc.window, slot)
      const copy = item ? new Item(item.type, item.count, item.metadata, item.nbt) : null
      if (copy) copy.slot = ws
      oc.window.slots[ws] = copy
      if (!player.disconnected) sendSlot(player, oc.id, ws, copy)
    })
    player.once('disconnected', () => {
      drags.delete(player)
      opened.delete(player)
      nextId.delete(player)
    })
  })

  return {
    open,
    current: (player) => opened.get(player) ?? null,
    close,
    sendDiff,
    snapshot: snap,
    syncInventoryFrom,
    setInventoryHooks(h) {
      invHooks = h
    },
    viewers(state) {
      const out: Array<{ player: SquidPlayer; open: OpenContainer }> = []
      for (const [player, oc] of opened) if (oc.state === state) out.push({ player, open: oc })
      return out
    },
  }
}
