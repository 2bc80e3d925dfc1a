// Placeholder registered by the CLI skeleton; the owner of this command replaces this file.
import type { Command } from 'commander'
import { UserError } from '../config.js'

export function register(program: Command): void {
  program
    .command('bot')
    .description('Run the bot for one protocol link (LynxMind, brain file, MaiCore)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => {
      throw new UserError("'mindbridge bot' is not implemented yet", 1)
    })
}
