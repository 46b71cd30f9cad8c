/**
 * CPR decoding against the shared data: the 8 cases of `adsb/modes-cpr-cases.jsonl` (pyModeS's test
 * expectations, dump1090 where it decodes them) and the 620 positions dump1090 gives the 1334 messages of
 * flight 406B90 (`track_406b90_part1.*`), replayed through {@link CprTrack} on dump1090's clock.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { realDataPath, realDataTest } from '@svc/core/testing';
import { globalAirbornePosition, localPosition, type CprFrame, type LatLon } from './cpr.js';
import { CprTrack } from './cpr-tracker.js';
import { decodeModeS } from './decode-mode-s.js';
import { distanceMetres } from './great-circle.js';
import { frameFromHex } from './hex-frame.js';
import type { ModeSMessage } from './mode-s-message.js';

const decodeHex = (hex: string): ModeSMessage => decodeModeS(frameFromHex(hex, 0, hex.length)!)!;

interface CprCase {
  id: string;
  messages_in_order: string[];
  newer?: 'odd' | 'even';
  reference?: LatLon;
  expected: (LatLon & { tolerance_deg: number }) | null;
  pymodes_3_3_0: LatLon;
  dump1090: { lat: number | null; lon: number | null };
}

const CASES = 'adsb/modes-cpr-cases.jsonl';

realDataTest(test, 'the 8 CPR cases decode within 10 m of pyModeS and of dump1090 where it decodes them', [CASES], () => {
  const cases = readFileSync(realDataPath(CASES), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as CprCase);
  assert.is(cases.length, 8);
  for (const cprCase of cases) {
    const frames = cprCase.messages_in_order.map((hex) => decodeHex(hex).cpr!);
    const position =
      cprCase.reference === undefined
        ? globalAirbornePosition(frames.find((f) => !f.odd)!, frames.find((f) => f.odd)!, cprCase.newer === 'odd')
        : localPosition(cprCase.reference, frames[0]!, frames[0]!.surface);
    assert.ok(position, cprCase.id);
    const expected = cprCase.expected ?? cprCase.pymodes_3_3_0;
    assert.ok(distanceMetres(position, expected) < 10, `${cprCase.id}: ${JSON.stringify(position)} vs ${JSON.stringify(expected)}`);
    assert.ok(distanceMetres(position, cprCase.pymodes_3_3_0) < 10, cprCase.id);
    const { lat, lon } = cprCase.dump1090;
    if (lat !== null && lon !== null) assert.ok(distanceMetres(position, { lat, lon }) < 10, `${cprCase.id} vs dump1090`);
  }
});

interface TrackMessage {
  line: number;
  timestamp: number;
  replay_offset_s: number;
  hex: string;
  dump1090: { lat?: number; lon?: number; cpr_decoding?: 'global' | 'local' | 'none'; altitude_ft?: number };
}

const TRACK = ['adsb/track_406b90_part1.reference.json'];

realDataTest(test, "flight 406B90: dump1090's 620 positions (613 global, 7 local) within 10 m and no other", TRACK, () => {
  const reference = JSON.parse(readFileSync(realDataPath(TRACK[0]!), 'utf8')) as { messages: TrackMessage[] };
  assert.is(reference.messages.length, 1334);
  const track = new CprTrack();
  const methods = { global: 0, local: 0 };
  let worst = 0;
  for (const message of reference.messages) {
    const decoded = decodeHex(message.hex);
    const cpr: CprFrame | undefined = decoded.cpr;
    const fix = cpr && track.update({ ...cpr, surface: false }, message.replay_offset_s * 1000);
    const { lat, lon, cpr_decoding: how } = message.dump1090;
    if (lat === undefined || lon === undefined) {
      assert.is(fix, undefined, `line ${message.line}: svc has a position dump1090 does not`);
      continue;
    }
    assert.ok(fix, `line ${message.line}: no position`);
    assert.is(fix.method, how, `line ${message.line}`);
    methods[fix.method]++;
    worst = Math.max(worst, distanceMetres(fix, { lat, lon }));
  }
  assert.equal(methods, { global: 613, local: 7 });
  assert.ok(worst < 10, `worst ${worst} m`);
});

test.run();
