import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DeviceViews } from './device-views.js';

test("a renamed view answers to its former ids, which all_views does not list; a current id wins over another view's former one", () => {
  const views = new DeviceViews();
  const sensors = views.add({ name: 'phy-RFSENSOR', description: 'RFSENSOR devices', includes: () => true, formerNames: ['phy-RTL433', 'phy-SENSOR'] });
  const other = views.add({ name: 'phy-SENSOR', description: 'a PHY that took the name', includes: () => false });
  assert.is(views.get('phy-RFSENSOR'), sensors);
  assert.is(views.get('phy-RTL433'), sensors);
  assert.is(views.get('phy-SENSOR'), other);
  assert.is(views.get('phy-NOTHING'), undefined);
  assert.equal(views.list().map((view) => view.id), ['phy-RFSENSOR', 'phy-SENSOR']);
});

test.run();
