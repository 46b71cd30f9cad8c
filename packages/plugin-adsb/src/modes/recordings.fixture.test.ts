/**
 * The frames dump1090-mutability found in each real recording of the shared data (`adsb/*.frames.txt`)
 * decode to the aircraft its JSON lists (`adsb/*.dump1090.json` → `aircraft`): the same addresses, message
 * and downlink-format counts, and the same last callsign, category, squawk, altitude, speed, track and
 * vertical rate. Address/parity replies count only for an address a CRC-clean DF11/17/18 frame announced
 * first (dump1090's rule, documented on ModeSMessage). modes1's positions come from {@link CprTrack}
 * on dump1090's sample clock and are compared with dump1090's, frame by frame, within 10 m. The frames
 * antirez/dump1090 found in the same recording pass the same CRC rules.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { realDataPath, realDataTest } from '@svc/core/testing';
import { CprTrack, type CprFix } from './cpr-tracker.js';
import { decodeModeS } from './decode-mode-s.js';
import { distanceMetres } from './great-circle.js';
import { frameFromHex } from './hex-frame.js';

/** The per-aircraft summary of the reference JSON (dump1090's last values), and what svc's decodes give. */
interface AircraftSummary {
  icao: string;
  messages: number;
  df_counts: Record<string, number>;
  callsign?: string;
  category?: string;
  squawk?: string;
  altitude_ft?: number;
  speed_kt?: number;
  heading_deg?: number;
  vert_rate_fpm?: number;
}

interface ReferenceAircraft extends AircraftSummary {
  positions?: { i: number; lat: number; lon: number }[];
}

interface Reference {
  aircraft: ReferenceAircraft[];
  messages: { time_us: number; pymodes_pair_position?: { lat: number; lon: number } }[];
}

/**
 * Frames where svc has a position and dump1090 has none. modes1.bin was cut with dump1090's `--snip`, so its
 * sample clock runs faster than the flight: dump1090's tracker rejects these pairs as implausibly fast
 * (its stats count the failed speed checks) or, after that, finds no recent position for a local decode.
 * svc's CPR tracker leaves plausibility to the PHY; each of these positions is checked against pyModeS's
 * pair decode of the same frames instead.
 */
const POSITIONS_DUMP1090_REJECTS: Record<string, number[]> = { modes1: [164, 165, 203, 206, 212, 216, 221, 230, 233] };

/** What the test keeps per aircraft: the summary filled from svc's decodes, with its CPR track. */
interface SeenAircraft extends AircraftSummary {
  cpr: CprTrack;
  positions: Map<number, CprFix>;
}

const RECORDINGS = ['modes1', 'rsadsb_test_1641427457780', 'rsadsb_test_1641428165033', 'rsadsb_tests_test_00', 'rsadsb_tests_test_01'];

function replay(frames: string[], reference: Reference): Map<string, SeenAircraft> {
  const aircraft = new Map<string, SeenAircraft>();
  frames.forEach((line, i) => {
    const message = decodeModeS(frameFromHex(line, 1, line.length - 1)!);
    assert.ok(message?.crcOk, line);
    const icao = message.icao.toString(16).padStart(6, '0');
    if (message.addressFromParity && !aircraft.has(icao)) return;
    const seen: SeenAircraft = aircraft.get(icao) ?? { icao, messages: 0, df_counts: {}, cpr: new CprTrack(), positions: new Map() };
    aircraft.set(icao, seen);
    seen.messages++;
    seen.df_counts[message.df] = (seen.df_counts[message.df] ?? 0) + 1;
    if (message.callsign !== undefined) seen.callsign = message.callsign;
    if (message.category !== undefined) seen.category = message.category;
    if (message.squawk !== undefined) seen.squawk = message.squawk;
    if (message.altitudeFt !== undefined) seen.altitude_ft = message.altitudeFt;
    if (message.groundSpeedKt !== undefined) seen.speed_kt = Math.trunc(Math.sqrt(message.groundSpeedKt ** 2 + 0.5));
    if (message.trackDeg !== undefined) seen.heading_deg = message.trackDeg;
    if (message.verticalRateFtMin !== undefined) seen.vert_rate_fpm = message.verticalRateFtMin;
    if (message.cpr !== undefined) {
      const fix = seen.cpr.update(message.cpr, reference.messages[i]!.time_us / 1000);
      if (fix !== undefined) seen.positions.set(i, fix);
    }
  });
  return aircraft;
}

for (const name of RECORDINGS) {
  const files = [`adsb/${name}.frames.txt`, `adsb/${name}.dump1090.json`];
  realDataTest(test, `${name}: svc decodes dump1090's frames to dump1090's aircraft`, files, () => {
    const frames = readFileSync(realDataPath(files[0]!), 'utf8').trim().split('\n');
    const reference = JSON.parse(readFileSync(realDataPath(files[1]!), 'utf8')) as Reference;
    assert.is(frames.length, reference.messages.length);
    const aircraft = replay(frames, reference);
    assert.equal([...aircraft.keys()].sort(), reference.aircraft.map((a) => a.icao).sort());
    for (const expected of reference.aircraft) {
      const seen = aircraft.get(expected.icao)!;
      const where = `${name} ${expected.icao}`;
      for (const field of ['messages', 'df_counts', 'callsign', 'category', 'squawk', 'altitude_ft', 'speed_kt', 'vert_rate_fpm'] as const) {
        assert.equal(seen[field], expected[field], `${where} ${field}`);
      }
      if (expected.heading_deg !== undefined) assert.ok(Math.abs(seen.heading_deg! - expected.heading_deg) <= 1.5, `${where} track ${seen.heading_deg}`);
      const positions = expected.positions ?? [];
      const svcOnly = [...seen.positions.keys()].filter((i) => !positions.some((p) => p.i === i));
      assert.equal(svcOnly, positions.length > 0 ? (POSITIONS_DUMP1090_REJECTS[name] ?? []) : [], `${where}: positions dump1090 does not give`);
      for (const i of svcOnly) assert.ok(distanceMetres(seen.positions.get(i)!, reference.messages[i]!.pymodes_pair_position!) < 10, `${where} frame ${i} vs pyModeS`);
      assert.equal(positions.filter((p) => !seen.positions.has(p.i)).map((p) => p.i), [], `${where}: positions svc misses`);
      for (const position of positions) {
        const fix = seen.positions.get(position.i);
        if (fix) assert.ok(distanceMetres(fix, position) < 10, `${where} frame ${position.i}: ${distanceMetres(fix, position)} m`);
      }
    }
  });
}

const ANTIREZ = 'adsb/modes1.antirez-dump1090.frames.txt';

realDataTest(test, "antirez/dump1090's 217 frames of modes1.bin pass svc's CRC rules and all carry 4D2023", [ANTIREZ], () => {
  const frames = readFileSync(realDataPath(ANTIREZ), 'utf8').trim().split('\n');
  assert.is(frames.length, 217);
  for (const line of frames) {
    const message = decodeModeS(frameFromHex(line, 1, line.length - 1)!);
    assert.ok(message?.crcOk && message.repairedBit === undefined, line);
    assert.is(message.icao, 0x4d2023, line);
  }
});

test.run();
