/**
 * The decoder over every capture, summarised the way tshark's references summarise its
 * dissection (`reference/tshark-summary.ts`, and the shared data set's `*.tshark.json`), and
 * compared with the reference: frame counts per type, malformed frames, the access points (from
 * beacons and probe responses) with their SSIDs, channels, privacy, RSN suites and encryption,
 * and every transmitter and source address. The real captures come from the shared data set;
 * svc's own demo scene (under each radio header) and bulk capture run everywhere.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { CaptureFile } from '../pcap/capture-file.js';
import { decodeDot11 } from './decode.js';
import { Dot11Type, ManagementSubtype } from './dot11-header.js';
import { AKM_NAMES, CIPHER_NAMES } from './security.js';
import { eachCapture, ownCaptures, realCaptures } from '../fixture-captures.test-helper.js';

const macText = (mac: number) => mac.toString(16).padStart(12, '0').replace(/(..)(?!$)/g, '$1:');

interface Bss {
  ssids_hex: Set<string>;
  ds_channels: Set<number>;
  radio_channels: Set<number>;
  radio_freqs_mhz: Set<number>;
  privacy_bit: Set<boolean>;
  rsn_akms: Set<string>;
  rsn_pairwise: Set<string>;
  encryption: Set<string>;
  beacons: number;
  probe_responses: number;
}

async function summarise(path: string) {
  const counts = { beacon: 0, probe_request: 0, probe_response: 0, data: 0, management: 0, control: 0, extension: 0, malformed: 0, non_80211: 0 };
  const bssids = new Map<string, Bss>();
  const transmitters = new Set<string>();
  const sources = new Set<string>();
  const malformedFrames: number[] = [];
  let number = 0;
  const file = await CaptureFile.open(path);
  for await (const batch of file.frames()) {
    for (const captured of batch) {
      number++;
      const frame = decodeDot11(captured.data, captured.linkType);
      if (frame.malformed) {
        counts.malformed++;
        malformedFrames.push(number);
      }
      if (frame.type === undefined) {
        if (frame.notDot11) counts.non_80211++;
        continue;
      }
      counts[(['management', 'control', 'data', 'extension'] as const)[frame.type]!]++;
      if (frame.type === Dot11Type.MANAGEMENT) {
        if (frame.subtype === ManagementSubtype.BEACON) counts.beacon++;
        if (frame.subtype === ManagementSubtype.PROBE_REQUEST) counts.probe_request++;
        if (frame.subtype === ManagementSubtype.PROBE_RESPONSE) counts.probe_response++;
      }
      const header = frame.header;
      if (!header) continue;
      if (header.transmitter !== undefined) transmitters.add(macText(header.transmitter));
      if (header.source !== undefined) sources.add(macText(header.source));
      const isBss = header.type === Dot11Type.MANAGEMENT && (header.subtype === ManagementSubtype.BEACON || header.subtype === ManagementSubtype.PROBE_RESPONSE);
      if (!isBss || header.bssid === undefined) continue;
      const key = macText(header.bssid);
      let bss = bssids.get(key);
      if (!bss) {
        bss = { ssids_hex: new Set(), ds_channels: new Set(), radio_channels: new Set(), radio_freqs_mhz: new Set(), privacy_bit: new Set(), rsn_akms: new Set(), rsn_pairwise: new Set(), encryption: new Set(), beacons: 0, probe_responses: 0 };
        bssids.set(key, bss);
      }
      if (header.subtype === ManagementSubtype.BEACON) bss.beacons++;
      else bss.probe_responses++;
      const ies = frame.ies;
      // tshark prints an empty (cloaked) SSID as <MISSING>, and the reference keeps that text.
      bss.ssids_hex.add(ies?.ssid === undefined ? '' : ies.ssid.length === 0 ? '<MISSING>' : ies.ssid.toString('hex'));
      if (ies?.dsChannel !== undefined) bss.ds_channels.add(ies.dsChannel);
      if (frame.radio.channel !== undefined) bss.radio_channels.add(frame.radio.channel);
      if (frame.radio.freqMhz !== undefined) bss.radio_freqs_mhz.add(frame.radio.freqMhz);
      if (frame.capability === undefined) continue;
      const privacy = (frame.capability & 0x0010) !== 0;
      bss.privacy_bit.add(privacy);
      for (const akm of ies?.rsn?.akms ?? []) bss.rsn_akms.add(AKM_NAMES[akm] ?? String(akm));
      for (const cipher of ies?.rsn?.pairwiseCiphers ?? []) bss.rsn_pairwise.add(CIPHER_NAMES[cipher] ?? String(cipher));
      if (ies?.rsn) bss.encryption.add('RSN');
      if (ies?.wpa) bss.encryption.add('WPA');
      if (privacy && !ies?.rsn && !ies?.wpa) bss.encryption.add('WEP');
      if (!privacy && !ies?.rsn && !ies?.wpa) bss.encryption.add('OPEN');
    }
  }
  await file.close();
  const sorted = <T>(set: Set<T>) => [...set].sort((a, b) => (typeof a === 'number' ? (a as number) - (b as number) : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  return {
    frames_total: number,
    counts,
    bssids: Object.fromEntries(
      [...bssids.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, bss]) => [
        key,
        Object.fromEntries(Object.entries(bss).map(([field, value]) => [field, value instanceof Set ? sorted(value) : value])),
      ]),
    ),
    transmitters: sorted(transmitters),
    sources: sorted(sources),
    malformedFrames: malformedFrames.slice(0, 50),
  };
}

eachCapture(test, [...realCaptures(), ...ownCaptures({ bulk: true })], "counts, access points, transmitters and sources equal tshark's", async (capture) => {
  const reference = JSON.parse(readFileSync(capture.reference, 'utf8'));
  const mine = await summarise(capture.path);
  assert.is(mine.frames_total, reference.frames_total);
  assert.equal(mine.counts, reference.counts, 'counts');
  assert.equal(mine.malformedFrames, reference.malformed_frame_numbers_first50, 'malformed frame numbers');
  const expectedBss = Object.fromEntries(
    Object.entries(reference.bssids as Record<string, Record<string, unknown>>).map(([key, bss]) => {
      const { ssids: _ssids, ...rest } = bss;
      return [key, rest];
    }),
  );
  assert.equal(mine.bssids, expectedBss, 'access points');
  assert.equal(mine.transmitters, reference.transmitters, 'transmitters');
  assert.equal(mine.sources, reference.sources, 'sources');
});

test.run();
