/**
 * Every field of a record, as the API serves it: nested records and lists open on demand, so
 * a device with hundreds of fields stays readable. Field names are shown without the prefix
 * the group already names.
 */
import { useState } from 'preact/hooks';
import { cellText } from '../format';

function shortName(name: string, prefix: string): string {
  return prefix && name.startsWith(`${prefix}.`) ? name.slice(prefix.length + 1) : name;
}

function Value({ name, value, prefix }: { name: string; value: unknown; prefix: string }) {
  const [open, setOpen] = useState(false);
  const nested = value !== null && typeof value === 'object';
  const size = Array.isArray(value) ? value.length : nested ? Object.keys(value as object).length : 0;
  return (
    <li>
      {nested ? (
        <button type="button" class="tree-toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? '▾' : '▸'} {shortName(name, prefix)} <span class="muted">{Array.isArray(value) ? `[${size}]` : `{${size}}`}</span>
        </button>
      ) : (
        <span class="tree-leaf">
          <span class="tree-name">{shortName(name, prefix)}</span> <span class="tree-value">{cellText(value)}</span>
        </span>
      )}
      {nested && open && <Fields record={value as Record<string, unknown>} prefix={Array.isArray(value) ? '' : name} />}
    </li>
  );
}

/** The fields of a record (or the items of a list), as a tree. */
export function Fields({ record, prefix = '' }: { record: Record<string, unknown> | unknown[]; prefix?: string }) {
  const entries = Array.isArray(record) ? record.map((item, index) => [String(index), item] as const) : Object.entries(record);
  return (
    <ul class="tree">
      {entries.map(([name, value]) => (
        <Value key={name} name={name} value={value} prefix={prefix} />
      ))}
    </ul>
  );
}

/** A record's fields grouped by their owner (`svc.device.base`, a PHY's sub-record...). */
export function FieldGroups({ record }: { record: Record<string, unknown> }) {
  const groups = new Map<string, [string, unknown][]>();
  for (const [name, value] of Object.entries(record)) {
    const group = value !== null && typeof value === 'object' && !Array.isArray(value) && name.split('.').length <= 2 ? name : name.split('.').slice(0, -1).join('.') || name;
    groups.set(group, [...(groups.get(group) ?? []), [name, value]]);
  }
  return (
    <div class="field-groups">
      {[...groups].map(([group, entries]) => (
        <details key={group} open={group === 'svc.device.base'}>
          <summary>
            {group} <span class="muted">({entries.length})</span>
          </summary>
          <Fields record={Object.fromEntries(entries)} prefix={group} />
        </details>
      ))}
    </div>
  );
}
