/**
 * gpsd logs as serial streams: sentences keep their order and bytes, comments and blank lines go,
 * lines end CRLF; over every gpsd log of the shared data set the stream is exactly the one the
 * manifest pins (so `npm run test-data` remakes it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { pinnedMismatch, realDataFiles, realDataManifest, realDataPath, realDataTest } from '@svc/core/testing';
import { gpsdLogStream } from './gpsd-log-stream.js';

test('sentences keep their order and bytes; comments and blank lines go; lines end CRLF', () => {
  assert.equal(gpsdLogStream(Buffer.from('#c\r\n$A*1\r\n\r\n!B*2\n# d\n\xe9X\n', 'latin1')), Buffer.from('$A*1\r\n!B*2\r\n\xe9X\r\n', 'latin1'));
});

const manifest = realDataManifest();
for (const log of realDataFiles('serial', /\.nmea\.log$/)) {
  const stream = `serial/${log.replace(/\.nmea\.log$/, '.raw.nmea')}`;
  realDataTest(test, `${log}: its stream is exactly the pinned one`, [`serial/${log}`], () => {
    assert.is(pinnedMismatch(gpsdLogStream(readFileSync(realDataPath('serial', log))), manifest[stream]!), undefined);
  });
}

test.run();
