/**
 * Brain-file link costs, measured in the embedded world with the real bot standing at
 * spawn (trees, pond and meadow in view):
 *  1. vision update per cycle: our raycast look() + rendering, vs the original plugin's
 *     approach (every block of the cube x,z ±10, y ±5 read, filtered and sorted) and vs
 *     one status() call;
 *  2. file write: atomic (temp + rename) vs a plain overwrite of the same brain;
 *  3. prompt tokens per cycle (o200k_base): our system prompt + compact state, vs the
 *     original's way (a long instruction prompt + the full block list of its cube scan,
 *     `- TYPE (x, y, z) 距離:d` per block). The goal is ≤ 1,200 tokens at default settings.
 * The plugin baseline is rebuilt from the facts in ../shared/spec/brainfile-facts.md
 * (its prompt's parts and line formats), not copied from its code.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encode } from 'gpt-tokenizer/encoding/o200k_base'
import { Vec3 } from 'vec3'
import type { Bot } from 'mineflayer'
import { startWorld } from '../src/minecraft/world/index.js'
import { createBody } from '../src/minecraft/body/index.js'
import { renderVision, ChatLog, interest } from '../src/minecraft/links/brainfile/vision.js'
import { renderState, systemPrompt } from '../src/minecraft/links/brainfile/prompt.js'
import { brainText, writeAtomic } from '../src/minecraft/links/brainfile/store.js'
import type { BrainView } from '../src/minecraft/links/brainfile/mind.js'
import { createBrainFile, SEED_TASK_TYPES, type BrainFile } from '../src/protocols/brainfile.js'
import { fmt, median } from './util.js'

const SKIP = new Set(['air', 'cave_air', 'void_air', 'bedrock', 'grass_block', 'dirt', 'sand', 'gravel', 'grass', 'tall_grass'])

/** The plugin's vision: read every block in the cube, skip the boring ones, important first. */
function cubeScan(bot: Bot): Array<{ name: string; x: number; y: number; z: number; d: number }> {
  const p = bot.entity.position.floored()
  const out: Array<{ name: string; x: number; y: number; z: number; d: number }> = []
  for (let dx = -10; dx <= 10; dx++)
    for (let dy = -5; dy <= 5; dy++)
      for (let dz = -10; dz <= 10; dz++) {
        const d = Math.sqrt(dx * dx + dy * dy + dz * dz)
        if (d > 10) continue
        const b = bot.blockAt(new Vec3(p.x + dx, p.y + dy, p.z + dz))
        if (!b || SKIP.has(b.name)) continue
        out.push({ name: b.name, x: p.x + dx, y: p.y + dy, z: p.z + dz, d })
      }
  return out.sort((a, b) => (interest(a.name) <= 4 ? 0 : 1) - (interest(b.name) <= 4 ? 0 : 1) || a.d - b.d)
}

function timeIt(fn: () => void, n: number): number {
  for (let i = 0; i < 3; i++) fn()
  const xs: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    fn()
    xs.push(performance.now() - t)
  }
  return median(xs)
}

async function timeAsync(fn: () => Promise<void>, n: number): Promise<number> {
  for (let i = 0; i < 3; i++) await fn()
  const xs: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn()
    xs.push(performance.now() - t)
  }
  return median(xs)
}

/** The original's way of prompting, rebuilt from the facts: instructions, then the full state. */
function pluginPrompt(brain: BrainFile, blocks: ReturnType<typeof cubeScan>, bot: Bot): string {
  const lines = [
    'あなたはMinecraftのボットを操作するAIです。以下のルールに従って行動を決めてください。',
    `ルール: ${brain.rules.description} ${brain.rules.vision_rules} ${brain.rules.memory_rules} ${brain.rules.task_rules}`,
    '利用可能なタスク:',
    ...SEED_TASK_TYPES.map((t) => `- ${t}: parameters example {"x": -13, "y": -55, "z": 47}; 例: {"type": "${t}", "parameters": {...}, "reason": "理由"}`),
    '- WAIT: 何もしない',
    '自律行動の優先順位: 1. 落ちているアイテムを拾う 2. 木(原木)を掘る 3. 石や鉱石を掘る 4. 周囲(±5〜10ブロック)を探索する 5. ときどき状況をチャットで報告する',
    '応答形式: 必ず次のJSONだけを返してください: {"thought": "考え", "memory_updates": {"key": "value"}, "new_tasks": [{"type": "TASK_TYPE", "parameters": {}, "reason": "理由"}]}',
    '## 現在の状態',
    'チャット:',
    ...(brain.vision.chat ?? []).map((c) => `[${c.timestamp}] ${c.player}: ${c.message}`),
    `位置: (${Math.floor(bot.entity.position.x)}, ${Math.floor(bot.entity.position.y)}, ${Math.floor(bot.entity.position.z)}) 向き: yaw=${bot.entity.yaw.toFixed(1)} pitch=${bot.entity.pitch.toFixed(1)}`,
    '見えるブロック:',
    ...blocks.map((b) => `- ${b.name.toUpperCase()} (${b.x}, ${b.y}, ${b.z}) 距離:${b.d.toFixed(1)}`),
    '記憶:',
    ...Object.entries(brain.memory).map(([k, v]) => `- ${k}: ${JSON.stringify(v).slice(0, 100)}`),
    'タスク:',
    ...brain.tasks.map((t) => `- [${t.status.toUpperCase()}] ${t.type} ${JSON.stringify(t.parameters)}`),
  ]
  return lines.join('\n')
}

