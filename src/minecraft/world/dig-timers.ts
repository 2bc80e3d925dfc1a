/**
 * flying-squid's digging plugin starts a 100 ms `setInterval` (its `updateAnimation`) when a player
 * starts digging and clears it only when that dig is cancelled or finished: a player who leaves
 * mid-dig (a bot whose server restarts, a kicked client) or a second start packet leaks it, and a
 * leaked interval keeps the process alive after every world has closed. The interval is created
 * inside an async packet handler, so it cannot be captured in a synchronous window as the login
 * timers are (login-timers.ts). Instead setInterval is wrapped once per process; only intervals whose
 * callback is flying-squid's `updateAnimation` are touched: unref'd (they never hold the process)
 * and remembered, and cleared when the last open world closes.
 */
const ANIMATION_CALLBACK = 'updateAnimation'
const animations = new Set<NodeJS.Timeout>()
let openWorlds = 0
let installed = false

function install(): void {
  if (installed) return
  installed = true
  const real = globalThis.setInterval
  const wrapped = ((fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
    const t = real(fn, ms, ...rest)
    if (typeof fn === 'function' && fn.name === ANIMATION_CALLBACK) {
      t.unref()
      animations.add(t)
    }
    return t
  }) as typeof setInterval
  globalThis.setInterval = wrapped
}

/** Call when a world starts; the returned function when it has closed. */
export function trackDigAnimations(): () => void {
  install()
  openWorlds++
  let closed = false
  return () => {
    if (closed) return
    closed = true
    openWorlds--
    if (openWorlds > 0) return
    for (const t of animations) clearInterval(t)
    animations.clear()
  }
}
