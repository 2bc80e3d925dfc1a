/** Map colours: a few families by name, a stable hash colour for the rest. */
import type { MapEntity } from '../protocol.js'

const FAMILIES: Array<[RegExp, [number, number, number]]> = [
  [/water/, [52, 96, 200]],
  [/lava/, [220, 90, 20]],
  [/leaves/, [48, 120, 40]],
  [/log|wood|stem/, [110, 80, 45]],
  [/grass_block|moss/, [90, 150, 60]],
  [/short_grass|tall_grass|fern|flower|poppy|dandelion|bush/, [105, 165, 75]],
  [/sand/, [215, 200, 140]],
  [/gravel/, [135, 128, 125]],
  [/dirt|farmland|path|mud/, [130, 95, 60]],
  [/snow|ice/, [230, 240, 250]],
  [/coal_ore/, [45, 45, 45]],
  [/iron_ore/, [200, 160, 130]],
  [/gold_ore/, [240, 210, 60]],
  [/diamond_ore/, [90, 230, 220]],
  [/ore/, [180, 80, 160]],
  [/stone|andesite|diorite|granite|deepslate|tuff|cobble|bedrock/, [125, 125, 125]],
  [/plank|crafting|chest|furnace/, [160, 120, 70]],
]

function hashColor(name: string): [number, number, number] {
  let h = 0
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0
  return [80 + (h & 0x7f), 80 + ((h >> 7) & 0x7f), 80 + ((h >> 14) & 0x7f)]
}

/** `shade` −1…1 darkens or lightens (lower blocks are darker). */
export function blockColor(name: string, shade = 0): string {
  const rgb = FAMILIES.find(([re]) => re.test(name))?.[1] ?? hashColor(name)
  const f = (c: number) => Math.round(Math.max(0, Math.min(255, shade >= 0 ? c + (255 - c) * shade : c * (1 + shade))))
  return `rgb(${f(rgb[0])},${f(rgb[1])},${f(rgb[2])})`
}

export const ENTITY_COLORS: Record<MapEntity['kind'], string> = { player: '#6aa7ff', mob: '#e0645c', animal: '#f0c070', item: '#d0d0d0', other: '#a080e0' }
