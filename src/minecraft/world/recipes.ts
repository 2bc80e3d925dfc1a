/**
 * Crafting-grid recipe matching against minecraft-data's recipes (shaped and
 * shapeless; shaped ones also match mirrored, as in vanilla). Pure.
 *
 * minecraft-data expands tag ingredients ("any planks") into one recipe per
 * variant, so a grid mixing variants (oak + birch planks) does not match;
 * mineflayer never builds such grids.
 */

export interface CraftResult {
  id: number
  count: number
}

interface Shape {
  w: number
  h: number
  cells: Array<number | null>
}

interface Entry {
  result: CraftResult
  shape?: Shape
  ingredients?: number[] // sorted
}

export interface RecipeMatcher {
  /** `grid` is row-major with the given width (2 or 3); null = empty slot. */
  match(grid: ReadonlyArray<number | null>, width: number): CraftResult | null
}

function normalizeCell(c: unknown): number | null {
  if (c === null || c === undefined) return null
  if (typeof c === 'number') return c < 0 ? null : c
  if (typeof c === 'object' && c !== null && 'id' in c && typeof (c as { id: unknown }).id === 'number') {
    const id = (c as { id: number }).id
    return id < 0 ? null : id
  }
  return null
}

/** Crops a row-major grid to the bounding box of its non-empty cells. */
export function trimGrid(cells: ReadonlyArray<number | null>, width: number): Shape | null {
  const height = Math.ceil(cells.length / width)
  let minX = width
  let minY = height
  let maxX = -1
  let maxY = -1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (cells[y * width + x] != null) {
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
        minY = Math.min(minY, y)
        maxY = Math.max(maxY, y)
      }
    }
  }
  if (maxX < 0) return null
  const w = maxX - minX + 1
  const h = maxY - minY + 1
  const out: Array<number | null> = []
  for (let y = minY; y <= maxY; y++) for (let x = minX; x <= maxX; x++) out.push(cells[y * width + x] ?? null)
  return { w, h, cells: out }
}

function sameShape(a: Shape, b: Shape, mirrored: boolean): boolean {
  if (a.w !== b.w || a.h !== b.h) return false
  for (let y = 0; y < a.h; y++) {
    for (let x = 0; x < a.w; x++) {
      const bx = mirrored ? a.w - 1 - x : x
      if (a.cells[y * a.w + x] !== b.cells[y * b.w + bx]) return false
    }
  }
  return true
}

export function createRecipeMatcher(registry: { recipes: Record<string, unknown[]> }): RecipeMatcher {
  const byCount = new Map<number, Entry[]>()
  const add = (n: number, e: Entry) => {
    const list = byCount.get(n) ?? []
    list.push(e)
    byCount.set(n, list)
  }
  for (const list of Object.values(registry.recipes)) {
    for (const raw of list as Array<{ inShape?: unknown[][]; ingredients?: unknown[]; result: { id: number; count: number } }>) {
      const result = { id: raw.result.id, count: raw.result.count ?? 1 }
      if (raw.inShape) {
        const width = Math.max(...raw.inShape.map((r) => r.length))
        const cells: Array<number | null> = []
        for (const row of raw.inShape) for (let x = 0; x < width; x++) cells.push(normalizeCell(row[x]))
        const shape = trimGrid(cells, width)
        if (!shape) continue
        add(shape.cells.filter((c) => c != null).length, { result, shape })
      } else if (raw.ingredients) {
        const ingredients = raw.ingredients.map(normalizeCell).filter((c): c is number => c != null)
        ingredients.sort((a, b) => a - b)
        add(ingredients.length, { result, ingredients })
      }
    }
  }

  return {
    match(grid, width) {
      const shape = trimGrid(grid, width)
      if (!shape) return null
      const present = shape.cells.filter((c): c is number => c != null)
      const candidates = byCount.get(present.length)
      if (!candidates) return null
      const sorted = [...present].sort((a, b) => a - b)
      for (const e of candidates) {
        if (e.shape) {
          if (sameShape(shape, e.shape, false) || sameShape(shape, e.shape, true)) return { ...e.result }
        } else if (e.ingredients) {
          if (e.ingredients.every((id, i) => id === sorted[i])) return { ...e.result }
        }
      }
      return null
    },
  }
}
