/**
 * oclif's `command_not_found` hook: a mistyped command (`svc strat`) ends with one line saying
 * which command it most likely meant, and status 2, instead of oclif's bare "command not found".
 */
import type { Hook } from '@oclif/core';
import { suggestCommand } from '../command-suggestion.js';

/** Suggests the closest command and exits 2. */
const commandNotFound: Hook.CommandNotFound = async function ({ id, config }) {
  const shown = (commandId: string) => commandId.replaceAll(':', ' ');
  const suggestion = suggestCommand(id, config.commandIDs);
  process.stderr.write(`svc: '${shown(id)}' is not a svc command.${suggestion ? ` Did you mean 'svc ${shown(suggestion)}'?` : ''} 'svc --help' lists the commands.\n`);
  this.exit(2);
};

export default commandNotFound;
