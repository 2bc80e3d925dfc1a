/**
 * A scripted model for the llm mind that does what the runtime's plan line says: the
 * next action when one is given, EVENT_AI_STOP when the goal is met, a status request
 * otherwise. It reads nothing else, so every call it makes is one the runtime asked for,
 * and the calls per milestone are the runtime's, not the model's cleverness.
 */
import type { RecordedRequest, StaticStep } from './scripted-openai.js'

export interface FollowedCall {
  /** What the call answered: start, action (with the milestone it served), stop or status. */
  kind: 'start' | 'action' | 'stop' | 'status'
  milestone?: string
}

const lastUser = (req: RecordedRequest): string => String(req.body?.messages?.filter((m) => m.role === 'user').at(-1)?.content ?? '')

export function planFollowingModel(calls: FollowedCall[] = []): { step: (req: RecordedRequest) => StaticStep; calls: FollowedCall[] } {
  const step = (req: RecordedRequest): StaticStep => {
    const u = lastUser(req)
    if (u.includes('The game has started')) {
      calls.push({ kind: 'start' })
      return { reply: '{"type":"EVENT_AI_START"}' }
    }
    const line = u.split('\n').find((l) => l.startsWith('runtime plan'))
    if (line?.includes('the goal is met')) {
      calls.push({ kind: 'stop' })
      return { reply: JSON.stringify({ type: 'EVENT_AI_STOP', reason: 'done: the runtime plan says the goal is met' }) }
    }
    const next = line ? /next action: (\{.*\})$/.exec(line) : null
    if (next) {
      const milestone = /left: ([^→;]+)/.exec(line!)?.[1]?.trim()
      calls.push({ kind: 'action', ...(milestone ? { milestone } : {}) })
      return { reply: JSON.stringify({ type: 'EVENT_AI_CONTROL', action: JSON.parse(next[1]!), plans: `runtime plan: ${milestone ?? 'next'}` }) }
    }
    calls.push({ kind: 'status' })
    return { reply: '{"type":"EVENT_AI_GET_STATUS"}' }
  }
  return { step, calls }
}
