// Wire protocols: zod schemas (type + validator + JSON Schema), normalizers, emitters.
// No I/O, no game imports. LostSpace schemas live in ./lostspace.ts (owned separately).
export * from './common.js'
export * from './lynxmind.js'
export * from './brainfile.js'
export * from './maim.js'
