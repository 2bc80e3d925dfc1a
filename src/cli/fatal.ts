/**
 * Errors nothing caught: an uncaught exception or an unhandled rejection. By default the CLI
 * prints one line and exits 1 (`main.ts`). A command with a task under way (`play`, `bot`) takes
 * them while it runs, so that the run ends with a summary saying why instead of dying silently.
 */

export type FatalTaker = (err: Error) => void

const takers: FatalTaker[] = []

/** `taker` gets every fatal error until the returned function is called (the latest taker wins). */
export function takeFatalErrors(taker: FatalTaker): () => void {
  takers.push(taker)
  return () => {
    const i = takers.lastIndexOf(taker)
    if (i >= 0) takers.splice(i, 1)
  }
}

/** Gives `err` to the latest taker; false when nobody takes it (the caller then exits). */
export function handOverFatal(err: unknown): boolean {
  const taker = takers.at(-1)
  if (!taker) return false
  try {
    taker(asError(err))
    return true
  } catch {
    return false
  }
}

export function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(typeof err === 'string' ? err : String(err))
}

/** One line: the error's name and message, and the first stack frame when there is one. */
export function describeFatal(err: Error): string {
  const frame = err.stack
    ?.split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('at '))
  const message = `${err.name}: ${err.message}`.replace(/\s*[\r\n]+\s*/g, ' ')
  return frame ? `${message} (${frame})` : message
}
