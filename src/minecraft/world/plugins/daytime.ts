/**
 * Day and night. flying-squid's daycycle plugin advances the time 20 ticks every second and sends
 * `update_time`; we take that over (its cycle is switched off) so that
 *  - the world starts at its `startTime`,
 *  - the world's age is sent too (flying-squid sends 0), so mineflayer's bot.time.day counts days,
 *  - the clock may run faster than the server tick (`daySpeed`, default 1 = vanilla: 20 ticks of
 *    time per second). A faster clock only shortens the day: mobs, hunger, furnaces and every other
 *    rule still run on the 20 Hz server tick, so a night at speed 10 has a tenth of the spawn
 *    attempts of a vanilla night. Tests use it to live through a night in a minute.
 * `/time`, `/day` and `/night` stay operator commands.
 */
import type { SquidServer } from '../squid.js'

export interface Daytime {
  /** Game ticks the clock advances per server tick. */
  readonly speed: number
}

export function installDaytime(serv: SquidServer, startTime: number, speed = 1): Daytime {
  let age = 0
  serv.time = startTime
  const send = () => serv._writeAll('update_time', { age: [0, age], time: [0, serv.time ?? 0] })
  // an operator's jump in time is not age
  serv.setTime = (time: number) => {
    serv.time = ((Math.floor(time) % 24000) + 24000) % 24000
    send()
  }
  const cycle = serv as unknown as { doDaylightCycle: boolean }
  cycle.doDaylightCycle = false // flying-squid's own cycle: ours replaces it
  serv.on('tick', (_delta: number, count: number) => {
    // once a second, as vanilla sends it
    const step = 20 * speed
    if (count % 20 !== 0) return
    age += step
    serv.time = (((serv.time ?? 0) + step) % 24000 + 24000) % 24000
    send()
  })
  return { speed }
}
