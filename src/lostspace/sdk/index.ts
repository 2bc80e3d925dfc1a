// `mindbridge/lostspace/sdk`: what a LostSpace AI written in TypeScript needs: the client (framing and
// turn API), the state tracker, the wire types and the map. No engine, judger or game of another kind.
export {
  LostSpaceClient,
  createStreamTransport as createLostSpaceStreamTransport,
  runPlayerOnStdio as runLostSpacePlayerOnStdio,
  type Player as LostSpacePlayer,
  type PlayerApi as LostSpacePlayerApi,
  type Transport as LostSpaceTransport,
} from './client.js'
export { GameStateTracker as LostSpaceStateTracker, type OtherState as LostSpaceOtherState, type GameEvent as LostSpaceGameEvent } from './state.js'
export type {
  Action as LostSpaceWireAction,
  ServerMessage as LostSpaceServerMessage,
  ActionReply as LostSpaceActionReply,
  RoundBeginFull as LostSpaceRoundBegin,
} from './messages.js'
export { loadMap, parseMap, defaultMapPath, GameMap, SPAWNS, CAPSULE, DIRECTIONS, posKey, samePos, type Pos as LostSpacePos } from '../map.js'
export { RULES as LOSTSPACE_RULES, Status as LostSpaceStatus, TOOL_NAMES as LOSTSPACE_TOOL_NAMES, type Rules as LostSpaceRules, type ToolName as LostSpaceToolName } from '../rules.js'
