/**
 * The 3D viewer's server (`--viewer`) against another site, over real HTTP on loopback (no world
 * needed: the refusals come before any bot is asked for): a rebound Host or a foreign Origin gets
 * 403 for its pages and for socket.io's handshake, even holding the viewer's cookie; the viewer's
 * own page still gets its handshake.
 */
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startViewer, type Viewer } from '../../src/minecraft/dashboard/viewer.js'
import { EVIL_ORIGIN, REBOUND_HOST, httpCall } from '../support/cross-site.js'

let viewer: Viewer
let cookie = ''

before(async () => {
  viewer = await startViewer({ bot: () => undefined })
  const login = await httpCall(viewer.loginUrl())
  assert.equal(login.status, 303)
  cookie = String(login.headers['set-cookie']).split(';')[0]!
})
after(async () => {
  await viewer?.close()
})

const HANDSHAKE = '/socket.io/?EIO=4&transport=polling'

describe('viewer server refuses cross-site requests', () => {
  test('a rebound Host gets 403 for the login link, the page and the handshake', async () => {
    const host = `${REBOUND_HOST}:${viewer.port}`
    const login = await httpCall(viewer.loginUrl(), { headers: { host } })
    assert.equal(login.status, 403)
    assert.equal(login.headers['set-cookie'], undefined, 'no cookie for a rebound name')
    const page = await httpCall(`${viewer.url}/`, { headers: { host, cookie } })
    assert.equal(page.status, 403)
    assert.match(page.body, /not this server/)
    const hs = await httpCall(viewer.url + HANDSHAKE, { headers: { host, cookie } })
    assert.equal(hs.status, 403)
  })

  test("another Origin gets 403, the viewer's own origin its handshake", async () => {
    const page = await httpCall(`${viewer.url}/index.js`, { headers: { origin: EVIL_ORIGIN, cookie } })
    assert.equal(page.status, 403)
    const hs = await httpCall(viewer.url + HANDSHAKE, { headers: { origin: EVIL_ORIGIN, cookie } })
    assert.equal(hs.status, 403)
    assert.doesNotMatch(hs.body, /"sid"/)
    const own = await httpCall(viewer.url + HANDSHAKE, { headers: { origin: viewer.url, cookie } })
    assert.equal(own.status, 200)
    assert.match(own.body, /"sid"/)
    const noCookie = await httpCall(viewer.url + HANDSHAKE, { headers: { origin: viewer.url } })
    assert.equal(noCookie.status, 403, 'the cookie is still needed')
  })
})
