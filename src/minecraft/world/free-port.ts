import { createServer } from 'node:net'

/** Asks the OS for a free TCP port on `host` (flying-squid treats port 0 as "default 25565"). */
export function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.once('error', reject)
    srv.listen(0, host, () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => (port ? resolve(port) : reject(new Error(`could not find a free port on ${host}`))))
    })
  })
}
