/** A state word (of a source's connection, a sink, a broker link) coloured by how it is doing. */

/** How a state is doing: healthy, waiting or retrying, failed, or off. */
export type StateTone = 'good' | 'waiting' | 'bad' | 'off';

/** The stylesheet's class of each tone. */
const TONE_CLASS: Readonly<Record<StateTone, string>> = { good: 'state-running', waiting: 'state-paused', bad: 'state-error', off: 'state-closed' };

/** The state as a coloured word; `testid` names it for the browser tests. */
export function State({ state, tone, testid }: { state: string; tone: StateTone; testid?: string }) {
  return (
    <span class={`state ${TONE_CLASS[tone] ?? TONE_CLASS.off}`} data-testid={testid}>
      {state}
    </span>
  );
}
