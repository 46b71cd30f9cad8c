/** A plain table with a header row, for the short lists of panels (SSIDs, clients, readings). */
import type { ComponentChildren } from 'preact';

/** Columns and rows; `empty` is shown when there are no rows. */
export function Table({ columns, rows, empty = 'none' }: { columns: readonly string[]; rows: readonly (readonly unknown[])[]; empty?: string }) {
  if (rows.length === 0) return <p class="muted">{empty}</p>;
  return (
    <table class="plain">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, column) => (
              <td key={column}>{cell as ComponentChildren}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
