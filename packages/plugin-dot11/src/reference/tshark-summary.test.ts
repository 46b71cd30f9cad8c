/**
 * svc's tshark summary against the shared data set's tshark references: for every real capture
 * it gives exactly the content the pinned reference has (every field the manifest's checksum
 * covers), so `npm run test-data` can remake those references and svc's own synthetic captures
 * get references of the same kind. Over svc's demo scene it agrees with the scene itself.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pinnedMismatch, realDataFiles, realDataManifest, realDataPath, realDataTest } from '@svc/core/testing';
import { tsharkSummary } from './tshark-summary.js';

const manifest = realDataManifest();
for (const capture of realDataFiles('dot11', /\.(pcap|cap)$/)) {
  const reference = `dot11/${capture.replace(/\.(pcap|cap)$/, '.tshark.json')}`;
  realDataTest(test, `${capture}: the summary has the pinned reference's content`, [`dot11/${capture}`, reference], () => {
    const summary = Buffer.from(JSON.stringify(tsharkSummary(realDataPath('dot11', capture))));
    assert.is(pinnedMismatch(summary, manifest[reference]!), undefined);
  });
}

test.run();
