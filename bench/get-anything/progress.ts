/**
 * "No step spends more than 60 s without progress" (issue 26), measured: the inventory is read
 * every half second; the longest stretch between two changes (or from the last change to the
 * end) is the stall, with what the bot was doing when it began.
 */
export interface Stall {
  seconds: number
  during: string
}

export function watchProgress(inventory: () => Record<string, number>, doing: () => string, everyMs = 500): { stop(): Stall } {
  const key = () => JSON.stringify(Object.entries(inventory()).filter(([, n]) => n > 0).sort())
  let last = key()
  let since = Date.now()
  let sinceDoing = doing()
  let worst: Stall = { seconds: 0, during: '' }
  const close = () => {
    const s = (Date.now() - since) / 1000
    if (s > worst.seconds) worst = { seconds: s, during: sinceDoing }
  }
  const timer = setInterval(() => {
    const now = key()
    if (now === last) return
    close()
    last = now
    since = Date.now()
    sinceDoing = doing()
  }, everyMs)
  return {
    stop() {
      clearInterval(timer)
      close()
      return worst
    },
  }
}