export async function run(): Promise<void> {
  // Starter profile (staged layout), as the published figures say.
  const world = await startWorld({ seed: 7, profile: 'starter' })
  const body = await createBody({ host: world.host, port: world.port, username: 'BrainBench', reflexes: { eat: false } })
  const dir = mkdtempSync(join(tmpdir(), 'brainfile-bench-'))
  try {
    const bot = body.bot
    await bot.lookAt(new Vec3(4.5, 48, 3.5), true) // towards the oak near spawn
    const n = 40

    // 1. vision per cycle
    const ours = timeIt(() => {
      const v = body.look()
      renderVision(v, body.status().position)
    }, n)
    const cube = timeIt(() => void cubeScan(bot), n)
    const status = timeIt(() => void body.status(), n * 5)
    const v = body.look()
    console.log(`vision update per cycle (raycast 90° FOV, 16 blocks, 1 ray/2°, ${v.blocks.length} blocks hit): ${fmt(ours, 2)} ms`)
    console.log(`  vs the plugin's cube scan (x,z ±10, y ±5): ${fmt(cube, 2)} ms → ×${fmt(ours / cube, 2)}`)
    console.log(`  vs one status() call: ${fmt(status, 3)} ms → ×${fmt(ours / status, 0)}`)

    // a realistic brain: vision, 20 chat lines, memory, 10 tasks
    const brain = createBrainFile()
    const chat = new ChatLog()
    for (let i = 0; i < 20; i++) chat.add(i % 3 ? 'Steve' : 'Alex', i % 2 ? '木を取ってきて' : 'can you get some stone for the house?')
    const r = renderVision(v, body.status().position)
    brain.vision = { chat: chat.list(), blocks: r.blocks, nearby_items: r.nearby_items, nearby_entities: r.nearby_entities, bot_position: r.bot_position }
    brain.memory = { ...brain.memory, current_position: r.bot_position, important_locations: [{ name: 'oak tree', position: { x: 4, y: 47, z: 3 }, note: 'near spawn' }], inventory_state: { last_checked: new Date().toISOString(), items: [{ type: 'minecraft:oak_log', count: 3 }] } }
    brain.tasks = Array.from({ length: 10 }, (_, i) => ({
      id: i + 1,
      type: i % 2 ? 'MINE_WOOD' : 'MOVE_TO',
      parameters: { x: 4, y: 47, z: 3 },
      reason: 'Steve asked for wood',
      status: i < 6 ? ('completed' as const) : ('pending' as const),
      ...(i < 6 ? { result: 'arrived: at (4, 47, 2), 1.0 blocks from the target' } : {}),
    }))

    // 2. file write
    const text = brainText(brain)
    const pAtomic = join(dir, 'atomic.json')
    const pPlain = join(dir, 'plain.json')
    writeFileSync(pAtomic, text)
    const atomic = await timeAsync(() => writeAtomic(pAtomic, text), n * 5)
    const plain = await timeAsync(() => writeFile(pPlain, text, 'utf8'), n * 5)
    console.log(`file write (${fmt(text.length / 1024, 1)} KiB): atomic temp+rename ${fmt(atomic * 1000, 0)} µs vs plain overwrite ${fmt(plain * 1000, 0)} µs → ×${fmt(atomic / plain, 2)}`)

    // 3. prompt tokens per cycle
    const view: BrainView = { brain, botName: body.username, status: body.status(), newChat: chat.list().slice(-2), trigger: 'chat', queueEmpty: false }
    const sys = encode(systemPrompt(body.username)).length
    const user = encode(renderState(view)).length
    const full = cubeScan(bot)
    const pluginFull = encode(pluginPrompt(brain, full, bot)).length
    const plugin30 = encode(pluginPrompt(brain, full.slice(0, 30), bot)).length
    const ok = sys + user <= 1200 ? 'within' : 'OVER'
    console.log(`prompt tokens per cycle (o200k_base): ours ${sys + user} (system ${sys} + state ${user}) — ${ok} the 1,200 goal`)
    console.log(`  vs the original's way with its full block list (${full.length} blocks): ${pluginFull} → ×${fmt((sys + user) / pluginFull, 2)} (${fmt((1 - (sys + user) / pluginFull) * 100, 0)}% fewer)`)
    console.log(`  vs the original's way capped at 30 blocks (its v1.20 cap): ${plugin30} → ×${fmt((sys + user) / plugin30, 2)}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await body.close()
    await world.close()
  }
}
