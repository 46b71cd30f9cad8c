/**
 * The tooltip lines UI modules add for a device on the map (`mapHint`). They are read when a
 * user points at a device, all of its hint fields in one request, and kept a few seconds: the
 * map's own answers stay as small as they are, and moving the pointer over a device asks the
 * server once, not once per mouse move.
 */
import type { UiMapHint } from '@svc/core';
import { get } from '../api';

/** How long a device's hint lines are kept before they are asked for again. */
const KEEP_MS = 5_000;

const hints: UiMapHint[] = [];
const kept = new Map<string, { readonly at: number; readonly lines: Promise<string[]> }>();

/** Adds a module's hint, after those before it. */
export function addMapHint(hint: UiMapHint): void {
  hints.push(hint);
}

/** The hint lines of a device, in the order the hints were added; none asked for when no module adds a hint. */
export function mapHintLines(deviceKey: string): Promise<string[]> {
  if (!hints.length) return Promise.resolve([]);
  const now = Date.now();
  const known = kept.get(deviceKey);
  if (known && now - known.at < KEEP_MS) return known.lines;
  for (const [key, entry] of kept) if (now - entry.at >= KEEP_MS) kept.delete(key);
  const asked = [...hints];
  const lines = get<Record<string, unknown>>(`devices/by-key/${encodeURIComponent(deviceKey)}/device.json`, { fields: asked.map((hint, index) => [hint.field, `h${index}`]) })
    .then((device) => Promise.all(asked.map((hint, index) => Promise.resolve(hint.text(device[`h${index}`])).catch(() => undefined))))
    .then((texts) => texts.filter((text): text is string => typeof text === 'string' && text !== ''))
    .catch(() => []);
  kept.set(deviceKey, { at: now, lines });
  return lines;
}
