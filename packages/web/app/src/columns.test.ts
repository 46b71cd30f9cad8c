/**
 * The device table's columns as UI modules shape them: a module's defaults hold for the views it
 * names, its columns are offered there and in views no module speaks for (`all`), and a choice
 * kept in the browser loses the columns of a plugin that is gone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BASE_COLUMNS, chooseColumns, chosenColumns, defaultColumns, offeredColumns, type ColumnContribution } from './columns';

/** The browser's storage, as the app uses it. */
const stored = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
};
test.after.each(() => stored.clear());

const level = { id: 'acme-level', title: 'Level', field: 'acme.device/acme.device.level', width: '6em', cell: (value: unknown) => `${String(value)} %` };
const acme: ColumnContribution = { module: 'acme', views: ['phy-ACME', 'acme-busy'], columns: [level], defaults: ['name', 'acme-level', 'seen'] };
const other: ColumnContribution = { module: 'other', views: ['phy-OTHER'], columns: [{ ...level, id: 'other-x', title: 'X' }], defaults: ['name', 'mac'] };
const ids = (columns: readonly { id: string }[]) => columns.map((column) => column.id);
const base = ids(BASE_COLUMNS);

test("a module's defaults hold for the views it names; other views get the app's", () => {
  assert.equal(defaultColumns('acme-busy', [acme, other]), ['name', 'acme-level', 'seen']);
  assert.equal(defaultColumns('phy-OTHER', [acme, other]), ['name', 'mac']);
  assert.equal(defaultColumns('all', [acme, other]), ['name', 'type', 'phy', 'mac', 'manuf', 'channel', 'signal', 'packets', 'seen']);
  assert.equal(defaultColumns('my-view', [acme, other]), defaultColumns('all', [acme, other]), 'a view of a view= line may mix PHYs');
  assert.equal(defaultColumns('phy-NOBODY', [acme, other]), ['name', 'type', 'mac', 'manuf', 'channel', 'signal', 'packets', 'seen'], "a PHY's own view needs no PHY column");
});

test("a module's columns are offered in its views and in views no module names, not in another module's", () => {
  assert.equal(ids(offeredColumns('phy-ACME', [acme, other])), [...base, 'acme-level']);
  assert.equal(ids(offeredColumns('phy-OTHER', [acme, other])), [...base, 'other-x']);
  assert.equal(ids(offeredColumns('all', [acme, other])), [...base, 'acme-level', 'other-x']);
  assert.equal(ids(offeredColumns('all', [])), base, 'without modules, the base columns');
  assert.is(chosenColumns('acme-busy', [acme])[1]!.cell(42, 0), '42 %');
});

test('the choice kept in the browser wins; a column whose plugin is gone is dropped from it; nothing left falls back to the default', () => {
  chooseColumns('all', ['mac', 'acme-level', 'seen']);
  assert.equal(ids(chosenColumns('all', [acme])), ['mac', 'acme-level', 'seen']);
  assert.equal(ids(chosenColumns('all', [])), ['mac', 'seen'], 'acme is gone');
  chooseColumns('phy-ACME', ['acme-level']);
  assert.equal(ids(chosenColumns('phy-ACME', [])), ['name', 'type', 'mac', 'manuf', 'channel', 'signal', 'packets', 'seen']);
});

test.run();
