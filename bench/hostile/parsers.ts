/**
 * Every protocol parser and decoder against the hostile texts and mutations of a valid sample.
 * A parser refuses with `{ ok: false, error }` (or its own result kind, or a FramingError from a
 * decoder); anything else it throws is a crash.
 */
import { readFileSync } from 'node:fs'
import { parseLynxAiEvent, parseLynxModEvent } from '../../src/protocols/lynxmind.js'
import { parseBrainReply } from '../../src/protocols/brainfile.js'
import { parseMaiCoreReply, parseMessageBase, buildMessageBase, serializeMessageBase } from '../../src/protocols/maim.js'
import { parseAiMessage } from '../../src/lostspace/messages.js'
import { AiPayloadDecoder, FrameDecoder, FramingError } from '../../src/lostspace/judger/framing.js'
import { parseModelJson } from '../../src/core/model-json.js'
import { parseBrainText } from '../../src/minecraft/links/brainfile/store.js'
import { hostileTexts, mutations, randomBytes, type HostileText } from './inputs.js'
import { prototypesClean, type Outcome, type Tally } from './tally.js'

const FIXTURES = new URL('../../test/fixtures/seeds/', import.meta.url)
const fixture = (p: string): unknown => JSON.parse(readFileSync(new URL(p, FIXTURES), 'utf8'))

type Result = { ok: boolean; error?: string } | { kind: string; error?: string }

function outcomeOf(r: Result): Outcome {
  if ('ok' in r) return r.ok ? { kind: 'accepted' } : { kind: 'refused', reason: String(r.error ?? '') }
  if (r.kind === 'not-json' || r.kind === 'bad-action') return { kind: 'refused', reason: String(r.error ?? '') }
  return { kind: 'accepted' }
}

interface TextParser {
  name: string
  parse: (text: string) => Result
  sample: unknown
}

export const TEXT_PARSERS: TextParser[] = [
  { name: 'lynxmind AI event', parse: parseLynxAiEvent, sample: fixture('lynxmind/02-ai-control-move.json') },
  { name: 'lynxmind mod event', parse: parseLynxModEvent, sample: { type: 'EVENT_PLAYER_BARITONE_TASK_STOP', success: true, message: 'done' } },
  { name: 'brain file reply', parse: parseBrainReply, sample: fixture('brainfile/05-tasks.json') },
  { name: 'brain file text', parse: (t) => parseBrainText(t, 'brain.json'), sample: fixture('brainfile/06-complete.json') },
  { name: 'maim_message frame', parse: parseMessageBase, sample: JSON.parse(serializeMessageBase(buildMessageBase({ platform: 'minecraft', text: 'hi', userId: 'u' }))) },
  { name: 'MaiCore reply', parse: parseMaiCoreReply, sample: fixture('amaidesu/02-reply-full.json') },
  { name: 'LostSpace AI message', parse: parseAiMessage, sample: { type: 'action', action: ['move', [1, 1, 1]] } },
  { name: 'model JSON', parse: parseModelJson, sample: { type: 'EVENT_AI_STOP' } },
]

export async function attackParsers(tally: Tally, scale = 1, mutationsPer = 40): Promise<void> {
  for (const p of TEXT_PARSERS) {
    await tally.surface(`parser: ${p.name}`, async (record) => {
      const inputs: HostileText[] = [...hostileTexts(scale), ...mutations(p.sample, mutationsPer, p.name.length)]
      for (const { label, text } of inputs) {
        let o: Outcome
        try {
          o = outcomeOf(p.parse(text))
        } catch (err) {
          o = { kind: 'crash', detail: `threw ${(err as Error)?.name}: ${String((err as Error)?.message).slice(0, 200)}` }
        }
        const polluted = prototypesClean()
        record(label, polluted ? { kind: 'escape', detail: polluted } : o)
      }
    })
  }
  await tally.surface('decoder: Saiblo frames (logic/judger)', async (record) => {
    const chunks: Array<[string, Buffer]> = [
      ['length beyond the limit', Buffer.from([0xff, 0xff, 0xff, 0xff, 1, 2])],
      ['text where a header goes', Buffer.from('hello world\n')],
      ['random bytes', randomBytes(Math.round(65536 * scale) + 16, 7)],
      ['a valid frame', Buffer.concat([Buffer.from([0, 0, 0, 2]), Buffer.from('{}')])],
    ]
    for (const [label, chunk] of chunks) {
      try {
        const frames = new FrameDecoder({ maxLength: 1024 * 1024 }).push(chunk)
        record(label, frames.length ? { kind: 'accepted' } : { kind: 'refused', reason: 'an incomplete frame waits for more bytes' })
      } catch (err) {
        record(label, err instanceof FramingError ? { kind: 'refused', reason: err.message } : { kind: 'crash', detail: String(err) })
      }
    }
  })
  await tally.surface('decoder: Saiblo AI payloads', async (record) => {
    const chunks: Array<[string, Buffer]> = [
      ['letters as the length', Buffer.from('abcd{"a":1}')],
      ['a negative length', Buffer.from('-001{')],
      ['random bytes', randomBytes(Math.round(20000 * scale) + 16, 9)],
      ['a valid payload', Buffer.from('0002{}')],
    ]
    for (const [label, chunk] of chunks) {
      try {
        const out = new AiPayloadDecoder().push(chunk)
        record(label, out.length ? { kind: 'accepted' } : { kind: 'refused', reason: 'an incomplete payload waits for more bytes' })
      } catch (err) {
        record(label, err instanceof FramingError ? { kind: 'refused', reason: err.message } : { kind: 'crash', detail: String(err) })
      }
    }
  })
}
