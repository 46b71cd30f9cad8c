/**
 * The 802.11 captures the end-to-end tests replay, each with tshark's reference of it. svc's own
 * (the demo scene kept in `test-data/dot11/`, and the 10 000-frame bulk capture its generator
 * writes on first use) are in every checkout. The real captures of the shared data set are read
 * from outside the repository. Each capture names the real files it `needs` (none for svc's
 * own), so one loop registers the same test on every capture through `realDataTest`, which
 * runs a test on svc's own data always and skips one on missing real data with one line (or
 * fails it under `SVC_REQUIRE_REAL_DATA=1`); a suite's `before` hook asks `hasRealData` first.
 */
import { readFileSync } from 'node:fs';
import { projectDataPath, realDataPath } from '@svc/core/testing';
import { bulkCapturePath, referenceName, TEST_BULK_CAPTURE } from '@svc/plugin-dot11/synthetic';
import { demoCaptureOfNpmStart } from './svc-process.js';

/** tshark's reference of a capture: the fields the end-to-end tests read. */
export interface TsharkReference {
  readonly frames_total: number;
  readonly counts: Readonly<Record<'beacon' | 'probe_request' | 'probe_response' | 'data' | 'management' | 'control' | 'malformed', number>>;
  /** Per BSSID: its SSIDs (`<MISSING>` for an empty one), DS channels and encryption set (`RSN`, `WPA`, `WEP`, `OPEN`). */
  readonly bssids: Readonly<Record<string, { readonly ssids: string[]; readonly ds_channels: number[]; readonly encryption: string[] }>>;
  /** Every transmitter address, lower case, sorted. */
  readonly transmitters: string[];
  /** The read-route fields, which the references of svc's own captures hold. */
  readonly frequencies_mhz?: Readonly<Record<string, { readonly frames: number; readonly transmitters: number }>>;
  readonly channels?: Readonly<Record<string, number>>;
  readonly to_ds_stations?: Readonly<Record<string, string[]>>;
  readonly ssids?: Readonly<Record<string, { readonly advertising: string[]; readonly responding: string[]; readonly probing: string[] }>>;
}

/** A capture a test replays, with tshark's reference of it. */
export interface Dot11Capture {
  /** A short name for suite and test names. */
  readonly label: string;
  /** The capture file (a generated one is written on first use). */
  readonly path: string;
  /** tshark's reference of it, read on first use. */
  readonly reference: TsharkReference;
  /** The real data files it needs (paths inside the data directory); none for svc's own. */
  readonly needs: readonly string[];
}

/** A capture whose file and reference are found on first use. */
function dot11Capture(label: string, path: () => string, referencePath: () => string, needs: readonly string[] = []): Dot11Capture {
  let reference: TsharkReference | undefined;
  return {
    label,
    needs,
    get path() {
      return path();
    },
    get reference() {
      return (reference ??= JSON.parse(readFileSync(referencePath(), 'utf8')) as TsharkReference);
    },
  };
}

/** svc's demo scene under radiotap, kept in the repository with its reference. */
export const DEMO_SCENE_CAPTURE = dot11Capture(
  'svc demo scene',
  () => projectDataPath('dot11', 'svc-demo-scene.pcap'),
  () => projectDataPath('dot11', referenceName('svc-demo-scene.pcap')),
);

/** The same demo scene under PPI headers: the same radios, as a receiver of another kind writes them. */
export const DEMO_SCENE_PPI_CAPTURE = dot11Capture(
  'svc demo scene (PPI)',
  () => projectDataPath('dot11', 'svc-demo-scene-ppi.pcap'),
  () => projectDataPath('dot11', referenceName('svc-demo-scene-ppi.pcap')),
);

/** svc's 10 000-frame bulk capture (1 000 devices, 100 access points), written to the temp dir on first use; its reference is kept. */
export const BULK_CAPTURE = dot11Capture(
  'svc bulk capture',
  () => bulkCapturePath(TEST_BULK_CAPTURE),
  () => projectDataPath('dot11', referenceName(TEST_BULK_CAPTURE.name)),
);

/** The capture `npm start`'s demo replays, with tshark's reference kept beside it. */
export const NPM_START_CAPTURE = dot11Capture('npm start demo', demoCaptureOfNpmStart, () => referenceName(demoCaptureOfNpmStart()));

/** A real capture of the shared data set (`dot11/<name>`) with its tshark reference. */
export function realCapture(name: string): Dot11Capture {
  return dot11Capture(name, () => realDataPath('dot11', name), () => realDataPath('dot11', referenceName(name)), [`dot11/${name}`, `dot11/${referenceName(name)}`]);
}

/** The name svc gives a network tshark saw: its SSID, the one its probe responses named if its beacons hide it. */
export function networkName(bss: TsharkReference['bssids'][string]): string {
  return bss.ssids.find((ssid) => ssid !== '<MISSING>') ?? '';
}
