/** A titled block of a page or panel. */
import type { ComponentChildren } from 'preact';

/** A block with a heading. */
export function Section({ title, children, actions }: { title: string; children?: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <section class="section">
      <header class="section-head">
        <h2>{title}</h2>
        {actions && <div class="section-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
