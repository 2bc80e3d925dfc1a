/**
 * Validates one logic → AI message without zod: the dispatch of lostspace-inbound.ts, then the checks
 * generated from the protocol's schemas (lostspace-checks.gen.ts). Same verdicts and the same error
 * text as `normalizeLogicToAiMessage` (lostspace.ts), which test/protocols/lostspace-checks.test.ts
 * compares; used by the SDK, whose AI processes then start without loading zod.
 */
import type { NormalizeResult } from './common.js'
import type { LogicToAiInbound } from './lostspace.js'
import { logicToAiKey } from './lostspace-inbound.js'
import { LOGIC_TO_AI_CHECKS, type CheckIssue } from './lostspace-checks.gen.js'
import { formatIssues, type Issue } from '../core/schema-errors.js'

export function checkLogicToAiMessage(input: unknown): NormalizeResult<LogicToAiInbound> {
  const d = logicToAiKey(input)
  if (!d.ok) return d
  const issues: CheckIssue[] = []
  LOGIC_TO_AI_CHECKS[d.key](input, issues)
  if (issues.length === 0) return { ok: true, value: input as LogicToAiInbound }
  return { ok: false, kind: 'invalid', error: formatIssues(issues as unknown as Issue[], { input }) }
}
