/**
 * How a JSON answer is asked for, per server capability: the strict `json_schema` response
 * format, the looser `json_object` mode, or only an instruction in the prompt.
 */
import type { LlmError } from './errors.js'

export type FormatMode = 'json_schema' | 'json_object' | 'prompt'

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
  name?: string
}

export interface JsonSchemaRequest {
  /** A short name for the answer shape (sanitised to [A-Za-z0-9_-], max 64). */
  name: string
  /** A JSON Schema object, e.g. from `z.toJSONSchema(schema)`. */
  schema: object
  /** Ask the server to enforce the schema strictly (OpenAI `strict: true`). Default false. */
  strict?: boolean
}

export type ResponseFormat =
  | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } }
  | { type: 'json_object' }

export function schemaName(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)
  return clean || 'answer'
}

/** The instruction that carries the schema when the server cannot enforce it. */
export function schemaInstruction(js: JsonSchemaRequest): string {
  return (
    `Answer with exactly one JSON object and nothing else (no prose, no code fence). ` +
    `It must match this JSON Schema (${schemaName(js.name)}):\n${JSON.stringify(js.schema)}`
  )
}

/** Adds the schema instruction to the first system message, or prepends one. */
function withInstruction(messages: ChatMessage[], text: string): ChatMessage[] {
  const i = messages.findIndex((m) => m.role === 'system')
  if (i === -1) return [{ role: 'system', content: text }, ...messages]
  return messages.map((m, j) => (j === i ? { ...m, content: `${m.content}\n\n${text}` } : m))
}

export function buildStructured(
  messages: ChatMessage[],
  js: JsonSchemaRequest,
  mode: FormatMode,
): { messages: ChatMessage[]; responseFormat?: ResponseFormat } {
  if (mode === 'json_schema') {
    const json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } = {
      name: schemaName(js.name),
      schema: js.schema as Record<string, unknown>,
    }
    if (js.strict !== undefined) json_schema.strict = js.strict
    return { messages, responseFormat: { type: 'json_schema', json_schema } }
  }
  const withSchema = withInstruction(messages, schemaInstruction(js))
  if (mode === 'json_object') return { messages: withSchema, responseFormat: { type: 'json_object' } }
  return { messages: withSchema }
}

const FORMAT_WORDS = /response[_ ]?format|json[_ ]?schema|json[_ ]?object|structured|grammar|guided/i

/** A 400/422 that names the response format: the server does not support this mode. */
export function isFormatRejection(err: LlmError): boolean {
  return err.kind === 'bad_request' && (err.status === 400 || err.status === 422 || err.status === undefined) && FORMAT_WORDS.test(err.message)
}

/** A 400/422 for any reason: worth one try with the next mode, remembered only if that succeeds. */
export function maybeFormatRejection(err: LlmError): boolean {
  return err.kind === 'bad_request' && (err.status === 400 || err.status === 422)
}
