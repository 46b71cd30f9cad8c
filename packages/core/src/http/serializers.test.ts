import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dataMap } from '../fields/data-map.js';
import { FieldRegistry } from '../fields/field-registry.js';
import { serialize } from './serializers.js';

const fields = new FieldRegistry();
fields.register('svc.test.name', 'string', 'a name <b>');
fields.register('svc.test.count', 'uint32_t', 'a count');
fields.register('svc.test.freqs', 'map[double,double]', 'packets per frequency');

const record = { 'svc.test.name': 'AP', 'svc.test.count': 3, 'svc.test.freqs': dataMap({ '2437000.5': 10, 'AA:BB': 1 }) };

test('json is standard JSON', () => {
  assert.equal(JSON.parse(serialize(record, 'json', fields)), record);
});

test('ekjson replaces dots in field names but not in data-map keys', () => {
  const text = serialize(record, 'ekjson', fields);
  assert.ok(text.endsWith('\n'));
  assert.equal(JSON.parse(text), { svc_test_name: 'AP', svc_test_count: 3, svc_test_freqs: { '2437000.5': 10, 'AA:BB': 1 } });
});

test('ekjson and itjson write a top-level list one compact object per line', () => {
  const list = [record, { 'svc.test.name': 'B' }];
  const ek = serialize(list, 'ekjson', fields).split('\n');
  assert.equal(ek.length, 3);
  assert.is(ek[2], '');
  assert.equal(JSON.parse(ek[1]!), { svc_test_name: 'B' });
  const it = serialize(list, 'itjson', fields).split('\n');
  assert.equal(JSON.parse(it[0]!), JSON.parse(JSON.stringify(record)));
  assert.not.match(it[0]!, '\n');
});

test('prettyjson is indented JSON with a description sibling before every registered key', () => {
  const text = serialize(record, 'prettyjson', fields);
  const parsed = JSON.parse(text) as Record<string, unknown>;
  assert.is(parsed['description.svc.test.name'], 'string, a name <b>');
  assert.is(parsed['description.svc.test.count'], 'uint32_t, a count');
  assert.is(parsed['description.svc.test.freqs'], 'map[double,double], packets per frequency');
  assert.not.ok('description.2437000.5' in (parsed['svc.test.freqs'] as object), 'data-map keys get no description');
  const keys = Object.keys(parsed);
  assert.is(keys.indexOf('description.svc.test.count') + 1, keys.indexOf('svc.test.count'));
  assert.match(text, '\n  "svc.test.name": "AP"');
});

test('prettyjson describes fields inside lists and nested records', () => {
  const parsed = JSON.parse(serialize([{ 'svc.test.count': 1 }], 'prettyjson', fields)) as Record<string, unknown>[];
  assert.is(parsed[0]!['description.svc.test.count'], 'uint32_t, a count');
});

test.run();
