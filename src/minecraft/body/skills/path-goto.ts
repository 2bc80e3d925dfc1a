/**
 * mineflayer-pathfinder's `goto`, except for one case. The path finder searches in slices of
 * `tickTimeout` (40 ms) per physics tick and reports each unfinished slice as a `partial` result: the
 * best path so far. Its goto (lib/goto.js) takes any result with an empty path as the end of the walk,
 * so when the first slice has found no step better than where the bot stands, goto resolves while the
 * search is still under way. On a busy machine a slice expands few nodes, and from a tree's crown
 * (every way down first digs through leaves) that ended a walk with "no path … (path finder: partial,
 * empty path)" after 2.5 s (leaf-collect.test, three runs at load 9–15). Here an empty partial
 * result is waited on: the path finder goes on searching in the next tick, as it does anyway.
 */
import type { Bot } from 'mineflayer'
import type { goals as GoalsNs } from 'mineflayer-pathfinder'

type PathResult = { status?: string; path?: unknown[] }

/** What a `path_update` result means for the walk: still searching, over (ask the goal), or a failure. */
export function pathUpdateVerdict(r: PathResult): 'searching' | 'walking' | 'over' | { error: 'NoPath' | 'Timeout' } {
  const empty = !r.path || r.path.length === 0
  if (empty) return r.status === 'partial' ? 'searching' : 'over'
  if (r.status === 'noPath') return { error: 'NoPath' }
  if (r.status === 'timeout') return { error: 'Timeout' }
  return 'walking'
}

function named(name: string, message: string): Error {
  const err = new Error(message)
  err.name = name
  return err
}

/** How a walk ended without a failure: `reached` on the path finder's goal_reached, else the last result's status. */
export interface PathEnd {
  reached: boolean
  status: string
}

/**
 * Sets the goal and settles as goto does: on arrival, an empty final path, a failure, a goal change
 * or a stop. Resolves with how it ended, so the caller needs no listeners of its own.
 */
export function pathGoto(bot: Bot, goal: GoalsNs.Goal): Promise<PathEnd> {
  return new Promise<PathEnd>((resolve, reject) => {
    let reached = false
    let status = ''
    const end = (err?: Error) => {
      bot.removeListener('goal_reached', onReached)
      bot.removeListener('path_update', onPath)
      bot.removeListener('goal_updated', onGoalChanged)
      bot.removeListener('path_stop', onStop)
      // the next turn of the event loop, as goto.js: the path finder finishes its own bookkeeping first
      setTimeout(() => (err ? reject(err) : resolve({ reached, status })), 0)
    }
    const onReached = () => {
      reached = true
      end()
    }
    const onPath = (r: PathResult) => {
      status = r.status ?? ''
      const v = pathUpdateVerdict(r)
      if (v === 'over') end()
      else if (typeof v === 'object') end(named(v.error, v.error === 'NoPath' ? 'No path to the goal!' : 'Took to long to decide path to goal!'))
    }
    const onGoalChanged = (g: unknown) => {
      if (g !== goal) end(named('GoalChanged', 'The goal was changed before it could be completed!'))
    }
    const onStop = () => end(named('PathStopped', 'Path was stopped before it could be completed! Thus, the desired goal was not reached.'))
    bot.on('goal_reached', onReached)
    bot.on('path_update', onPath)
    bot.on('goal_updated', onGoalChanged)
    bot.on('path_stop', onStop)
    bot.pathfinder.setGoal(goal)
  })
}
