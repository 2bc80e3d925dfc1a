/**
 * CPU time of the calling thread, in ms, for the sandbox's total CPU budget.
 *
 * Node 20 has no per-thread clock (`process.threadCpuUsage()` is Node 23+), and in a worker
 * `process.cpuUsage()` counts every thread of the process, so the host's own work would be
 * charged to the program. On Linux, `/proc/thread-self/stat` is the calling thread's own record:
 * fields 14 and 15 are its user and system time in clock ticks (USER_HZ, 100 per second on every
 * Linux ABI, so 10 ms steps). A synchronous read runs on the calling thread, so from the sandbox
 * worker it names the worker. Elsewhere there is no thread clock: `undefined`, and the caller
 * counts wall time inside the program instead (an upper bound of its CPU time).
 */
import { readFileSync } from 'node:fs'

const TICK_MS = 10
const STAT = '/proc/thread-self/stat'

export function readThreadCpuMs(): number | undefined {
  try {
    const text = readFileSync(STAT, 'latin1')
    // the command name (field 2) is in parentheses and may hold spaces: count from the last ')'
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    const user = Number(fields[11])
    const system = Number(fields[12])
    return Number.isFinite(user) && Number.isFinite(system) ? (user + system) * TICK_MS : undefined
  } catch {
    return undefined
  }
}
