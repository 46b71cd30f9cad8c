/**
 * `OpenContext.details`: what a capture reports about its hardware reaches the source record as
 * fields of their own, stays there while the source is in error (so the record says why it
 * cannot open), is updated while capturing, and a name that is not the capture's to set is
 * refused. Driven through a real service and its REST API with a type that reports details.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SvcError } from '../errors.js';
import { createLogger } from '../logger.js';
import { definePlugin } from '../plugin.js';
import { createTestService, waitUntil, type TestService } from '../testing/index.js';
import { createPacketQueue } from './packet-queue.js';
import type { OpenContext } from './datasource-type.js';

const POWERED = 'svc.datasource.gadget.powered';
let contexts: OpenContext[] = [];
let powered = 0;
let badName: unknown;

const gadgetPlugin = definePlugin({
  name: 'gadget-test',
  apply(svc) {
    svc.hooks.fields.tap('gadget-test', (fields) => fields.register(POWERED, 'uint8_t', '1 while the gadget is powered'));
    svc.hooks.datasourceTypes.tap('gadget-test', (types) =>
      types.add({
        name: 'gadget',
        description: 'a gadget that reports its power',
        capabilities: { probe: true, list: false, local: true, remote: false, passive: false, tune: false, hop: false },
        probe: async (definition) => definition.interface === 'gadget0',
        async open(_definition, context) {
          contexts.push(context);
          context.details!({ [POWERED]: powered });
          try {
            context.details!({ 'svc.datasource.error_reason': 'not yours' });
          } catch (error) {
            badName = error;
          }
          if (!powered) throw new Error('gadget0 is powered off');
          const queue = createPacketQueue();
          return { info: {}, packets: queue.batches, close: async () => queue.end() };
        },
      }),
    );
  },
});

let t: TestService;
test.before(async () => {
  t = await createTestService({ plugins: [gadgetPlugin], config: { source_retry_delay: '0.1' }, log: createLogger({ write: () => {} }) });
});
test.after(async () => t.close());

const record = async (uuid: string) => (await (await t.request(`/datasource/by-uuid/${uuid}/source.json`)).json()) as Record<string, unknown>;

test('details reach the record, survive an error and follow the capture', async () => {
  contexts = [];
  powered = 0;
  const source = await t.svc.datasources.add('gadget0');
  const failed = await record(source.uuid);
  assert.is(failed['svc.datasource.error'], 1);
  assert.is(failed[POWERED], 0, 'the record says why it failed');
  assert.is(failed['svc.datasource.error_reason'], 'gadget0 is powered off', 'a detail cannot overwrite the record');
  assert.instance(badName, SvcError);
  assert.match((badName as Error).message, /detail 'svc\.datasource\.error_reason' must be a field of its own/);
  assert.throws(() => contexts[0]!.details!({ 'gadget.powered': 1 }), /under 'svc\.datasource\.'/);

  powered = 1;
  await waitUntil('the retry opens it', async () => (await record(source.uuid))['svc.datasource.running'] === 1);
  assert.is((await record(source.uuid))[POWERED], 1);
  contexts.at(-1)!.details!({ [POWERED]: 0 });
  assert.is((await record(source.uuid))[POWERED], 0, 'a running capture updates its details');
});

test.run();
