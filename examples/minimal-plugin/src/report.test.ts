import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mutateText, seededRandom } from '@svc/core/testing';
import { parseReport, reportPacket, REPORT_TYPE } from './report.js';

test('a report packet carries the report as a MINIMAL record, with its time and signal', () => {
  const packet = reportPacket({ address: '02:53:56:00:00:01', reading: 21.5 }, 'SOURCE-UUID', 1_700_000_000.25, -47);
  assert.is(packet.json?.type, REPORT_TYPE);
  assert.equal(parseReport(packet.json!.text), { address: '02:53:56:00:00:01', reading: 21.5 });
  assert.equal([packet.tsSec, packet.tsUsec, packet.sourceUuid, packet.signal?.signalDbm], [1_700_000_000, 250_000, 'SOURCE-UUID', -47]);
});

test('what is not a report is refused without throwing', () => {
  for (const text of ['', 'not json', 'null', '[]', '{"address":"02:53:56:00:00:01"}', '{"address":7,"reading":1}', '{"address":"x","reading":"hot"}']) {
    assert.is(parseReport(text), undefined, text);
  }
});

test('fuzz: 20 000 mutated reports never make parseReport throw', () => {
  const random = seededRandom(20);
  const valid = JSON.stringify({ address: '02:53:56:00:00:01', reading: 21.5 });
  for (let i = 0; i < 20_000; i++) {
    const result = parseReport(mutateText(valid, random));
    if (result) assert.type(result.reading, 'number');
  }
});

test.run();
