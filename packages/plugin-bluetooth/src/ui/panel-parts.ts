/**
 * What the Classic and LE panels show alike: services with their names, service data, company
 * ids with their names, hex payloads, levels in dB. Both panels read the same kinds of data
 * from their own sub-records (`bluetooth.device.*`, `btle.device.*`), so they render them the
 * same way.
 */
import type { UiModuleApi } from '@svc/core';
import { companyIdText, knownCompanyName } from '../btle/company-ids.js';
import { serviceName, shortServiceUuid } from './service-names.js';

/** A sub-record as the REST API serves it. */
export type Entry = Readonly<Record<string, unknown>>;

/** A value as text; '' for none. */
export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** A list field as strings; [] for none. */
export const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** A level in dB or dBm, '' when it is 0 (what the records hold for "not known"). */
export const level = (value: unknown, unit: 'dB' | 'dBm'): string => (Number(value ?? 0) ? `${Number(value)} ${unit}` : '');

/** A company id with its name when svc knows it (`0x004C Apple, Inc.`). */
export function companyText(id: number): string {
  const name = knownCompanyName(id);
  return name === undefined ? companyIdText(id) : `${companyIdText(id)} ${name}`;
}

/** The building blocks, bound to the app's API. */
export function panelParts(ui: UiModuleApi) {
  const { h } = ui;
  const { Table } = ui.components;
  const hex = (value: string) => (value ? h('code', { style: 'word-break: break-all' }, value) : '');
  return {
    hex,
    /** A table of service UUIDs and what they are. */
    services: (uuids: readonly string[], empty: string) => h(Table, { columns: ['UUID', 'Service'], rows: uuids.map((uuid) => [h('code', null, shortServiceUuid(uuid)), serviceName(uuid)]), empty }),
    /** A table of service data (hex) by service UUID. */
    serviceData: (data: unknown) =>
      h(Table, {
        columns: ['UUID', 'Service', 'Data'],
        rows: Object.entries((data ?? {}) as Record<string, unknown>).map(([uuid, bytes]) => [h('code', null, uuid), serviceName(uuid), hex(text(bytes))]),
        empty: 'none',
      }),
  };
}
