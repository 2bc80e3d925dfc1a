/**
 * Day and night. flying-squid's daycycle plugin already advances the time 20 ticks every second
 * and sends `update_time` to every client (so mineflayer's bot.time.timeOfDay and isDay follow);
 * we start it at the world's `startTime` and send the world's age too (flying-squid sends 0),
 * so bot.time.day counts days. `/time`, `/day` and `/night` stay operator commands.
 */
import type { SquidServer } from '../squid.js'

export function installDaytime(serv: SquidServer, startTime: number): void {
  let age = 0
  serv.time = startTime
  serv.setTime = (time: number) => {
    const next = ((Math.floor(time) % 24000) + 24000) % 24000
    const prev = serv.time ?? 0
    // the daily advance (20 ticks) counts as age; a jump set by an operator does not
    const step = (next - prev + 24000) % 24000
    if (step <= 20) age += step
    serv.time = next
    serv._writeAll('update_time', { age: [0, age], time: [0, next] })
  }
}
