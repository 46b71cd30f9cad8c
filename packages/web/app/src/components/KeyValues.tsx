/** A two-column list of labels and values, for summaries. */
import type { ComponentChildren } from 'preact';

/** Rows of label and value; an empty value shows as a dash. */
export function KeyValues({ rows }: { rows: readonly (readonly [string, unknown])[] }) {
  return (
    <dl class="key-values">
      {rows.map(([label, value]) => (
        <div class="key-value" key={label}>
          <dt>{label}</dt>
          <dd>{value === undefined || value === null || value === '' ? '–' : (value as ComponentChildren)}</dd>
        </div>
      ))}
    </dl>
  );
}
