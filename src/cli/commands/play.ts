// Placeholder registered by the CLI skeleton; the owner of this command replaces this file.
import type { Command } from 'commander'
import { UserError } from '../config.js'

export function register(program: Command): void {
  program
    .command('play')
    .description('Connect a bot to a Minecraft server and let a mind play it')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => {
      throw new UserError("'mindbridge play' is not implemented yet", 1)
    })
}
