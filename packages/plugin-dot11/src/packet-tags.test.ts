/**
 * Kismet's packet tags in the svcdb log, against the logs real Kismet 2025-09-R1 wrote of the
 * same captures (the shared data set's kismetdb/): the same 802.11 tags on the same frames. Kismet logged
 * packetnet_80211_plus_radiotap_header's frames out of file order, so there the tags are
 * compared as counts; and Kismet skipped frame 164 of aircrack-ng_test1 as a repeat of frame 161
 * (svc's duplicate filter compares frames of different sources only), so svc tags that handshake frame where Kismet did not. Alert
 * tags (`ALERT`, `ALERT_NOCLIENTMFP`) are on the frames that raised the alert.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createLogger } from '@svc/core';
import { createTestService, realDataFiles, realDataPath, realDataTest, waitUntil } from '@svc/core/testing';
import dot11Plugin from './index.js';

/** Rows of aircrack-ng_test1 where Kismet's duplicate filter left the frame untagged. */
const KISMET_DUPLICATES: Record<string, Record<number, string>> = { 'aircrack-ng_test1': { 164: 'DOT11_WPAHANDSHAKE' } };
const OUT_OF_ORDER = new Set(['packetnet_80211_plus_radiotap_header']);

const tagsOf = (path: string) => (new Database(path, { readonly: true }).prepare('SELECT tags FROM packets ORDER BY rowid').pluck().all() as string[]).map((tags) => tags.split(' ').filter((tag) => tag !== '').join(' '));
const counts = (rows: string[]) => rows.flatMap((row) => row.split(' ').filter(Boolean)).reduce<Record<string, number>>((all, tag) => ({ ...all, [tag]: (all[tag] ?? 0) + 1 }), {});

for (const name of realDataFiles('kismetdb', /\.kismet$/).map((file) => file.replace(/\.kismet$/, ''))) {
  const capture = realDataFiles('dot11', /\.(pcap|cap)$/).find((file) => file.startsWith(`${name}.`))!;
  realDataTest(test, `${name}: the 802.11 packet tags Kismet's own log has`, [`kismetdb/${name}.kismet`, `dot11/${capture}`], async () => {
    const kismet = tagsOf(realDataPath('kismetdb', `${name}.kismet`));
    const prefix = mkdtempSync(join(tmpdir(), 'svc-tags-'));
    const t = await createTestService({ plugins: [dot11Plugin], log: createLogger({ write: () => {} }), config: { enable_logging: 'true', log_prefix: prefix } });
    try {
      await t.svc.start();
      const source = await t.svc.datasources.add(realDataPath('dot11', capture));
      await waitUntil('the capture replayed', () => source.numPackets === kismet.length);
      await t.svc.stop();
      const mine = tagsOf(join(prefix, readdirSync(prefix).find((file) => file.endsWith('.svcdb'))!));
      assert.ok(Object.keys(counts(kismet)).length > 0, 'Kismet tagged frames');
      if (OUT_OF_ORDER.has(name)) {
        assert.equal(counts(mine), counts(kismet));
        return;
      }
      const expected = kismet.map((tags, index) => KISMET_DUPLICATES[name]?.[index + 1] ?? tags);
      assert.equal(mine, expected);
    } finally {
      await t.close();
      rmSync(prefix, { recursive: true, force: true });
    }
  });
}

test.run();
