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
// LostSpace judger, Saiblo logic program, SDK and built-in players (lostspace-judger)
export {
  runGame as runLostSpaceGame,
  type JudgerOptions as LostSpaceJudgerOptions,
  type GameResult as LostSpaceGameResult,
  type LogicLike as LostSpaceLogicLike,
  type RankingEntry as LostSpaceRankingEntry,
  type SeatError as LostSpaceSeatError,
} from './lostspace/judger/judger.js'
export type { SeatSpec as LostSpaceSeatSpec } from './lostspace/judger/seats.js'
export { AiProcess as LostSpaceAiProcess, killAllAiProcesses as killAllLostSpaceAiProcesses, type AiProcessOptions as LostSpaceAiProcessOptions, type AiFailure as LostSpaceAiFailure } from './lostspace/judger/process.js'
export {
  encodeFrame as encodeSaibloFrame,
  encodeTargetedFrame as encodeSaibloTargetedFrame,
  encodeAiPayload as encodeSaibloAiPayload,
  decodeAiPayload as decodeSaibloAiPayload,
  FrameDecoder as SaibloFrameDecoder,
  AiPayloadDecoder as SaibloAiPayloadDecoder,
  FramingError as SaibloFramingError,
} from './lostspace/judger/framing.js'
export { runLogicProgram as runLostSpaceLogicProgram } from './lostspace/logic-runner.js'
export {
  LostSpaceClient,
  createStreamTransport as createLostSpaceStreamTransport,
  runPlayerOnStdio as runLostSpacePlayerOnStdio,
  type Player as LostSpacePlayer,
  type PlayerApi as LostSpacePlayerApi,
  type Transport as LostSpaceTransport,
} from './lostspace/sdk/client.js'
export { GameStateTracker as LostSpaceStateTracker, type OtherState as LostSpaceOtherState, type GameEvent as LostSpaceGameEvent } from './lostspace/sdk/state.js'
export type {
  Action as LostSpaceWireAction,
  ServerMessage as LostSpaceServerMessage,
  ActionReply as LostSpaceActionReply,
  RoundBeginFull as LostSpaceRoundBegin,
} from './lostspace/sdk/messages.js'
export {
  createBuiltinPlayer as createLostSpacePlayer,
  createRandomPlayer as createLostSpaceRandomPlayer,
  createStrategistPlayer as createLostSpaceStrategistPlayer,
  createLlmPlayer as createLostSpaceLlmPlayer,
  BUILTIN_PLAYERS as LOSTSPACE_PLAYERS,
  type LlmPlayerOptions as LostSpaceLlmPlayerOptions,
} from './lostspace/bots/index.js'
// LynxMind link, minds, planner, control API, task sources (lynxmind)
export { LynxMindLink, createLynxMindLink, type LynxMindLinkOptions, type TaskRecord as LynxTaskRecord, type TaskStatus as LynxTaskStatus, type TrafficEvent as LynxTrafficEvent } from './minecraft/links/lynxmind.js'
export { runAction as runLynxAction, type ActionOutcome as LynxActionOutcome } from './minecraft/links/lynxmind-actions.js'
export { judgeTask as judgeLynxTask } from './minecraft/links/lynxmind-judge.js'
export { LynxSession, formatSummary as formatLynxSummary, type SessionOptions as LynxSessionOptions, type SessionSummary as LynxSessionSummary } from './minecraft/links/lynxmind-session.js'
export { createMind, type CreateMindOptions } from './minecraft/minds/index.js'
export { BuiltinMind, createBuiltinMind, type BuiltinMindOptions } from './minecraft/minds/builtin.js'
export { LlmMind, createLlmMind, type LlmMindOptions } from './minecraft/minds/llm.js'
export { RemoteMind, createRemoteMind, type RemoteMindOptions } from './minecraft/minds/remote.js'
export { renderSystemPrompt as renderLynxSystemPrompt, renderModEvent as renderLynxModEvent } from './minecraft/minds/prompt.js'
export type { Mind, MindContext, MindKind, MindStats } from './minecraft/minds/types.js'
export { plan as planRecipe, firstStep as firstPlanStep, type PlanStep, type PlanResult, type PlanOptions } from './minecraft/planner/plan.js'
export { parseGoal, describeGoal, type Goal } from './minecraft/planner/goal.js'
export { ItemBook, defaultItemBook } from './minecraft/planner/items.js'
export { startControlServer, type ControlServer, type ControlServerOptions } from './minecraft/control/server.js'
export { attachChatTasks, parseChatCommand, type ChatCommand, type ChatTaskOptions } from './minecraft/tasks.js'
// Minecraft body (body): mineflayer bot implementing the Body contract, skills, senses, reflexes
export { startWorld, WORLD_VERSION, type World, type StartWorldOptions } from './minecraft/world/index.js'
export { createBody, MineflayerBody, halt as haltBot, type CreateBodyOptions } from './minecraft/body/index.js'
export type { Body, BodyStatus, Activity, InventoryEntry, Equipment, Position, Vision, VisionOptions, SeenBlock, SeenEntity, SkillCall, SkillName, SkillResult, CraftResult, ItemCount, RunOptions } from './minecraft/body/types.js'
export { SkillCallSchema, ItemCountSchema, parseSkillCall } from './minecraft/body/schema.js'
export { inferHurtKind, healthChangeEvent, type HurtKind, type HurtEvidence } from './minecraft/body/senses/hurt.js'
export { mapWindowSlot, groupSlots, lynxStatusOf, currentTaskOf } from './minecraft/links/lynxmind-status.js'
export { selectReflexes, type ReflexName, type ReflexSwitches } from './minecraft/body/reflexes/index.js'
export { resolveCollectTarget, resolveItemNames } from './minecraft/body/items.js'
export { namespaced as namespacedItem, bareName as bareItemName, TAGS as ITEM_TAGS, planKey } from './minecraft/names.js'
