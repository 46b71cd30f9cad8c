import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeReport } from './decode.js';
import { reportPacket, REPORT_TYPE } from './report.js';

test('a report decodes to its address and reading, from the frame alone', () => {
  assert.equal(decodeReport(reportPacket({ address: '02:53:56:00:00:01', reading: 21.5 }, 'SOURCE-UUID')), { annotation: { mac: 0x025356000001, reading: 21.5 } });
});

test('a record that is not a report, or names no valid address, is an error', () => {
  for (const text of ['not json', '{"address":"nowhere","reading":1}', '{"address":"02:53:56:00:00:09"}']) {
    assert.equal(decodeReport({ dlt: 0, json: { type: REPORT_TYPE, text } }), { error: true }, text);
  }
});

test.run();
