/**
 * The board: one SVG with the three layers side by side. The map (nodes, edges,
 * elevators, capsule, key machines, materials, spawns) is drawn once; each
 * render only rewrites the small dynamic group (zones, boxes, traps, players),
 * so stepping through 400 turns stays cheap.
 */
import type { MapData } from '../protocol.js'
import type { Snapshot, Triple } from './replay-model.js'

const CELL = 46
const PAD = 28
const GAP = 26
const SIZE = 7
const PANEL = CELL * (SIZE - 1) + PAD * 2
export const COLORS = ['#ff6b6b', '#5fa8ff', '#5fd38d', '#ffb347']
const NS = 'http://www.w3.org/2000/svg'
const LAYER_NAMES: Record<number, string> = { 0: 'layer 0 · top (escape)', 1: 'layer 1 · spawn', 2: 'layer 2 · bottom' }

export class Board {
  private readonly svg: SVGSVGElement
  private readonly dynamic: SVGGElement
  private readonly panelOf = new Map<number, number>()

  constructor(
    container: HTMLElement,
    private readonly map: MapData,
  ) {
    const layers = [...map.layers].sort((a, b) => a - b)
    layers.forEach((z, i) => this.panelOf.set(z, i))
    const width = layers.length * PANEL + (layers.length - 1) * GAP
    const height = PANEL + 22
    this.svg = document.createElementNS(NS, 'svg')
    this.svg.setAttribute('viewBox', `0 0 ${width} ${height}`)
    this.svg.setAttribute('data-testid', 'board')
    const parts: string[] = []
    for (const z of layers) {
      const ox = this.panelOf.get(z)! * (PANEL + GAP)
      parts.push(`<rect x="${ox}" y="22" width="${PANEL}" height="${PANEL}" rx="8" fill="#1f232c"/>`)
      parts.push(`<text x="${ox + 6}" y="15" fill="#9aa3b2" font-size="13">${LAYER_NAMES[z] ?? `layer ${z}`}</text>`)
    }
    for (const [a, b] of map.edges) {
      const [x1, y1] = this.xy(a)
      const [x2, y2] = this.xy(b)
      parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#3b4252" stroke-width="2"/>`)
    }
    for (const n of map.nodes) {
      const [x, y] = this.xy(n)
      parts.push(`<circle cx="${x}" cy="${y}" r="5" fill="#566074"><title>(${n.join(',')})</title></circle>`)
    }
    for (const e of map.elevators) {
      for (const z of e.layers) {
        const [x, y] = this.xy([e.x, e.y, z])
        parts.push(`<rect x="${x - 13}" y="${y - 13}" width="26" height="26" rx="4" fill="none" stroke="#b48ead" stroke-width="2" stroke-dasharray="4 2"><title>elevator to layers ${e.layers.join(', ')}</title></rect>`)
      }
    }
    for (const m of map.materials) {
      const [x, y] = this.xy(m)
      parts.push(`<path d="M${x} ${y - 10}L${x + 10} ${y}L${x} ${y + 10}L${x - 10} ${y}Z" fill="none" stroke="#88c0d0" stroke-width="2"><title>materials</title></path>`)
    }
    for (const k of map.keyMachines) {
      const [x, y] = this.xy(k.pos)
      parts.push(`<rect x="${x - 11}" y="${y - 11}" width="22" height="22" fill="none" stroke="${COLORS[k.owner]}" stroke-width="3"><title>key machine ${k.owner}</title></rect>`)
      parts.push(`<text x="${x + 12}" y="${y - 10}" fill="${COLORS[k.owner]}" font-size="10">K${k.owner}</text>`)
    }
    {
      const [x, y] = this.xy(map.capsule)
      parts.push(`<circle cx="${x}" cy="${y}" r="15" fill="none" stroke="#ebcb8b" stroke-width="3"><title>escape capsule</title></circle>`)
    }
    this.svg.innerHTML = parts.join('')
    this.dynamic = document.createElementNS(NS, 'g')
    this.svg.appendChild(this.dynamic)
    container.replaceChildren(this.svg)
  }

  private xy(p: readonly number[]): [number, number] {
    const ox = (this.panelOf.get(p[2]!) ?? 0) * (PANEL + GAP)
    return [ox + PAD + p[0]! * CELL, 22 + PAD + (SIZE - 1 - p[1]!) * CELL]
  }

  render(s: Snapshot | null): void {
    const parts: string[] = []
    for (const zone of this.map.zones) {
      // A zone fails at the end of its round, i.e. after seat 3's turn of that round.
      if (!s || !(zone.round < s.round || (zone.round === s.round && s.seat === 3))) continue
      for (const n of zone.nodes) {
        const [x, y] = this.xy(n)
        parts.push(`<rect x="${x - CELL / 2}" y="${y - CELL / 2}" width="${CELL}" height="${CELL}" fill="#8b2f2f" opacity=".35"><title>zone failed after round ${zone.round}</title></rect>`)
      }
    }
    if (s) {
      for (const b of s.boxes) {
        const [x, y] = this.xy(b.pos)
        parts.push(`<rect data-box="${b.pos.join(',')}" x="${x + 4}" y="${y + 4}" width="12" height="12" fill="#a0522d" stroke="#e0b080"><title>box: keys ${b.keys.join(', ')}</title></rect>`)
      }
      for (const t of s.traps) {
        const [x, y] = this.xy(t.pos)
        parts.push(`<path d="M${x - 14} ${y + 14}l7 -12l7 12z" fill="${COLORS[t.owner]}" opacity=".8"><title>${t.type} of P${t.owner}</title></path>`)
      }
      const here = new Map<string, number>()
      s.players.forEach((p, id) => {
        if (p.status === 'escaped') return
        const k = (p.pos as Triple).join(',')
        const n = here.get(k) ?? 0
        here.set(k, n + 1)
        const [x0, y0] = this.xy(p.pos)
        const x = x0 + (n % 2 ? 9 : -9) * (n > 0 ? 1 : 0)
        const y = y0 - (n > 1 ? 9 : 0)
        const dead = p.status === 'dead' || p.status === 'error'
        parts.push(
          `<g data-player="${id}" data-pos="${p.pos.join(',')}"><circle cx="${x}" cy="${y}" r="10" fill="${dead ? 'none' : COLORS[id]}" stroke="${COLORS[id]}" stroke-width="3"${p.status === 'waiting' ? ' stroke-dasharray="3 2"' : ''}/>` +
            `<text x="${x}" y="${y + 4}" text-anchor="middle" font-size="11" font-weight="bold" fill="${dead ? COLORS[id] : '#111'}">${dead ? '×' : id}</text></g>`,
        )
      })
    }
    this.dynamic.innerHTML = parts.join('')
  }
}
