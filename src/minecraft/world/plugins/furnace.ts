/**
 * Furnaces: a block entity per placed furnace (input 0, fuel 1, output 2),
 * ticked with the server (20 ticks/s): fuel burns for `fuelTicks`, an item
 * cooks in COOK_TICKS. Viewers get slot updates and the four window
 * properties mineflayer's furnace reads (fuel left, fuel total, progress,
 * progress total).
 */
import { COOK_TICKS, fuelTicks, smeltResult } from '../../smelting.js'
import { require, type SquidItem, type SquidPlayer, type SquidServer } from '../squid.js'
import type { ContainerKind, Win, WindowManager } from './windows.js'
import { dropContentsWhenBroken } from './container-drops.js'

export interface FurnaceState {
  key: string
  slots: [SquidItem | null, SquidItem | null, SquidItem | null]
  burnLeft: number
  burnTotal: number
  cook: number
  /** Last window properties sent, to avoid resending unchanged values. */
  sentProps: string
}

export function installFurnaces(serv: SquidServer, wm: WindowManager): { furnaces: Map<string, FurnaceState> } {
  const registry = serv.registry
  const Item = require('prismarine-item')(registry)
  const furnaces = new Map<string, FurnaceState>()
  const clone = (it: SquidItem | null) => (it ? new Item(it.type, it.count, it.metadata, it.nbt) : null)
  const keyOf = (p: { x: number; y: number; z: number }) => `${p.x},${p.y},${p.z}`

  function stateAt(key: string): FurnaceState {
    let st = furnaces.get(key)
    if (!st) {
      st = { key, slots: [null, null, null], burnLeft: 0, burnTotal: 0, cook: 0, sentProps: '' }
      furnaces.set(key, st)
    }
    return st
  }

  function props(st: FurnaceState): number[] {
    return [st.burnLeft, st.burnTotal, st.cook, COOK_TICKS]
  }

  function sendProps(player: SquidPlayer, windowId: number, st: FurnaceState): void {
    props(st).forEach((value, property) => player._client.write('craft_progress_bar', { windowId, property, value }))
  }

  /** Pushes the furnace slots into every open window on it. */
  function refreshViewers(st: FurnaceState, except?: SquidPlayer): void {
    const p = props(st).join(',')
    const propsChanged = p !== st.sentProps
    st.sentProps = p
    for (const { player, open } of wm.viewers(st)) {
      if (player === except) continue
      const before = wm.snapshot(open.window)
      for (let i = 0; i < 3; i++) {
        const want = st.slots[i] ?? null
        const cur = open.window.slots[i] ?? null
        if (want?.type !== cur?.type || want?.count !== cur?.count) open.window.updateSlot(i, clone(want))
      }
      wm.sendDiff(player, open.id, open.window, before)
      if (propsChanged) sendProps(player, open.id, st)
    }
  }

  const kind: ContainerKind = {
    name: 'furnace',
    afterClick(ctx) {
      const st = ctx.open?.state as FurnaceState | undefined
      if (!st) return
      for (let i = 0; i < 3; i++) st.slots[i] = clone(ctx.window.slots[i] ?? null)
      refreshViewers(st, ctx.player)
    },
    onClose() {
      /* items stay in the furnace */
    },
  }

  serv.onBlockInteraction('furnace', ({ block, player }: { block: { position: { x: number; y: number; z: number } }; player: SquidPlayer }) => {
    const st = stateAt(keyOf(block.position))
    const oc = wm.open(player, kind, 'minecraft:furnace', { translate: 'container.furnace' }, st, (win: Win) => {
      for (let i = 0; i < 3; i++) win.updateSlot(i, clone(st.slots[i]))
    })
    sendProps(player, oc.id, st)
    return true
  })

  function canCook(st: FurnaceState): string | null {
    const input = st.slots[0]
    if (!input) return null
    const result = smeltResult(input.name)
    if (!result || !registry.itemsByName[result]) return null
    const out = st.slots[2]
    if (!out) return result
    if (out.name !== result || out.count >= out.stackSize) return null
    return result
  }

  function tick(st: FurnaceState): boolean {
    let changed = false
    const result = canCook(st)
    if (st.burnLeft <= 0 && result && st.slots[1]) {
      const burn = fuelTicks(st.slots[1].name)
      if (burn > 0) {
        st.burnLeft = st.burnTotal = burn
        const f = st.slots[1]
        st.slots[1] = f.count > 1 ? new Item(f.type, f.count - 1, f.metadata) : null
        changed = true
      }
    }
    if (st.burnLeft > 0) {
      st.burnLeft--
      changed = true
      if (result) {
        st.cook++
        if (st.cook >= COOK_TICKS) {
          st.cook = 0
          const inp = st.slots[0]!
          st.slots[0] = inp.count > 1 ? new Item(inp.type, inp.count - 1, inp.metadata) : null
          const out = st.slots[2]
          st.slots[2] = out ? new Item(out.type, out.count + 1, out.metadata) : new Item(registry.itemsByName[result].id, 1)
        }
      } else if (st.cook > 0) {
        st.cook = 0
      }
    } else if (st.cook > 0) {
      st.cook = Math.max(0, st.cook - 2)
      changed = true
    }
    return changed
  }

  const Block = require('prismarine-block')(registry)
  const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => any }

  /** Shows a burning furnace as lit to clients (block state `lit`). */
  async function setLit(st: FurnaceState, lit: boolean): Promise<void> {
    const [x, y, z] = st.key.split(',').map(Number) as [number, number, number]
    const pos = new Vec3(x, y, z)
    const current = await serv.overworld.getBlock(pos)
    if (current?.name !== 'furnace' || serv.isClosed) return
    const props = Block.fromStateId(current.stateId, 0).getProperties() as Record<string, unknown>
    if (props.lit === lit) return
    await serv.setBlock(serv.overworld, pos, Block.fromProperties('furnace', { ...props, lit }, 0).stateId)
  }

  serv.on('tick', () => {
    for (const st of furnaces.values()) {
      const wasLit = st.burnLeft > 0
      if (tick(st)) refreshViewers(st)
      const isLit = st.burnLeft > 0
      if (wasLit !== isLit) setLit(st, isLit).catch((err) => serv.emit('mbWindowError', err))
    }
  })

  dropContentsWhenBroken(serv, wm, 'furnace', furnaces)

  return { furnaces }
}
