/**
 * The ContextBus XML as the llm mind puts it in a prompt: inside `<context>`, without
 * the bus's own `<ctx>` wrapper and legend (the system prompt gives the legend once),
 * and without the bot lines that only echo the model's own `plans` (its reply, already
 * in the conversation, says the same).
 */
import { CONTENT_MAX, LEGEND } from '../../core/context-bus.js'
import { xmlText } from '../../core/xml.js'

/** The bus legend (`p=player s=server …`), for the system prompt to state once. */
export const CONTEXT_LEGEND = LEGEND.replace(/^<!-- | -->$/g, '')

/** `<context>…</context>` for a `buildXml()` result, or '' when nothing is left to show. */
export function contextBlock(xml: string, ownPlans: readonly string[] = []): string {
  if (!xml) return ''
  const echo = new Set(ownPlans.map((p) => `<b>${xmlText(p.slice(0, CONTENT_MAX))}</b>`))
  const lines = xml.split('\n').filter((l) => l !== '<ctx>' && l !== '</ctx>' && l !== LEGEND && !echo.has(l))
  // a gap marker with nothing after it, or leading the block, says nothing
  while (lines.length && lines[0]!.startsWith('<g ')) lines.shift()
  if (lines.length === 0) return ''
  return `<context>\n${lines.join('\n')}\n</context>`
}
