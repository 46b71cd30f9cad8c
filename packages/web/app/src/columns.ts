/**
 * The device table's columns: what each shows, the field it asks the server for (also what the
 * server sorts by), and how a cell reads. The app has the columns of every device's base record;
 * UI modules add columns of their PHY's fields and say which columns their views show by default
 * (`deviceColumns` in the module API), so a view of one kind of device shows what matters for it.
 * The user can change the choice per view; it is kept in the browser.
 */
import { signal } from '@preact/signals';
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

/** What one UI module said about columns: the views it speaks for, its columns, their defaults. */
export interface ColumnContribution {
  /** The module that made it. */
  readonly module: string;
  /** View ids these defaults are for; contributed columns are offered there too. */
  readonly views: readonly string[];
  readonly columns: readonly Column[];
  /** Column ids those views show until the user chooses; none: the app's default. */
  readonly defaults?: readonly string[];
}

const text = (value: unknown) => cellText(value);

/** The columns of the base record every device has, whatever its PHY. */
export const BASE_COLUMNS: readonly Column[] = [
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

/** Default columns of a view no module speaks for, which may mix PHYs (`all`, a `view=` line): with the PHY. */
const MIXED_DEFAULT = ['name', 'type', 'phy', 'mac', 'manuf', 'channel', 'signal', 'packets', 'seen'];
/** The same without the PHY, for the view the core makes of each PHY (`phy-<name>`). */
const ONE_PHY_DEFAULT = MIXED_DEFAULT.filter((id) => id !== 'phy');

/** What the UI modules contributed, in the order they did. */
export const columnContributions = signal<readonly ColumnContribution[]>([]);

/** Records a module's contribution (the `deviceColumns` call of the module API). */
export function contributeColumns(contribution: ColumnContribution): void {
  columnContributions.value = [...columnContributions.value, contribution];
}

/** The contributions that name a view. */
function claiming(view: string, contributions: readonly ColumnContribution[]): ColumnContribution[] {
  return contributions.filter((contribution) => contribution.views.includes(view));
}

/**
 * The columns the chooser offers in a view: the base columns, then those of the modules that
 * speak for the view; in a view no module speaks for (`all`), those of every module, since it
 * may hold any PHY. A column id given twice counts once, the first.
 */
export function offeredColumns(view: string, contributions = columnContributions.value): Column[] {
  const claimed = claiming(view, contributions);
  const from = claimed.length > 0 ? claimed : contributions;
  const offered = new Map(BASE_COLUMNS.map((column) => [column.id, column]));
  for (const contribution of from) for (const column of contribution.columns) if (!offered.has(column.id)) offered.set(column.id, column);
  return [...offered.values()];
}

/** Default column ids of a view: the first module's that speaks for it, else the app's. */
export function defaultColumns(view: string, contributions = columnContributions.value): string[] {
  const chosen = claiming(view, contributions).find((contribution) => contribution.defaults !== undefined);
  if (chosen) return [...chosen.defaults!];
  return view.startsWith('phy-') ? ONE_PHY_DEFAULT : MIXED_DEFAULT;
}

const storageKey = (view: string) => `svc.columns.${view}`;

/** The user's choice for a view, if the browser keeps a readable one. */
function storedChoice(view: string): string[] | undefined {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(storageKey(view)) ?? 'null') as unknown;
    if (Array.isArray(stored) && stored.every((id) => typeof id === 'string')) return stored as string[];
  } catch {
    // a broken entry: keep the default
  }
  return undefined;
}

/**
 * The columns chosen for a view: the user's choice, else the default, of the columns offered
 * there (a column of a plugin that is gone is dropped from the choice).
 */
export function chosenColumns(view: string, contributions = columnContributions.value): Column[] {
  const offered = offeredColumns(view, contributions);
  const pick = (ids: readonly string[]) => ids.map((id) => offered.find((column) => column.id === id)).filter((column): column is Column => column !== undefined);
  for (const ids of [storedChoice(view), defaultColumns(view, contributions), MIXED_DEFAULT]) {
    const chosen = ids ? pick(ids) : [];
    if (chosen.length) return chosen;
  }
  return [];
}

/** Keeps the user's choice of columns for a view. */
export function chooseColumns(view: string, ids: readonly string[]): void {
  globalThis.localStorage?.setItem(storageKey(view), JSON.stringify(ids));
}
