/** What one task of the "get anything" bench reports (the last line of its process). */
export const RESULT_PREFIX = 'RESULT '

export interface TaskResult {
  task: string
  seed: number
  /** The `--give` text ('' for none). */
  give: string
  /** The session's outcome (succeeded, failed, timeout …), or `error` / `killed` when the run broke. */
  outcome: string
  reason: string
  seconds: number
  /** Actions the mind took (the summary's "steps"). */
  steps: number
  skillFailures: number
  /** Steps of the planner's plan from the starting inventory (before anything is seen); null when it has none. */
  plannedSteps: number | null
  /** Step kinds that plan uses (collect, craft, smelt, hunt, shear, fill, farm, pickUp). */
  needs: string[]
  /** The longest stretch without an inventory change while the task ran. */
  longestStallSec: number
  /** What the bot was doing when that stretch began (the step's description). */
  stallDuring: string
  /** The announcement of the starting items ('' for none). */
  given: string
  /** The machine's mean 1-minute load average while the task ran (the bench shares its cores). */
  load?: number
  /** The limit the run was held to (s): the task's stated limit or the suite's; absent in runs made before limits were recorded. */
  limitSec?: number
  /** Times the bot lost the server and joined again during the task (a loaded machine's keep-alive kicks). */
  reconnects?: number
}

/** The RESULT line of a task's output, or undefined when the process ended without one. */
export function readResult(stdout: string): TaskResult | undefined {
  const line = stdout.split('\n').reverse().find((l) => l.startsWith(RESULT_PREFIX))
  return line ? (JSON.parse(line.slice(RESULT_PREFIX.length)) as TaskResult) : undefined
}
