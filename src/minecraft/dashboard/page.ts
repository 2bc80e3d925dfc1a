/**
 * The dashboard page: one HTML document (below) and its script, bundled by esbuild at package
 * build time (scripts/build-web.mjs → dist/minecraft/dashboard/client/app.js). Neither holds
 * data, so both are served without the token; the data comes over the authenticated WebSocket.
 * Nothing is fetched from the network: no fonts, no CDN, no images.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DASHBOARD_PAGE_PATH } from './protocol.js'

const PACKAGE_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')
export const DEFAULT_CLIENT_DIR = join(PACKAGE_ROOT, 'dist/minecraft/dashboard/client')

const SCRIPTS: Record<string, string> = { 'app.js': 'text/javascript; charset=utf-8', 'app.js.map': 'application/json' }

/** GET /dashboard and /dashboard/app.js[.map]; false for every other request. */
export async function serveDashboardFile(req: IncomingMessage, res: ServerResponse, clientDir: string): Promise<boolean> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  if (path !== DASHBOARD_PAGE_PATH && !path.startsWith(`${DASHBOARD_PAGE_PATH}/`)) return false
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' }).end('GET only\n')
    return true
  }
  const rest = path.slice(DASHBOARD_PAGE_PATH.length).replace(/^\/+/, '')
  if (rest === '') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': CSP, 'referrer-policy': 'no-referrer' })
    res.end(pageHtml())
    return true
  }
  const type = SCRIPTS[rest]
  if (!type) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`no file ${rest}\n`)
    return true
  }
  const file = join(clientDir, rest)
  if (!existsSync(file)) {
    res.writeHead(503, { 'content-type': 'text/plain' }).end(`the dashboard script is not built (${file} is missing): run npm run build\n`)
    return true
  }
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' })
  res.end(await readFile(file))
  return true
}

/** Only this server (and the 3D view on its own loopback port, in a frame). */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; frame-src http://127.0.0.1:*; base-uri 'none'; form-action 'none'"

export function pageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mindbridge dashboard</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body data-state="connecting">
<header>
  <h1>mindbridge</h1>
  <span id="who">—</span>
  <span id="conn" class="pill">connecting…</span>
</header>
<form id="login" hidden>
  <label>Control token <input id="login-token" type="password" autocomplete="off" required></label>
  <button type="submit">Connect</button>
  <span id="login-error" class="bad"></span>
</form>
<main id="panels">
  <section id="status-panel"><h2>Status</h2><div id="status"></div></section>
  <section id="controls-panel"><h2>Controls</h2>
    <form id="task-form"><input id="task-input" placeholder="get 1 minecraft:stone_pickaxe" maxlength="500" required><button type="submit">Give task</button></form>
    <button id="stop-button" type="button">Stop</button>
    <form id="say-form"><input id="say-input" placeholder="say in chat" maxlength="256" required><button type="submit">Say</button></form>
    <div id="reply" class="muted"></div>
  </section>
  <section id="inventory-panel"><h2>Inventory</h2><div id="equipment"></div><div id="inventory"></div></section>
  <section id="map-panel"><h2>Map <small class="muted">(what the bot knows)</small></h2><canvas id="map" width="392" height="392"></canvas><div id="map-legend" class="muted"></div></section>
  <section id="usage-panel"><h2>Model usage</h2><div id="usage"><p class="muted">no model calls in this process: the builtin mind uses none; a remote agent or MaiCore calls its own model</p></div><canvas id="latency" width="392" height="70"></canvas></section>
  <section id="bus-panel"><h2>ContextBus <small id="bus-count" class="muted"></small></h2><ol id="bus"></ol><details id="xml-box"><summary id="xml-title">XML the model last received</summary><pre id="xml"></pre></details></section>
  <section id="traffic-panel"><h2>Protocol traffic</h2>
    <div class="filters"><input id="traffic-filter" placeholder="filter (type or text)"><label><input type="checkbox" id="show-in" checked> in</label><label><input type="checkbox" id="show-out" checked> out</label><label><input type="checkbox" id="show-note" checked> notes</label></div>
    <ol id="traffic"></ol></section>
  <section id="viewer-panel" hidden><h2>3D view</h2><iframe id="viewer" title="3D view" referrerpolicy="no-referrer"></iframe></section>
