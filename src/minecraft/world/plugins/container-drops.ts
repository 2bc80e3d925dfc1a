/** Breaking a container block closes its windows and drops what it held (furnace, chest). */
import type { SquidItem, SquidPlayer, SquidServer } from '../squid.js'
import type { WindowManager } from './windows.js'

export function dropContentsWhenBroken(serv: SquidServer, wm: WindowManager, blockName: string, states: Map<string, { slots: ReadonlyArray<SquidItem | null> }>): void {
  serv.on('newPlayer', (player: SquidPlayer) => {
    player.on('dug', (data: { block?: { name: string }; position: { x: number; y: number; z: number; offset(a: number, b: number, c: number): unknown } }) => {
      if (data.block?.name !== blockName) return
      const key = `${data.position.x},${data.position.y},${data.position.z}`
      const st = states.get(key)
      if (!st) return
      for (const { player: viewer } of wm.viewers(st)) wm.close(viewer, true)
      states.delete(key)
      const at = data.position.offset(0.5, 0.5, 0.5)
      for (const it of st.slots) if (it) serv.mbDropItem?.(player.world, at, it.name, it.count)
    })
  })
}
