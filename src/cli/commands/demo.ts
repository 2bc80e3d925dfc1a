/**
 * `mindbridge demo`: a protocol demo that needs no game. A short scripted story goes into a
 * ContextBus; the XML a model would see is printed; a model answer (scripted, or from the
 * configured model with --llm) is parsed and validated as a LynxMind AI event.
 */
import type { Command } from 'commander'
import { createContextBus } from '../../core/context-bus.js'
import type { ChatMessage } from '../../core/llm/structured.js'
import { AI_EVENT_EXPECTED, AiEventJsonSchema, parseLynxAiEvent, serializeAiEvent } from '../../protocols/lynxmind.js'
import { UserError, resolveConfig } from '../config.js'

/** What a real model often sends: prose, a code fence and a trailing comma. The tolerant parser copes. */
const SCRIPTED_ANSWER =
  'Steve wants wood. I will collect some logs first.\n```json\n{"type":"EVENT_AI_CONTROL","action":{"type":"ACTION_COLLECT_BLOCK","needed_blocks":[{"item_name":"oak_log","count":8},]},"plans":"collect logs, then craft planks for Steve"}\n```'

/** Pushes the demo story with a fake clock so the XML shows stacking and a gap marker. */
export function demoBusXml(): string {
  let t = Date.UTC(2026, 0, 1, 10, 0, 0)
  const bus = createContextBus({ now: () => t })
  const at = (sec: number) => {
    t += sec * 1000
  }
  bus.pushServer('Steve joined the game')
  at(2)
  bus.pushPlayer('Steve', 'hi! can you get me some wood?')
  at(1)
  bus.pushBot('On it.')
  at(1)
  bus.pushEvent('hurt.combat', 'zombie:-2')
  at(1)
  bus.pushEvent('hurt.combat', 'zombie:-2')
  at(1)
  bus.pushTool('attack zombie: killed')
  at(12 * 60)
  bus.pushEvent('health.low', 'hp:6')
  at(1)
  bus.pushPlayer('Steve', 'where is my wood?')
  return bus.buildXml({ windowSec: 3600 })
}

const SYSTEM_PROMPT =
  'You control a Minecraft bot through the LynxMind protocol. The context below lists what happened ' +
  '(p=player, s=server, e=event, b=bot, t=tool, g=gap). Decide the next step. Answer with ' +
  AI_EVENT_EXPECTED

interface DemoOptions {
  llm?: boolean
  json?: boolean
}

async function runDemo(opts: DemoOptions, cmd: Command): Promise<void> {
  const config = resolveConfig(cmd)
  const xml = demoBusXml()
  let answer = SCRIPTED_ANSWER
  let source = 'scripted'
  let usage: unknown

  let parsed = parseLynxAiEvent(answer)
  if (opts.llm) {
    // Imported here: every CLI start loads this module, and most never need the model client.
    const { createLlmClient } = await import('../../core/llm/client.js')
    const client = createLlmClient(config.llm, { onSlow: (line) => process.stderr.write(`${line}\n`) })
    source = `${client.model} at ${client.baseUrl}`
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: xml },
    ]
    // One correction round: a bad answer gets the parser's message back, as a real mind would.
    for (let round = 0; round < 2; round++) {
      const r = await client.chat({ messages, jsonSchema: AiEventJsonSchema })
      answer = r.text
      parsed = parseLynxAiEvent(answer)
      if (parsed.ok) break
      messages.push({ role: 'assistant', content: answer }, { role: 'user', content: parsed.error })
    }
    usage = client.usage()
  }
  if (!parsed.ok) throw new UserError(`the model's answer is not a valid LynxMind AI event: ${parsed.error}`, 1)
  const event = serializeAiEvent(parsed.value)

  if (opts.json) {
    process.stdout.write(JSON.stringify({ xml, source, answer, event: JSON.parse(event) as unknown, repaired: parsed.repaired, ...(usage ? { usage } : {}) }) + '\n')
    return
  }
  const out = [
    '# ContextBus XML (what the model sees)',
    xml,
    '',
    `# Model answer (${source})`,
    answer,
    '',
    `# LynxMind AI event (validated${parsed.repaired ? ', repaired' : ''})`,
    event,
  ]
  if (usage) out.push('', '# Usage', JSON.stringify(usage))
  process.stdout.write(out.join('\n') + '\n')
}

export function register(program: Command): void {
  program
    .command('demo')
    .description('Show the protocol pipeline without a game: ContextBus XML → model answer → validated LynxMind event')
    .option('--llm', 'ask the configured model (llm.* config) instead of using a scripted answer')
    .option('--json', 'print one JSON object instead of text')
    .action(runDemo)
}
