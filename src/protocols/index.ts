// Wire protocols: zod schemas (type + validator + JSON Schema), normalizers, emitters.
// No I/O, no game imports.
export * from './common.js'
export * from './lynxmind.js'
export * from './brainfile.js'
export * from './maim.js'
// LostSpace schemas (owned by the LostSpace engine), namespaced to keep names apart
export * as lostspace from './lostspace.js'
