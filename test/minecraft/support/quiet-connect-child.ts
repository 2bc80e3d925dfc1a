/**
 * Child process for the quiet-connect test: the embedded world, a body that connects and kills a
 * cow (so the melee loop runs on the physics tick), then a clean close. The parent checks stderr.
 */
import { worldAndBody } from '../body-support.js'

const { world, body, cleanup } = await worldAndBody('Quiet', { seed: 7 })
try {
  const serv = world.server as unknown as { spawnMob(type: number, w: unknown, pos: unknown): { id: number; health: number }; overworld: unknown; registry: { entitiesByName: Record<string, { id: number }> } }
  const cow = serv.spawnMob(serv.registry.entitiesByName.cow!.id, serv.overworld, body.bot.entity.position.offset(2, 0, 1))
  cow.health = 2
  const deadline = Date.now() + 15_000
  while (!body.bot.entities[cow.id]) {
    if (Date.now() > deadline) throw new Error('the cow never came into sight')
    await new Promise((r) => setTimeout(r, 100))
  }
  const r = await body.run({ skill: 'attack', target: 'cow' })
  process.stdout.write(JSON.stringify({ ok: r.ok, reason: r.reason }) + '\n')
} finally {
  await cleanup()
}
