/**
 * The company names are the Bluetooth SIG's, as tshark (the reference of the shared captures)
 * carries them; and every company tshark names in the shared captures' references, svc names
 * too, so the devices of those captures show a company rather than a number.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { realDataFiles, realDataPath, realDataTest } from '@svc/core/testing';
import { tsharkValues } from '../tshark-values.test-helper.js';
import { companyIdText, companyName, knownCompanyName } from './company-ids.js';

test('every name is the one tshark gives the company id', () => {
  const reference = tsharkValues('btcommon.eir_ad.entry.company_id');
  let named = 0;
  for (let id = 0; id <= 0xffff; id++) {
    const name = knownCompanyName(id);
    if (name === undefined) continue;
    named++;
    assert.is(name, reference.get(id), companyIdText(id));
  }
  assert.ok(named >= 30, `${named} companies`);
  assert.is(companyName(0xec88), 'company 0xEC88', 'an id svc does not know reads as its number');
});

const references = realDataFiles('bluetooth', /\.tshark\.json$/).map((name) => `bluetooth/${name}`);
realDataTest(test, 'every company tshark names in the shared captures is named the same', references, () => {
  const missing = new Set<string>();
  for (const path of references) {
    const reference = JSON.parse(readFileSync(realDataPath(path), 'utf8')) as { devices: { company_ids: { id: number; name: string }[] }[] };
    for (const { id, name } of reference.devices.flatMap((device) => device.company_ids)) {
      if (name !== 'Unknown' && knownCompanyName(id) !== name) missing.add(`${companyIdText(id)} ${name}`);
    }
  }
  assert.equal([...missing], []);
});

test.run();
