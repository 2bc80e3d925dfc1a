// Public API of the mindbridge package. Modules add their exports here.
export { createLogger, setLogLevel, setLogFormat, type Logger, type LogLevel } from './core/logger.js'
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
// LostSpace game logic (lostspace-engine): map, rules, pure engine, Saiblo logic, replay, schemas
export { LostSpaceLogic, asciiJson, withHeader, MAX_PAYLOAD, type JudgerFrame, type LostSpaceLogicOptions, type LostSpaceInit } from './lostspace/logic.js'
export { loadMap, parseMap, defaultMapPath, GameMap, SPAWNS, CAPSULE, DIRECTIONS, posKey, samePos, type Pos as LostSpacePos } from './lostspace/map.js'
export { LostSpaceEngine, type Action as LostSpaceAction, type EngineEvent as LostSpaceEvent, type PlayerState as LostSpacePlayerState, type RankEntry as LostSpaceRankEntry } from './lostspace/engine.js'
export { RULES as LOSTSPACE_RULES, Status as LostSpaceStatus, TOOL_NAMES as LOSTSPACE_TOOL_NAMES, type Rules as LostSpaceRules, type ToolName as LostSpaceToolName } from './lostspace/rules.js'
export { createRng, type Rng } from './lostspace/rng.js'
export { ReplayRecorder as LostSpaceReplayRecorder } from './lostspace/replay.js'
export { parseAiMessage as parseLostSpaceAiMessage, actionToTuple as lostSpaceActionToTuple, tupleToAction as lostSpaceTupleToAction } from './lostspace/messages.js'
export * as lostspaceProtocol from './protocols/lostspace.js'
export { ConfigSchema, loadConfig, maskSecrets, type Config, type ConfigInput } from './cli/config.js'
