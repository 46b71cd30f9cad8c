/**
 * The admin login policy: weak passwords refused with the reason, and every accepted login
 * reads back from the auth file's `key=value` lines exactly as it was given.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseConf } from '../config/conf-parser.js';
import { loginProblem } from './login-policy.js';

test('weak passwords and unstorable names are refused, each with its reason', () => {
  assert.is(loginProblem('', 'long-enough'), 'The user name is empty');
  for (const name of ['two words', 'a:b', 'tab\there']) assert.is(loginProblem(name, 'long-enough'), "The user name may not contain spaces, ':' or control characters", name);
  assert.is(loginProblem('boss', ''), 'The password is empty');
  assert.is(loginProblem('boss', '1234567'), 'The password is too short: it needs at least 8 characters');
  assert.is(loginProblem('boss', '🔑🔑🔑🔑🔑🔑🔑'), 'The password is too short: it needs at least 8 characters', 'characters are counted, not UTF-16 units');
  assert.is(loginProblem('longuser', 'longuser'), 'The password may not be the user name');
  assert.is(loginProblem('boss', 'aaaaaaaaaaaa'), 'The password may not be one character repeated');
  for (const password of [' leading-space', 'trailing-space ', 'new\nline-in-it', 'del\u007fcharacter']) {
    assert.is(loginProblem('boss', password), 'The password may not contain control characters or begin or end with a space', JSON.stringify(password));
  }
});

test('accepted logins read back from the auth file exactly', () => {
  for (const [name, password] of [
    ['svc', 'correct horse battery staple'],
    ['élise', '#starts-with-hash'],
    ['x.y_z-1', 'key=value&more=%41'],
    ['boss', '🔑🗝🔑🗝🔑🗝🔑🗝'],
  ] as const) {
    assert.is(loginProblem(name, password), undefined, `${name} / ${password}`);
    const entries = parseConf(`httpd_username=${name}\nhttpd_password=${password}\n`, 'svc_httpd.conf');
    assert.equal(entries.map((entry) => entry.value), [name, password]);
  }
});

test.run();
