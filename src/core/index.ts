// `mindbridge/core`: the game-agnostic core (logger, ContextBus, model-JSON parsing, LLM client).
export { createLogger, setLogLevel, setLogFormat, type Logger, type LogLevel } from './logger.js'
export { createContextBus, formatGap, type ContextBus, type ContextEntry, type BuildXmlOptions } from './context-bus.js'
export { parseModelJson, parseModelAnswer, type ParseModelJsonResult, type ParseModelAnswerResult } from './model-json.js'
export { formatZodIssues } from './schema-errors.js'
export * from './llm/index.js'
export { createSandbox, SANDBOX_DEFAULTS, type CodeError, type HostFunction, type ProgramResult, type ProgramRunner, type ProgramSpec, type SandboxOptions } from './sandbox/index.js'
