/**
 * rtl_433's output as a reference: over every recording of the shared data set, the real
 * rtl_433 prints exactly the reference the manifest pins (so `npm run test-data` remakes it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pinnedMismatch, realDataFiles, realDataManifest, realDataPath, realDataTest } from '@svc/core/testing';
import { rtl433Output } from './rtl433-output.js';

const manifest = realDataManifest();
for (const recording of realDataFiles('rtl433', /\.cu8$/)) {
  const reference = `rtl433/${recording.replace(/\.cu8$/, '.rtl433.jsonl')}`;
  realDataTest(test, `${recording}: rtl_433 prints exactly the pinned reference`, [`rtl433/${recording}`], () => {
    assert.is(pinnedMismatch(rtl433Output(realDataPath('rtl433', recording)), manifest[reference]!), undefined);
  });
}

test('a recording rtl_433 cannot open is an error that says so, not an empty output', () => {
  assert.throws(() => rtl433Output('/nonexistent/svc-recording.cu8'), /rtl_433 could not read the recording: Opening file: cu8:\/nonexistent\/svc-recording\.cu8 failed!/);
});

test.run();
