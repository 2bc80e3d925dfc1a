// Public API of the mindbridge package. Modules add their exports here.
export { createLogger, setLogLevel, type Logger, type LogLevel } from './core/logger.js'
export { createContextBus, formatGap, type ContextBus, type ContextEntry, type BuildXmlOptions } from './core/context-bus.js'
export { parseModelJson, parseModelAnswer, type ParseModelJsonResult, type ParseModelAnswerResult } from './core/model-json.js'
export { formatZodIssues } from './core/schema-errors.js'
export * from './core/llm/index.js'
// protocols (LynxMind, brain file, maim_message/MaiCore): everything under `protocols`, main entry points by name
export * as protocols from './protocols/index.js'
export {
  toModelJsonSchema,
  type ModelJsonSchema,
  type NormalizeResult,
  AiEventSchema,
  ModEventSchema,
  ActionSchema,
  normalizeAiEvent,
  normalizeModEvent,
  emitAiEvent,
  emitModEvent,
  parseLynxAiEvent,
  parseLynxModEvent,
  AiEventJsonSchema,
  type AiEvent,
  type ModEvent,
  type Action,
  type LynxDialect,
  BrainFileSchema,
  BrainReplySchema,
  normalizeBrainFile,
  normalizeBrainReply,
  parseBrainReply,
  emitBrainFile,
  createBrainFile,
  BrainReplyJsonSchema,
  type BrainFile,
  type BrainReply,
  type Task as BrainTask,
  MessageBaseSchema,
  buildMessageBase,
  serializeMessageBase,
  parseMessageBase,
  MaiCoreReplySchema,
  parseMaiCoreReply,
  MaiCoreReplyJsonSchema,
  type MessageBase,
  type Seg,
  type MaiCoreReply,
} from './protocols/index.js'
