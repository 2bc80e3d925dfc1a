/** The LostSpace SDK for AIs written in TypeScript. */
export * from './messages.js'
export * from './state.js'
export * from './client.js'
