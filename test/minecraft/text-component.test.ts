/**
 * Text components as servers send them, read for their words: the kick reason and the death
 * message are a JSON string up to 1.20.2 and an NBT compound since 1.20.3 (issue 27: a 1.20.4 run
 * printed `kicked: {"type":"compound","value":{"text":…}}`). The NBT value is the shape
 * minecraft-protocol decodes, copied from that run's output.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { componentText } from '../../src/minecraft/body/text-component.js'

const require = createRequire(import.meta.url)
const registry = (version: string) => (require('prismarine-registry') as (v: string) => object)(version)

test('a kick reason: NBT text on 1.20.4 and 1.21.4, a JSON string on 1.16.5, plain words from both', () => {
  const nbt = { type: 'compound', value: { text: { type: 'string', value: 'KeepAliveTimeout' } } }
  assert.equal(componentText(registry('1.20.4'), nbt), 'KeepAliveTimeout')
  assert.equal(componentText(registry('1.21.4'), nbt), 'KeepAliveTimeout')
  assert.equal(componentText(registry('1.16.5'), '{"text":"KeepAliveTimeout"}'), 'KeepAliveTimeout')
})

test('a death message with parts (extra): the words joined; nothing to read gives undefined', () => {
  const nbt = {
    type: 'compound',
    value: { text: { type: 'string', value: 'Walker ' }, extra: { type: 'list', value: { type: 'compound', value: [{ text: { type: 'string', value: 'was slain by Zombie' } }] } } },
  }
  assert.equal(componentText(registry('1.20.4'), nbt), 'Walker was slain by Zombie')
  assert.equal(componentText(registry('1.16.5'), JSON.stringify({ text: 'Walker ', extra: [{ text: 'drowned' }] })), 'Walker drowned')
  assert.equal(componentText(registry('1.20.4'), undefined), undefined)
  assert.equal(componentText(registry('1.16.5'), ''), undefined)
})
