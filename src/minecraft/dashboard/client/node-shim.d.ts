// The page's script imports the wire types (../protocol.ts), which name the body's status type
// from body/types.ts; that file also declares the Body interface on node's EventEmitter. The
// browser build has no node types, so this declares just that name for type-checking the page
// (tsconfig.web.json); nothing of it reaches the bundle.
declare module 'node:events' {
  export class EventEmitter {}
}
