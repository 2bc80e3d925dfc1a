/**
 * 1.17+ window clicks are not confirmed: the client predicts their outcome and sends that
 * prediction with the click. When the prediction is wrong, or the click is on a window the world
 * has already closed, the world sends the real contents (as vanilla does); otherwise the client's
 * view of its inventory drifts and its later clicks take the wrong items. A plain 1.20.4 client
 * on a real embedded world sends such clicks raw (its own prediction is what is under test).
 * Operator API used: `world.give` (one stick).
 */
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { waitForInventory, worldWithBot } from './support/world.js'
import { waitForEvent } from '../support/wait.js'

const require = createRequire(import.meta.url)

describe('window clicks with a wrong prediction (1.17+)', () => {
  test('a 1.20.4 client that predicted wrongly, or clicked a closed window, is sent its real inventory', { timeout: 120_000 }, async (t) => {
    const { world, bot, close } = await worldWithBot({ seed: 3, version: '1.20.4', profile: 'natural', monsters: false, animals: false }, 'Clicker')
    t.after(close)
    world.give('Clicker', 'stick', 1)
    await waitForInventory(bot, (i) => i.stick === 1, 10_000)
    const stickSlot = bot.inventory.items().find((i) => i.name === 'stick')!.slot
    const emptySlot = [...Array(27).keys()].map((i) => 9 + i).find((s) => !bot.inventory.slots[s])!
    const Item = require('prismarine-item')(bot.registry) as { toNotch(item: null): unknown; fromNotch(n: unknown): { name: string } | null }
    const empty = Item.toNotch(null)
    const client = bot._client as unknown as { write(name: string, data: unknown): void; on(ev: string, fn: (p: any) => void): void; off(ev: string, fn: (p: any) => void): void }
    const realInventory = (what: string) =>
      waitForEvent(what, client as never, 'window_items', (p: { windowId: number; items: unknown[] }) => p.windowId === 0 && Item.fromNotch(p.items[stickSlot])?.name === 'stick', 20_000)

    // a click on an empty slot with an empty cursor changes nothing; the prediction claims the stick's slot emptied
    const afterWrongPrediction = realInventory('the real inventory after a wrong prediction')
    client.write('window_click', { windowId: 0, stateId: 0, slot: emptySlot, mouseButton: 0, mode: 0, changedSlots: [{ location: stickSlot, item: empty }], cursorItem: empty })
    await afterWrongPrediction

    // a click on a container the world has not open (a furnace closed on its side)
    const afterClosedWindow = realInventory('the real inventory after a click on a closed window')
    client.write('window_click', { windowId: 7, stateId: 0, slot: 30, mouseButton: 0, mode: 0, changedSlots: [{ location: 30, item: empty }], cursorItem: empty })
    await afterClosedWindow
    assert.equal(world.server.players.find((p) => p.username === 'Clicker')!.inventory.slots[stickSlot]?.name, 'stick', 'the stick stayed where it was')
  })
})
