/**
 * Kismet's `packet_backlog_limit`: a live source whose queue holds more packets than the limit
 * when the chain takes them loses the rest, counted on the source and the chain and said once
 * on the message bus each time it falls behind; a backlog within the limit is taken whole.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../logger.js';
import { createTestDatasource, createTestService, testPhyPlugin, waitUntil } from '../testing/index.js';

test('past packet_backlog_limit a backlog is cut, the rest dropped, counted and reported once per fall behind', async () => {
  const harness = createTestDatasource();
  const t = await createTestService({ plugins: [testPhyPlugin, harness.plugin], config: { packet_backlog_limit: '4' }, log: createLogger({ write: () => {} }) });
  try {
    const source = await t.svc.datasources.add('testsource-1:devices=3');
    const behind = () => t.svc.messages.all().filter((message) => message['svc.messagebus.message_string'].includes('past packet_backlog_limit=4'));
    harness.capture(source.uuid)!.emit(10);
    await waitUntil('the first backlog is taken', () => source.numPackets === 4);
    assert.is(source.numDroppedPackets, 6);
    assert.is(t.svc.datasources.packetStats.dropped, 6);
    assert.is(behind().length, 1);
    assert.match(behind()[0]!['svc.messagebus.message_string'], 'datasource testsource-1 delivers faster than the packet chain takes its packets: 10 were waiting, the 6 past packet_backlog_limit=4 are dropped');

    harness.capture(source.uuid)!.emit(3);
    await waitUntil('a backlog within the limit is taken whole', () => source.numPackets === 7);
    assert.is(source.numDroppedPackets, 6);

    harness.capture(source.uuid)!.emit(5);
    await waitUntil('the next cut backlog is taken', () => source.numPackets === 11);
    assert.is(source.numDroppedPackets, 7);
    assert.is(behind().length, 2, 'falling behind again after catching up is said again');
  } finally {
    await t.close();
  }
});

test.run();
