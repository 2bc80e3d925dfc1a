// Public API of the mindbridge package. Modules add their exports here.
export { createLogger, setLogLevel, type Logger, type LogLevel } from './core/logger.js'
export { createContextBus, formatGap, type ContextBus, type ContextEntry, type BuildXmlOptions } from './core/context-bus.js'
export { parseModelJson, parseModelAnswer, type ParseModelJsonResult, type ParseModelAnswerResult } from './core/model-json.js'
export { formatZodIssues } from './core/schema-errors.js'
export * from './core/llm/index.js'
