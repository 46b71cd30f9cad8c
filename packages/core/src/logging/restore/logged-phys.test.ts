import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PhyDefinition } from '../../tracker/phy.js';
import { phyKeyPrefix } from '../../tracker/device-key.js';
import { loggedPhys, rekeyed } from './logged-phys.js';

test('a renamed PHY answers to its former name, a current name wins over a former one', () => {
  const renamed: PhyDefinition = { name: 'RFSENSOR', description: 'sensors', formerNames: [{ name: 'RTL433', componentField: 'rtl433.device' }, { name: 'BTLE' }] };
  const btle: PhyDefinition = { name: 'BTLE', description: 'BLE' };
  const phys = loggedPhys([renamed, btle]);
  assert.equal(phys.get('RTL433'), { definition: renamed, former: { name: 'RTL433', componentField: 'rtl433.device' } });
  assert.equal(phys.get('RFSENSOR'), { definition: renamed });
  assert.equal(phys.get('BTLE'), { definition: btle });
  assert.is(phys.get('Bluetooth'), undefined);
});

test("a device's key takes the new PHY's prefix and keeps its MAC; what is not a key stays as it is", () => {
  assert.is(phyKeyPrefix('RTL433'), '8C01F50500000000');
  assert.is(rekeyed('8C01F50500000000_025A0F9B2C3D', phyKeyPrefix('RFSENSOR')), `${phyKeyPrefix('RFSENSOR')}_025A0F9B2C3D`);
  assert.is(rekeyed('not a key', phyKeyPrefix('RFSENSOR')), 'not a key');
});

test.run();
