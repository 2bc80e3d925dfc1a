/** What a task text asks for (parsed by ./goal.ts and ./goal-zh.ts). */
export type Goal =
  /** Hold at least `count` of item (absolute). */
  | { kind: 'get'; item: string; count: number }
  /** Gain `count` more of item than held when the task started. */
  | { kind: 'collect'; item: string; count: number }
  | { kind: 'craft'; item: string; count: number }
  | { kind: 'goto'; x: number; y?: number; z: number }

/**
 * `impossible`: the text is a goal (get/collect/craft …) but no world can satisfy it
 * (unknown item, bad count); otherwise the text is simply not a goal we measure.
 */
export type GoalResult = { ok: true; goal: Goal } | { ok: false; reason: string; impossible?: true }
