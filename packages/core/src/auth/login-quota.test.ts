import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LoginQuota } from './login-quota.js';
import type { Login } from './login.js';

const reader: Login = { name: 'scraper', role: 'readonly', method: 'apikey' };
const other: Login = { name: 'grafana', role: 'readonly', method: 'apikey' };
const sameNameUser: Login = { name: 'scraper', role: 'admin', method: 'session' };
const admin: Login = { name: 'svc', role: 'admin', method: 'password' };

test('one login gets at most its share; other logins keep theirs; admins alone get the reserve', () => {
  const quota = new LoginQuota({ total: 10, perLogin: 4, adminReserve: 2 });
  const take = (login: Login, times: number) => Array.from({ length: times }, () => quota.take(login));
  assert.equal(take(reader, 5), [undefined, undefined, undefined, undefined, 'login']);
  assert.equal(take(other, 5), [undefined, undefined, undefined, undefined, 'login']);
  assert.equal(quota.held, 8);
  // Two left, both in the admin reserve: a third readonly key gets none, an admin both.
  assert.is(quota.take({ name: 'third', role: 'readonly', method: 'apikey' }), 'total');
  assert.equal(take(admin, 3), [undefined, undefined, 'total']);
  assert.equal([quota.heldBy(reader), quota.heldBy(admin), quota.held], [4, 2, 10]);
});

test('an API key and a user of the same name are different logins; giving back frees the slot', () => {
  const quota = new LoginQuota({ total: 10, perLogin: 1, adminReserve: 0 });
  assert.is(quota.take(reader), undefined);
  assert.is(quota.take(sameNameUser), undefined);
  assert.is(quota.take(reader), 'login');
  quota.give(reader);
  quota.give(reader);
  assert.equal([quota.heldBy(reader), quota.held], [0, 1], 'a second give of a slot not held changes nothing');
  assert.is(quota.take(reader), undefined);
});

test.run();
