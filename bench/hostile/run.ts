/** Runs every hostile-input surface in turn and returns the tally (the bench prints it; the test checks a slice). */
import { attackCli } from './cli.js'
import { attackBrainFile, attackConfig } from './files.js'
import { attackParsers } from './parsers.js'
import { attackSandbox } from './sandbox.js'
import { attackControlApi, attackLostspaceWeb, attackMaimClient, attackMaimServer, attackRemoteMind } from './sockets.js'
import { Tally } from './tally.js'

export async function runHostile(opts: { scale: number }): Promise<Tally> {
  const tally = new Tally()
  const s = opts.scale
  await attackParsers(tally, s)
  await attackRemoteMind(tally, s)
  await attackControlApi(tally, s)
  await attackMaimServer(tally, s)
  await attackMaimClient(tally, s)
  await attackLostspaceWeb(tally, s)
  await attackBrainFile(tally, s)
  await attackSandbox(tally, s)
  await attackConfig(tally)
  await attackCli(tally)
  return tally
}
