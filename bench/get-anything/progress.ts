/**
 * "No step spends more than 60 s without progress" (issue 26), measured: the inventory is read
 * every half second, and a read where some item's count went up (a log dug, planks crafted, an
 * ingot smelted, a drop picked up) is progress. Spending alone is not; an empty read after a
 * non-empty one is skipped (a reconnect shows an empty inventory until the server sends it
 * again, and refilling it is no progress). The stall is the longest stretch between two
 * progress reads (or from the last one to the end), with what the bot was doing when it began
 * (read at the first poll after the gain: the step that made the gain, or the mind's first answer,
 * is not what the stretch was spent on) and, when it had moved on, what it was doing when it ended.
 */
export interface Stall {
  seconds: number
  during: string
}

type Counts = Record<string, number>

function gained(before: Counts, now: Counts): boolean {
  return Object.entries(now).some(([k, n]) => n > (before[k] ?? 0))
}

export function watchProgress(inventory: () => Counts, doing: () => string, everyMs = 500): { stop(): Stall } {
  let last = { ...inventory() }
  let since = Date.now()
  let sinceDoing: string | undefined
  let worst: Stall = { seconds: 0, during: '' }
  const close = () => {
    const s = (Date.now() - since) / 1000
    const began = sinceDoing ?? doing()
    const ended = doing()
    if (s > worst.seconds) worst = { seconds: s, during: began === ended ? began : `${began} … ${ended}` }
  }
  const timer = setInterval(() => {
    sinceDoing ??= doing()
    const now = { ...inventory() }
    const empty = Object.values(now).every((n) => !(n > 0))
    if (empty && Object.values(last).some((n) => n > 0)) return
    const progress = gained(last, now)
    last = now
    if (!progress) return
    close()
    since = Date.now()
    sinceDoing = undefined
  }, everyMs)
  return {
    stop() {
      clearInterval(timer)
      close()
      return worst
    },
  }
}
