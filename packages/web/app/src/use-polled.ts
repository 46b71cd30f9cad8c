/**
 * A value the page keeps fresh by asking the server again every few seconds (sources, status,
 * an open device): loaded at once, reloaded on a timer and on demand, its last error kept as
 * a sentence. Answers that arrive after the component is gone, or after its inputs changed,
 * are dropped.
 */
import { useEffect, useState } from 'preact/hooks';
import { describe } from './api';

/** What `usePolled` gives: the last value, the last error ('' when the last load worked), and a reload. */
export interface Polled<T> {
  readonly value: T | undefined;
  readonly error: string;
  reload(): void;
}

/** Loads with `load` now and every `intervalMs`, again whenever `dependencies` change. */
export function usePolled<T>(load: () => Promise<T>, intervalMs: number, dependencies: readonly unknown[]): Polled<T> {
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const run = () =>
      load().then(
        (next) => {
          if (!live) return;
          setValue(() => next);
          setError('');
        },
        (failure: unknown) => live && setError(describe(failure)),
      );
    void run();
    const timer = setInterval(run, intervalMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [...dependencies, tick]);
  return { value, error, reload: () => setTick((previous) => previous + 1) };
}
