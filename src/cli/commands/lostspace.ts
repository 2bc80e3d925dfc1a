// Placeholder registered by the CLI skeleton; the owner of this command replaces this file.
import type { Command } from 'commander'
import { UserError } from '../config.js'

export function register(program: Command): void {
  program
    .command('lostspace')
    .description('Run LostSpace games: judger, built-in bots, model players')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => {
      throw new UserError("'mindbridge lostspace' is not implemented yet", 1)
    })
}
