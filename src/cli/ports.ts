/**
 * Checks the ports a command will listen on before it starts anything (world, bot, mind), so a busy
 * port or an address that is not this machine's is one clear line naming the port, the flag and
 * the fix, instead of a bare EADDRINUSE after the world is up and a token was printed.
 */
import { createServer } from 'node:net'
import { UserError } from './config.js'

export interface PortUse {
  /** What listens there, e.g. "the control API". */
  what: string
  host: string
  /** 0 = any free port: nothing to check. */
  port: number
  /** The flag that sets the port, e.g. "--control-port". */
  flag: string
  /** The flag that sets the address, when there is one (e.g. "--host"). */
  hostFlag?: string
  /** A third way out, e.g. "leave out --control" or "turn it off with --no-control". */
  orElse?: string
}

/** Exit code of a port that is busy or an address that cannot be listened on: a usage problem, fixed by a flag. */
export const PORT_EXIT_CODE = 2

function tryListen(host: string, port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.unref()
    srv.once('error', (err: NodeJS.ErrnoException) => resolve(err))
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(undefined)))
  })
}

/** The message for a listen error on `use`, one line. */
export function describeListenError(use: PortUse, err: NodeJS.ErrnoException): string {
  const where = `${use.host}:${use.port}`
  switch (err.code) {
    case 'EADDRINUSE':
      return (
        `port ${use.port} on ${use.host} (${use.what}, ${use.flag}) is already in use` +
        ` — another program (or another mindbridge) listens there; choose another port with ${use.flag} <port>, or ${use.flag} 0 for any free one` +
        (use.orElse ? `, or ${use.orElse}` : '')
      )
    case 'EACCES':
      return `not allowed to listen on ${where} (${use.what}, ${use.flag}): ports below 1024 need special rights — choose a port above 1024 with ${use.flag} <port>, or ${use.flag} 0 for any free one`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `cannot listen on ${where} (${use.what}${use.hostFlag ? `, ${use.hostFlag}` : ''}): the address ${JSON.stringify(use.host)} does not resolve — use an address of this machine, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every network)`
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where} (${use.what}${use.hostFlag ? `, ${use.hostFlag}` : ''}): ${use.host} is not an address of this machine — use 127.0.0.1 (this machine only) or 0.0.0.0 (every network)`
    default:
      return `cannot listen on ${where} (${use.what}, ${use.flag}): ${err.code ? `${err.code} ` : ''}${err.message}`
  }
}

/** Throws a UserError (exit 2) for the first use that cannot listen (for port 0 only the address is checked). */
export async function checkPorts(uses: PortUse[]): Promise<void> {
  const seen = new Map<number, PortUse>()
  for (const use of uses) {
    if (use.port === 0) continue
    const twin = seen.get(use.port)
    if (twin) {
      throw new UserError(`${use.what} (${use.flag}) and ${twin.what} (${twin.flag}) both want port ${use.port} — give one of them another port, or 0 for any free one`, PORT_EXIT_CODE)
    }
    seen.set(use.port, use)
  }
  for (const use of uses) {
    if (use.port === 0) {
      // any free port will do; the address must still be one this machine can listen on
      const err = await tryListen(use.host, 0)
      if (err) throw new UserError(describeListenError(use, err), PORT_EXIT_CODE)
      continue
    }
    const err = await tryListen(use.host, use.port)
    if (err) throw new UserError(describeListenError(use, err), PORT_EXIT_CODE)
  }
}
