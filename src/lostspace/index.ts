// `mindbridge/lostspace`: LostSpace game logic (map, rules, pure engine, Saiblo logic, replay), the judger,
// the logic program, built-in players and the SDK (also alone as `mindbridge/lostspace/sdk`).
export * from './sdk/index.js'
export { LostSpaceLogic, asciiJson, withHeader, MAX_PAYLOAD, type JudgerFrame, type LostSpaceLogicOptions, type LostSpaceInit } from './logic.js'
export { LostSpaceEngine, type Action as LostSpaceAction, type EngineEvent as LostSpaceEvent, type PlayerState as LostSpacePlayerState, type RankEntry as LostSpaceRankEntry } from './engine.js'
export { createRng, type Rng } from './rng.js'
export { ReplayRecorder as LostSpaceReplayRecorder } from './replay.js'
export { parseAiMessage as parseLostSpaceAiMessage, actionToTuple as lostSpaceActionToTuple, tupleToAction as lostSpaceTupleToAction } from './messages.js'
export * as lostspaceProtocol from '../protocols/lostspace.js'
export {
  runGame as runLostSpaceGame,
  type JudgerOptions as LostSpaceJudgerOptions,
  type GameResult as LostSpaceGameResult,
  type LogicLike as LostSpaceLogicLike,
  type RankingEntry as LostSpaceRankingEntry,
  type SeatError as LostSpaceSeatError,
} from './judger/judger.js'
export type { SeatSpec as LostSpaceSeatSpec } from './judger/seats.js'
export { AiProcess as LostSpaceAiProcess, killAllAiProcesses as killAllLostSpaceAiProcesses, type AiProcessOptions as LostSpaceAiProcessOptions, type AiFailure as LostSpaceAiFailure } from './judger/process.js'
export {
  encodeFrame as encodeSaibloFrame,
  encodeTargetedFrame as encodeSaibloTargetedFrame,
  encodeAiPayload as encodeSaibloAiPayload,
  decodeAiPayload as decodeSaibloAiPayload,
  FrameDecoder as SaibloFrameDecoder,
  AiPayloadDecoder as SaibloAiPayloadDecoder,
  FramingError as SaibloFramingError,
} from './judger/framing.js'
export { runLogicProgram as runLostSpaceLogicProgram } from './logic-runner.js'
export {
  createBuiltinPlayer as createLostSpacePlayer,
  createRandomPlayer as createLostSpaceRandomPlayer,
  createStrategistPlayer as createLostSpaceStrategistPlayer,
  createLlmPlayer as createLostSpaceLlmPlayer,
  BUILTIN_PLAYERS as LOSTSPACE_PLAYERS,
  type LlmPlayerOptions as LostSpaceLlmPlayerOptions,
} from './bots/index.js'
