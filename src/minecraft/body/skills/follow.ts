/** follow a player until cancelled or the time limit; fails when the player is not (or no longer) in sight. */
import type { SkillCall } from '../types.js'
import { SkillError, abortReason, sleep, fail, type SkillDef, SkillAborted } from './context.js'
import { goals } from './nav.js'

type Follow = Extract<SkillCall, { skill: 'follow' }>

export const follow: SkillDef<Follow> = {
  name: 'follow',
  timeoutMs: 600_000,
  watchdog: false,
  async run(ctx, c) {
    const { bot, signal } = ctx
    const target = bot.players[c.player]?.entity
    if (!target) {
      const online = bot.players[c.player] ? 'is online but too far away to see' : 'is not online'
      return fail(`player ${c.player} ${online}`)
    }
    bot.pathfinder.setGoal(new goals.GoalFollow(target, c.range ?? 2), true)
    try {
      for (;;) {
        await sleep(1000, signal)
        if (!bot.players[c.player]?.entity) throw new SkillError(`lost sight of player ${c.player}`)
        const d = bot.entity.position.distanceTo(bot.players[c.player]!.entity!.position)
        ctx.progress(`following ${c.player} (${d.toFixed(1)} blocks away)`)
      }
    } catch (err) {
      if (err instanceof SkillAborted && signal.aborted) throw new SkillAborted(abortReason(signal))
      throw err
    } finally {
      bot.pathfinder.setGoal(null)
    }
  },
}
