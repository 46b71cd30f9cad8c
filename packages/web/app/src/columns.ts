/**
 * The device table's columns: what each shows, the field it asks the server for (also what the
 * server sorts by), and how a cell reads. Which columns show is chosen per PHY (a view of
 * sensors has no encryption column) and can be changed by the user; the choice is kept in the
 * browser.
 */
import { ago, cellText, count } from './format';

/** A column of the device table. */
export interface Column {
  readonly id: string;
  readonly title: string;
  /** The field path requested and sorted by. */
  readonly field: string;
  readonly width: string;
  /** Text of a cell from the field's value. */
  cell(value: unknown, now: number): string;
  readonly numeric?: boolean;
}

const text = (value: unknown) => cellText(value);

/** Every column the table offers. */
export const COLUMNS: readonly Column[] = [
  { id: 'name', title: 'Name', field: 'svc.device.base.commonname', width: '16em', cell: text },
  { id: 'type', title: 'Type', field: 'svc.device.base.type', width: '9em', cell: text },
  { id: 'mac', title: 'MAC', field: 'svc.device.base.macaddr', width: '11em', cell: text },
  { id: 'manuf', title: 'Manufacturer', field: 'svc.device.base.manuf', width: '12em', cell: text },
  { id: 'phy', title: 'PHY', field: 'svc.device.base.phyname', width: '7em', cell: text },
  { id: 'channel', title: 'Channel', field: 'svc.device.base.channel', width: '5em', cell: text },
  { id: 'signal', title: 'Signal', field: 'svc.device.base.signal/svc.common.signal.last_signal', width: '5em', numeric: true, cell: (value) => (value ? `${String(value)} dBm` : '') },
  { id: 'crypt', title: 'Crypt', field: 'svc.device.base.crypt', width: '8em', cell: text },
  { id: 'packets', title: 'Packets', field: 'svc.device.base.packets.total', width: '6em', numeric: true, cell: (value) => (typeof value === 'number' ? count(value) : '') },
  { id: 'seen', title: 'Last seen', field: 'svc.device.base.last_time', width: '6em', numeric: true, cell: (value, now) => (typeof value === 'number' ? ago(value, now) : '') },
  { id: 'first', title: 'First seen', field: 'svc.device.base.first_time', width: '6em', numeric: true, cell: (value, now) => (typeof value === 'number' ? ago(value, now) : '') },
];

/** Default columns for a view, by the PHY it holds (from its id: `phy-RTL433`, `phydot11_accesspoints`). */
export function defaultColumns(view: string): string[] {
  if (/RTL433|rtl433/.test(view)) return ['name', 'mac', 'channel', 'signal', 'packets', 'seen'];
  if (/BTLE/.test(view)) return ['name', 'mac', 'manuf', 'signal', 'packets', 'seen'];
  if (view === 'all') return ['name', 'type', 'phy', 'mac', 'manuf', 'channel', 'signal', 'packets', 'seen'];
  return ['name', 'type', 'mac', 'manuf', 'channel', 'signal', 'crypt', 'packets', 'seen'];
}

const storageKey = (view: string) => `svc.columns.${view}`;

/** The columns chosen for a view: the user's choice, else the default. */
export function chosenColumns(view: string): Column[] {
  let ids: string[] = defaultColumns(view);
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(view)) ?? 'null') as unknown;
    if (Array.isArray(stored) && stored.every((id) => typeof id === 'string')) ids = stored as string[];
  } catch {
    // a broken entry: keep the default
  }
  const chosen = ids.map((id) => COLUMNS.find((column) => column.id === id)).filter((column): column is Column => column !== undefined);
  return chosen.length ? chosen : COLUMNS.filter((column) => defaultColumns(view).includes(column.id));
}

/** Keeps the user's choice of columns for a view. */
export function chooseColumns(view: string, ids: readonly string[]): void {
  localStorage.setItem(storageKey(view), JSON.stringify(ids));
}
