/**
 * What the panel tests share: devices the plugin itself made from a built HCI capture (replayed
 * by a real test service and read back through the REST API, as the web app reads them), the
 * core's stand-in for the web app (`standInUiApi`, whose `useRef` keeps its value between
 * renders as Preact's does), and readers of the rendered tree.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, type FieldDefinition, type UiDevice } from '@svc/core';
import { createTestService, renderedText, waitUntil, type UiElement } from '@svc/core/testing';
import bluetoothPlugin from '../index.js';
import { btsnoopFile, type BtsnoopRecord } from '../testing/index.js';

/** The web app stand-in and tree readers all panel tests share, by the names these tests use. */
export { keyValueRows as keyValues, renderedElements as elements, renderedText as textOf, standInUiApi as standInApi, type UiElement as Element, type UiPanelDefinition as Panel } from '@svc/core/testing';

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

/** The rows of the table after the heading that starts with `heading`, as text. */
export function tableAfter(tree: UiElement[], heading: string, Table: unknown): string[][] {
  const at = tree.findIndex((element) => element.type === 'h3' && renderedText(element).startsWith(heading));
  const table = tree.slice(at).find((element) => element.type === Table);
  return (table?.props?.rows ?? []).map((row: unknown[]) => row.map(renderedText));
}

/** The fields of `record` (`btle.device`) the source files (beside this one) read that `registered` lacks; and how many distinct ones they read. */
export function unregisteredFieldsRead(files: readonly string[], record: string, registered: readonly FieldDefinition[]): { unregistered: string[]; read: number } {
  const pattern = new RegExp(`(${record.replace('.', '\\.')}\\.[a-z_]+)'`, 'g');
  const read = new Set(files.flatMap((file) => [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(pattern)].map((match) => match[1]!)));
  const names = new Set(registered.map((field) => field.name));
  return { unregistered: [...read].filter((field) => !names.has(field)), read: read.size };
}
