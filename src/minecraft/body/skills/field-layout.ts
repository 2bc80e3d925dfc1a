/**
 * Which of the ranked plots make the field, pure: crops laid so that none grows at half speed by
 * vanilla's rule (`halvedByNeighbours`, world/farming.ts: the same crop on a diagonal, or in rows
 * both ways, at the crop's own height). A straight row is such a field, and so are rows a free line
 * apart. The chosen plots are the best-ranked such layout; only when none of `want` plots exists among
 * the candidates (or the search's budget runs out) the field is the old choice, the best-ranked plots.
 */
import { halvedByNeighbours } from '../../world/farming.js'

export interface Cell {
  x: number
  y: number
  z: number
}

export interface LayoutOptions<T extends Cell> {
  /** Plots already in the field (planted, or kept when another failed); they come first in the result. */
  fixed?: readonly T[]
  /** Stems: no two plots side by side (at any height), so each keeps a free cell for its fruit. A hard rule, kept in the fallback too. */
  apart?: boolean
}

/** Candidate plots tried before the search gives up and falls back. */
const SEARCH_BUDGET = 20_000

const sameCell = (a: Cell, b: Cell) => a.x === b.x && a.y === b.y && a.z === b.z
const sideBySide = (a: Cell, b: Cell) => Math.abs(a.x - b.x) + Math.abs(a.z - b.z) <= 1

/** Whether the crop on `c` grows at half speed among crops on `field` (crops stand one above their plot, so heights compare as plots). */
export function halvedIn(c: Cell, field: readonly Cell[]): boolean {
  const has = (dx: number, dz: number) => field.some((f) => f.y === c.y && f.x === c.x + dx && f.z === c.z + dz)
  return halvedByNeighbours({
    north: has(0, -1),
    south: has(0, 1),
    west: has(-1, 0),
    east: has(1, 0),
    diagonal: has(1, 1) || has(1, -1) || has(-1, 1) || has(-1, -1),
  })
}

/** Up to `want` plots from `candidates` (best first), `fixed` first; see the module comment. */
export function layField<T extends Cell>(candidates: readonly T[], want: number, opts: LayoutOptions<T> = {}): T[] {
  const fixed = opts.fixed ?? []
  if (fixed.length >= want) return fixed.slice(0, want)
  const pool = candidates.filter((c, i) => !fixed.some((f) => sameCell(f, c)) && candidates.findIndex((d) => sameCell(c, d)) === i)
  const clash = (a: Cell, b: Cell) => opts.apart === true && sideBySide(a, b)

  const chosen: T[] = [...fixed]
  /** Adding `c` keeps every crop of the field at full speed (only `c` and its neighbours can change). */
  const fits = (c: T): boolean => {
    if (chosen.some((f) => clash(f, c))) return false
    const next = [...chosen, c]
    return !halvedIn(c, next) && !chosen.some((f) => f.y === c.y && Math.abs(f.x - c.x) <= 1 && Math.abs(f.z - c.z) <= 1 && halvedIn(f, next))
  }
  let steps = 0
  /** Depth first in rank order: the first layout found is the best-ranked one; a field that fails stays failed with more plots. */
  const search = (from: number): boolean => {
    if (chosen.length >= want) return true
    for (let i = from; i < pool.length && pool.length - i >= want - chosen.length; i++) {
      if (++steps > SEARCH_BUDGET) return false
      const c = pool[i]!
      if (!fits(c)) continue
      chosen.push(c)
      if (search(i + 1)) return true
      chosen.pop()
      if (steps > SEARCH_BUDGET) return false
    }
    return false
  }
  const fixedFullSpeed = fixed.every((f) => !halvedIn(f, fixed))
  if (fixedFullSpeed && search(0)) return chosen

  const out: T[] = [...fixed]
  for (const c of pool) {
    if (out.length >= want) break
    if (!out.some((o) => clash(o, c))) out.push(c)
  }
  return out
}
