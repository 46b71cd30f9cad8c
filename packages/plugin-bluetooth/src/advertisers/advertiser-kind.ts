/**
 * Well-known advertisers, recognised from what they advertise, so a user reads "AirTag" or
 * "Microsoft CDP" instead of a company id and a hex payload: Apple's Continuity messages (Find
 * My, AirPods, Handoff, Nearby, AirDrop, iBeacon), Microsoft's Connected Devices Platform and
 * Swift Pair, Google Fast Pair, Samsung's SmartTag and Galaxy devices, Tile, Eddystone, exposure
 * notification beacons and the Flipper Zero. Trackers (AirTag, Find My accessories, SmartTag,
 * Tile) are marked, for the tracker alerts.
 */
import type { AdvertisingData } from '../btle/advertising-data.js';

/** What a device is, as its advertisements tell. */
export interface AdvertiserKind {
  /** Readable kind (`AirTag`, `Apple Handoff`, `Google Fast Pair`). */
  readonly kind: string;
  /** The device is a tracker someone could slip into a bag. */
  readonly tracker: boolean;
}

const APPLE = 0x004c;
const MICROSOFT = 0x0006;
const SAMSUNG = 0x0075;
/** Flipper Zero's OUIs, as Kismet checks them. */
const FLIPPER_OUIS = [0x80e126, 0x80e127];
/** The service UUIDs a Flipper Zero advertises (white, black, transparent body). */
const FLIPPER_SERVICE_UUIDS = ['3080', '3081', '3082'];
/** The kind of a recognised Flipper Zero, which the FLIPPERZERO alert looks for. */
export const FLIPPER_ZERO_KIND = 'Flipper Zero';

/** True when the address (a 48-bit number) is in one of the Flipper Zero's OUIs, the test Kismet's FLIPPERZERO alert makes. */
export function hasFlipperOui(address: number): boolean {
  return FLIPPER_OUIS.includes(Math.floor(address / 0x1000000));
}

const APPLE_CONTINUITY: Readonly<Record<number, string>> = {
  0x02: 'iBeacon',
  0x05: 'Apple AirDrop',
  0x07: 'AirPods',
  0x09: 'Apple AirPlay target',
  0x0a: 'Apple AirPlay source',
  0x0c: 'Apple Handoff',
  0x0d: 'Apple hotspot',
  0x0e: 'Apple hotspot',
  0x0f: 'Apple Nearby Action',
  0x10: 'Apple Nearby Info',
};

/** Find My status byte, bits 4-5: which kind of accessory is lost or away from its owner. */
const FIND_MY_KINDS = ['Apple device (Find My)', 'AirTag', 'Find My accessory', 'AirPods (Find My)'];

const SERVICE_KINDS: Readonly<Record<string, AdvertiserKind>> = {
  FE2C: { kind: 'Google Fast Pair', tracker: false },
  FD5A: { kind: 'Samsung SmartTag', tracker: true },
  FEED: { kind: 'Tile', tracker: true },
  FEEC: { kind: 'Tile', tracker: true },
  FEAA: { kind: 'Eddystone beacon', tracker: false },
  FD6F: { kind: 'Exposure notification', tracker: false },
};

function appleKind(payload: string): AdvertiserKind {
  const type = Number.parseInt(payload.slice(0, 2), 16);
  if (type === 0x12) {
    // Find My: a long message (length 0x19) is an accessory separated from its owner.
    const status = Number.parseInt(payload.slice(4, 6), 16);
    const kind = Number.isNaN(status) ? 'Find My accessory' : FIND_MY_KINDS[(status >> 4) & 0x03]!;
    return { kind, tracker: kind === 'AirTag' || kind === 'Find My accessory' };
  }
  return { kind: APPLE_CONTINUITY[type] ?? 'Apple device', tracker: false };
}

function microsoftKind(payload: string): AdvertiserKind {
  const scenario = Number.parseInt(payload.slice(0, 2), 16);
  return { kind: scenario === 0x03 ? 'Microsoft Swift Pair' : 'Microsoft CDP', tracker: false };
}

/** Recognises a device from its address (`oui`: its top 24 bits), name and advertising data; undefined when nothing is known. */
export function recognizeAdvertiser(address: number, data: AdvertisingData | undefined, name?: string): AdvertiserKind | undefined {
  if (hasFlipperOui(address) || data?.serviceUuids.some((uuid) => FLIPPER_SERVICE_UUIDS.includes(uuid)) === true || (name ?? data?.name ?? '').startsWith('Flipper ')) {
    return { kind: FLIPPER_ZERO_KIND, tracker: false };
  }
  if (data === undefined) return undefined;
  for (const entry of data.serviceData ?? []) if (SERVICE_KINDS[entry.uuid]) return SERVICE_KINDS[entry.uuid];
  for (const uuid of data.serviceUuids) if (SERVICE_KINDS[uuid]) return SERVICE_KINDS[uuid];
  if (data.companyId === APPLE && data.manufacturerData !== undefined) return appleKind(data.manufacturerData);
  if (data.companyId === MICROSOFT && data.manufacturerData !== undefined) return microsoftKind(data.manufacturerData);
  if (data.companyId === SAMSUNG) return { kind: 'Samsung device', tracker: false };
  return undefined;
}
