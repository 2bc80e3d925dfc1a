/** The part of the ContextBus (src/core/context-bus.ts) the body writes to. */
export interface BusLike {
  pushPlayer(name: string, content: string): unknown
  pushServer(content: string): unknown
  pushEvent(type: string, data: string): unknown
}
