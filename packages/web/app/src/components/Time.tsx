/** A Unix time shown as local date and time with how long ago it was. */
import { ago, dateTime } from '../format';

/** A time, or a dash for 0. */
export function Time({ seconds }: { seconds: number }) {
  if (!seconds) return <span class="muted">–</span>;
  return (
    <span title={dateTime(seconds)}>
      {dateTime(seconds)} <span class="muted">({ago(seconds)} ago)</span>
    </span>
  );
}
