// The whole public API of mindbridge, kept for compatibility. Each area also has its own entry that loads
// only what it needs: mindbridge/core, mindbridge/protocols, mindbridge/lostspace (and mindbridge/lostspace/sdk),
// mindbridge/minecraft. Names are the same whichever entry they come from.
export * from './core/index.js'
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
export * from './lostspace/index.js'
export * from './minecraft/index.js'
export { ConfigSchema, type Config, type ConfigInput } from './cli/config-schema.js'
export { loadConfig, maskSecrets } from './cli/config.js'
