import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pluginNames } from './plugin-names.js';

test('a short name makes svc-plugin-<name> and every derived name', () => {
  assert.equal(pluginNames('acme'), {
    packageName: 'svc-plugin-acme',
    name: 'acme',
    phyName: 'ACME',
    fieldPrefix: 'acme',
    title: 'Acme',
    defaultDirectory: 'svc-plugin-acme',
  });
  assert.equal(pluginNames('my-radio2'), {
    packageName: 'svc-plugin-my-radio2',
    name: 'my-radio2',
    phyName: 'MY_RADIO2',
    fieldPrefix: 'my_radio2',
    title: 'My radio2',
    defaultDirectory: 'svc-plugin-my-radio2',
  });
});

test('the svc-plugin- prefix is not doubled, and scopes are kept', () => {
  assert.is(pluginNames('svc-plugin-acme').packageName, 'svc-plugin-acme');
  assert.is(pluginNames('@acme/lora').packageName, '@acme/svc-plugin-lora');
  assert.is(pluginNames('@acme/svc-plugin-lora').packageName, '@acme/svc-plugin-lora');
  assert.is(pluginNames('@acme/lora').defaultDirectory, 'svc-plugin-lora');
  assert.is(pluginNames('@acme/lora').name, 'lora');
});

test('names npm or svc could not use are refused with what a name may contain', () => {
  for (const bad of ['', 'Acme', '9lives', 'acme--x', 'acme-', 'ac me', 'acme/x', 'svc-plugin-', '@acme', '@acme/', '@/lora', '@Acme/lora', '../etc']) {
    assert.throws(() => pluginNames(bad), /is not (a plugin name|an npm scope)/, bad);
  }
});

test.run();
