/** The page's HTML and CSS (the script is the bundle /app.js built at package build time). */
const CSS = `
*{box-sizing:border-box}body{margin:0;font:14px/1.35 system-ui,sans-serif;background:#14161b;color:#e4e6eb}
header{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:8px 12px;background:#1d2028;border-bottom:1px solid #2c303a}
header h1{font-size:16px;margin:0 8px 0 0}header .grp{display:flex;gap:6px;align-items:center}
button,select,input{font:inherit;color:inherit;background:#2a2f3a;border:1px solid #3a404d;border-radius:4px;padding:3px 8px}
button:hover:not(:disabled){background:#363c4a}button:disabled{opacity:.45}
#error{display:none;margin:8px 12px;padding:8px 12px;border:1px solid #c0504d;background:#3a1f22;border-radius:4px;white-space:pre-wrap}
#error.show{display:block}#notice{margin:8px 12px;color:#9aa3b2}
main{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:10px;padding:10px 12px}
#board svg{width:100%;height:auto;background:#191c23;border-radius:6px}
#controls{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:8px}#scrub{flex:1;min-width:200px}
aside{display:flex;flex-direction:column;gap:10px;min-width:0}section.card{background:#1b1e26;border:1px solid #2c303a;border-radius:6px;padding:8px}
section.card h2{font-size:13px;margin:0 0 6px;color:#9aa3b2;text-transform:uppercase;letter-spacing:.04em}
table{border-collapse:collapse;width:100%}td,th{padding:2px 4px;text-align:left;font-size:13px}
#log{max-height:300px;overflow:auto;font:12px/1.35 ui-monospace,monospace}#log div{white-space:nowrap}
.p0{color:#ff6b6b}.p1{color:#5fa8ff}.p2{color:#5fd38d}.p3{color:#ffb347}
#seat .offers{display:flex;flex-wrap:wrap;gap:4px;margin:6px 0}#seat .offers button{font-size:12px}
#countdown{font-weight:bold;font-variant-numeric:tabular-nums}#countdown.low{color:#ff6b6b}
#drop{display:none;position:fixed;inset:0;background:rgba(40,90,160,.35);border:3px dashed #5fa8ff;z-index:5;align-items:center;justify-content:center;font-size:22px}
#drop.show{display:flex}.hidden{display:none!important}
#start input{width:100%;margin:2px 0}label{font-size:13px}
`

export function pageHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>LostSpace — mindbridge</title><style>${CSS}</style>
<script>addEventListener('error',function(e){var t=e.target;if(t&&t.tagName==='SCRIPT'){var b=document.getElementById('error');b.textContent='The page script (/app.js) did not load: is the package built (npm run build)?';b.className='show'}},true)</script></head>
<body>
<header>
  <h1>LostSpace</h1>
  <div class="grp"><label>Replay file <input type="file" id="file" accept=".json,application/json"></label></div>
  <div class="grp"><label>Recent <select id="recent"><option value="">—</option></select></label></div>
  <div class="grp"><label>Live <select id="matches"><option value="">—</option></select></label></div>
  <div class="grp"><button id="show-start">New match…</button></div>
  <span id="mode"></span>
</header>
<div id="error" role="alert"></div>
<div id="notice">Open a replay written by <code>mindbridge lostspace match --replay FILE</code> (file picker, drop it on the page, or <code>?replay=NAME</code>), or follow a live match.</div>
<main>
  <div>
    <div id="board"></div>
    <div id="controls">
      <button id="first" title="first turn">|◀</button><button id="back" title="step back">◀</button>
      <button id="play" title="play / pause">play</button><button id="step" title="step">▶</button><button id="last" title="last turn">▶|</button>
      <input type="range" id="scrub" min="0" max="0" value="0">
      <label>speed <select id="speed"><option value="2">2/s</option><option value="4">4/s</option><option value="8" selected>8/s</option><option value="16">16/s</option><option value="40">40/s</option></select></label>
      <label><input type="checkbox" id="follow" checked> follow live</label>
      <span id="turn-label">no game loaded</span>
    </div>
  </div>
  <aside>
    <section class="card hidden" id="seat"><h2>Your seat</h2><div id="seat-info"></div><div id="countdown"></div><div class="offers" id="offers"></div><button id="finish">finish turn</button><div id="seat-last"></div></section>
    <section class="card hidden" id="start"><h2>New match</h2>
      <div id="start-seats"></div>
      <label>pace (ms per program turn) <input type="number" id="pace" value="150" min="0" max="5000"></label>
      <button id="start-go">Start</button><div id="start-links"></div>
    </section>
    <section class="card"><h2>Players</h2><table id="players"></table></section>
    <section class="card"><h2>Ranking</h2><div id="ranking">—</div></section>
    <section class="card"><h2>Events</h2><div id="log"></div></section>
  </aside>
</main>
<div id="drop">Drop a replay file</div>
<datalist id="seat-kinds"><option value="human"><option value="builtin:random"><option value="builtin:strategist"><option value="builtin:expert"><option value="builtin:llm"></datalist>
<script type="module" src="/app.js"></script>
<noscript>This page needs JavaScript.</noscript>
</body></html>`
}
