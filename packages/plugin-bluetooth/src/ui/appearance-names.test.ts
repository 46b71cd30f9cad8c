/**
 * Appearance names agree with tshark's table of appearance values (Wireshark's copy of the
 * assigned numbers): every category tshark names has svc's name of it, and every subcategory
 * both name reads the same.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tsharkValues } from '../tshark-values.test-helper.js';
import { appearanceName } from './appearance-names.js';

test('categories and subcategories read as tshark reads them', () => {
  const reference = tsharkValues('btcommon.eir_ad.entry.appearance');
  let subcategories = 0;
  for (const [value, label] of reference) {
    const ours = appearanceName(value).toLowerCase();
    if (value % 64 === 0) {
      assert.ok(ours && label.toLowerCase().includes(ours), `0x${value.toString(16)}: '${label}' names the category '${ours}'`);
    } else if (!ours.includes('subcategory')) {
      subcategories++;
      const subcategory = label.split(': ').at(-1)!.toLowerCase();
      assert.ok(ours.endsWith(subcategory) || ours.includes(`${subcategory} `), `0x${value.toString(16)}: '${label}' against '${ours}'`);
    }
  }
  assert.ok(subcategories >= 10, `${subcategories} subcategories compared`);
});

test('a subcategory svc does not name reads as its number; a category svc does not know is empty', () => {
  assert.is(appearanceName(0x0108), 'Clock: subcategory 8');
  assert.is(appearanceName(0x1c00), '');
});

test.run();