</main>
<script type="module" src="${DASHBOARD_PAGE_PATH}/app.js"></script>
</body>
</html>
`
}

const STYLE = `
:root { color-scheme: dark; --bg:#14161a; --panel:#1d2026; --line:#2c313a; --text:#d8dde6; --muted:#8a93a3; --good:#6cc070; --bad:#e0645c; --warn:#e0b050; --accent:#6aa7ff; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin:0; font: 13px/1.4 system-ui, sans-serif; background:var(--bg); color:var(--text); }
header { display:flex; gap:12px; align-items:center; padding:8px 14px; border-bottom:1px solid var(--line); }
h1 { font-size:16px; margin:0; } h2 { font-size:13px; margin:0 0 6px; text-transform:uppercase; letter-spacing:.05em; color:var(--muted); }
.pill { padding:1px 8px; border-radius:9px; background:var(--line); }
body[data-state=live] #conn { background:#24452a; } body[data-state=denied] #conn, body[data-state=closed] #conn { background:#5a2a27; }
#login { padding:14px; display:flex; gap:8px; align-items:center; }
main { display:grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap:10px; padding:10px; }
section { background:var(--panel); border:1px solid var(--line); border-radius:6px; padding:10px; min-width:0; }
.muted { color:var(--muted); } .bad { color:var(--bad); } .good { color:var(--good); }
.bar { height:8px; background:var(--line); border-radius:4px; overflow:hidden; margin:2px 0 6px; } .bar > i { display:block; height:100%; }
dl { display:grid; grid-template-columns: 110px 1fr; margin:0; gap:2px 8px; } dt { color:var(--muted); } dd { margin:0; overflow-wrap:anywhere; }
#inventory, #equipment { display:grid; grid-template-columns: repeat(9, 1fr); gap:3px; }
#equipment { grid-template-columns: repeat(6, 1fr); margin-bottom:6px; }
.slot { position:relative; height:40px; background:#262a31; border:1px solid var(--line); border-radius:3px; font-size:10px; padding:2px; overflow:hidden; }
.slot b { position:absolute; right:3px; bottom:1px; font-size:12px; } .slot.hot { border-color:#3a4250; } .slot.sel { border-color:var(--accent); }
.slot .lbl { color:var(--muted); font-size:9px; }
#map { width:100%; max-width:392px; image-rendering: pixelated; background:#0d0f12; border:1px solid var(--line); }
#bus, #traffic { list-style:none; margin:0; padding:0; max-height:260px; overflow:auto; font: 12px/1.35 ui-monospace, monospace; }
#bus li, #traffic li { padding:1px 0; border-bottom:1px solid #23272e; white-space:pre-wrap; overflow-wrap:anywhere; }
#traffic li details summary { cursor:pointer; } #traffic li pre { margin:2px 0 4px 14px; max-height:200px; overflow:auto; }
#calls { list-style:none; margin:6px 0; padding:0; font: 12px/1.35 ui-monospace, monospace; } .warn { color:var(--warn); }
.t-in { color:#9fd49f; } .t-out { color:#9fc0ff; } .t-note { color:var(--warn); }
#xml { max-height:240px; overflow:auto; font-size:11px; white-space:pre-wrap; }
.filters { display:flex; gap:8px; margin-bottom:6px; } .filters input[type=text], #traffic-filter { flex:1; }
input, button { font:inherit; color:var(--text); background:#262a31; border:1px solid var(--line); border-radius:4px; padding:3px 8px; }
button { cursor:pointer; } button:hover { border-color:var(--accent); }
#controls-panel form { display:flex; gap:6px; margin-bottom:6px; } #controls-panel form input { flex:1; }
#viewer { width:100%; height:360px; border:0; }
`
