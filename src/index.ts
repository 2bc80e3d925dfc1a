// Public API of the mindbridge package. Modules add their exports here.
export { createLogger, setLogLevel, type Logger, type LogLevel } from './core/logger.js'
