import { createNaturalWorld, NAME, BIOMES } from './src/minecraft/world/natural/index.ts'
import { isFlower } from './src/minecraft/world/natural/blocks.ts'
for (const seed of [1, 2, 3, 7]) {
  const w = createNaturalWorld(seed)
  const perBiome = new Map<string, Map<string, number>>()
  const chunks = new Map<string, number>()
  for (let cx = -8; cx < 8; cx++) for (let cz = -8; cz < 8; cz++) {
    const c = w.generate(cx, cz)
    const b = BIOMES[c.columns.chunkBiome]!.name
    chunks.set(b, (chunks.get(b) ?? 0) + 1)
    const m = perBiome.get(b) ?? new Map(); perBiome.set(b, m)
    c.blocks.forEach((v) => { if (isFlower(v)) m.set(NAME[v]!, (m.get(NAME[v]!) ?? 0) + 1) })
  }
  console.log('seed', seed, [...perBiome].map(([b, m]) => `${b}(${chunks.get(b)} ch): ${[...m].map(([k, v]) => k + '=' + v).join(',')}`).join(' | '))
}
