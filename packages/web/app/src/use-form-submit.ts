/**
 * A form whose submit calls the server (the login and first-run forms): busy while the call
 * runs, so the button can be disabled, and the refusal kept as a sentence to show, cleared on
 * the next try. The action may throw a sentence of its own before calling the server (two
 * passwords that differ).
 */
import { useState } from 'preact/hooks';
import { describe } from './api';

/** What `useFormSubmit` gives a form. */
export interface FormSubmit {
  readonly busy: boolean;
  /** The last refusal as a sentence; '' when the last try worked or none was made. */
  readonly error: string;
  /** The last refusal itself, for a form that acts on its kind; undefined when none. */
  readonly failure: unknown;
  /** The form's submit handler. */
  onSubmit(event: Event): Promise<void>;
}

/** Runs `action` on submit, keeping its refusal. */
export function useFormSubmit(action: () => Promise<void>): FormSubmit {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(undefined);
  return {
    busy,
    error: failure === undefined ? '' : describe(failure),
    failure,
    async onSubmit(event) {
      event.preventDefault();
      setBusy(true);
      setFailure(undefined);
      try {
        await action();
      } catch (refusal) {
        setFailure(refusal);
      } finally {
        setBusy(false);
      }
    },
  };
}
