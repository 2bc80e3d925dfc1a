// Placeholder registered by the CLI skeleton; the owner of this command replaces this file.
import type { Command } from 'commander'
import { UserError } from '../config.js'

export function register(program: Command): void {
  program
    .command('world')
    .description('Start the embedded Minecraft server (flying-squid 1.16.5) on loopback')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => {
      throw new UserError("'mindbridge world' is not implemented yet", 1)
    })
}
