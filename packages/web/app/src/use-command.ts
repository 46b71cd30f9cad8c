/**
 * Running an admin command from a form or a button: the server's refusal is kept as a sentence
 * to show beside the control, and cleared on the next try.
 */
import { useState } from 'preact/hooks';
import { command, describe } from './api';

/** What `useCommand` gives: the last refusal ('' when the last command worked) and a runner. */
export interface CommandRunner {
  readonly error: string;
  /** Posts `dictionary` to `path`; true when it worked. */
  run(path: string, dictionary: Record<string, unknown>): Promise<boolean>;
}

/** A command runner with its own error. */
export function useCommand(): CommandRunner {
  const [error, setError] = useState('');
  return {
    error,
    async run(path, dictionary) {
      setError('');
      try {
        await command(path, dictionary);
        return true;
      } catch (failure) {
        setError(describe(failure));
        return false;
      }
    },
  };
}
