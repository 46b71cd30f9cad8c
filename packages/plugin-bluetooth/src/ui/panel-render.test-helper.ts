/**
 * What the panel tests share: devices the plugin itself made from a built HCI capture (replayed
 * by a real test service and read back through the REST API, as the web app reads them), a
 * stand-in for the web app whose `h` returns plain objects and whose `useRef` keeps its value
 * between renders as Preact's does, and readers of the rendered tree.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type FieldDefinition, type UiDevice, type UiModuleApi } from '@svc/core';
import { createTestService, waitUntil } from '@svc/core/testing';
import bluetoothPlugin from '../index.js';
import { btsnoopFile, type BtsnoopRecord } from '../testing/index.js';

/** A panel as a module registers it. */
export type Panel = Parameters<UiModuleApi['devicePanel']>[0];

/** An element of a rendered tree. */
export interface Element {
  type: unknown;
  props: Record<string, any> | null;
  children: unknown[];
}

/** Replays `records` as a btsnoop file in a test service with the plugin; the devices of `view`, as the REST API serves them. */
export async function devicesOf(records: readonly BtsnoopRecord[], view: string): Promise<UiDevice[]> {
  const t = await createTestService({ plugins: [bluetoothPlugin], log: createLogger({ write: () => {} }) });
  try {
    const path = join(mkdtempSync(join(tmpdir(), 'svc-bt-panels-')), 'built.log');
    writeFileSync(path, btsnoopFile(records));
    const source = await t.svc.datasources.add(`${path}:name=built`);
    await waitUntil('the capture is read', () => source.numPackets >= records.length, { timeoutMs: 10_000 });
    return (await (await t.request(`/devices/views/${view}/devices.json`)).json()) as UiDevice[];
  } finally {
    await t.close();
  }
}

/** A stand-in for the web app's API: components are named functions, `rrd` is what the test says. */
export function standInApi(rrd: UiModuleApi['rrd'] = () => ({ times: [], values: [] })) {
  const panels: Panel[] = [];
  const refs: { current: unknown }[] = [];
  let nextRef = 0;
  const components = { KeyValues: () => null, Table: () => null, Graph: () => null, State: () => null };
  const h = (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => ({ type, props, children });
  const Fragment = () => null;
  const ui = {
    h,
    Fragment,
    components,
    rrd,
    // One component's refs, in the order it asks for them; `rendering()` starts a render over.
    hooks: { useRef: (initial: unknown) => (refs[nextRef++] ??= { current: initial }) },
    devicePanel: (panel: Panel) => panels.push(panel),
  } as unknown as UiModuleApi;
  return { ui, panels, components, Fragment, rendering: () => (nextRef = 0) };
}

/** Every element of a rendered tree, depth first, including those in a table's or a list's rows. */
export function elements(node: unknown): Element[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!node || typeof node !== 'object' || !('children' in node)) return [];
  const element = node as Element;
  return [element, ...elements(element.props?.rows ?? []), ...element.children.flatMap(elements)];
}

/** The text of a cell or value: strings as they are, elements by their text children. */
export function textOf(node: unknown): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'children' in node) return textOf((node as Element).children);
  return '';
}

/** The rows of the first `KeyValues` of a tree, as label and text. */
export function keyValues(tree: Element[], KeyValues: unknown): Record<string, string> {
  const rows = tree.find((element) => element.type === KeyValues)!.props!.rows as [string, unknown][];
  return Object.fromEntries(rows.map(([label, value]) => [label, textOf(value)]));
}

/** The rows of the table after the heading that starts with `heading`, as text. */
export function tableAfter(tree: Element[], heading: string, Table: unknown): string[][] {
  const at = tree.findIndex((element) => element.type === 'h3' && textOf(element).startsWith(heading));
  const table = tree.slice(at).find((element) => element.type === Table);
  return (table?.props?.rows ?? []).map((row: unknown[]) => row.map(textOf));
}

/** The fields of `record` (`btle.device`) the source files (beside this one) read that `registered` lacks; and how many distinct ones they read. */
export function unregisteredFieldsRead(files: readonly string[], record: string, registered: readonly FieldDefinition[]): { unregistered: string[]; read: number } {
  const pattern = new RegExp(`(${record.replace('.', '\\.')}\\.[a-z_]+)'`, 'g');
  const read = new Set(files.flatMap((file) => [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(pattern)].map((match) => match[1]!)));
  const names = new Set(registered.map((field) => field.name));
  return { unregistered: [...read].filter((field) => !names.has(field)), read: read.size };
}
