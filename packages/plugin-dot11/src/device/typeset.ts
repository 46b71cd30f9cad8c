/**
 * What an 802.11 device is, as Kismet tracks it: the type text (`Wi-Fi AP`, `Wi-Fi Client`...),
 * the PHY-independent basic type bits, and the `dot11.device.typeset` bits. Kismet does not
 * derive the text from the bits: each frame role sets it by one of four rules (always, unless
 * the basic bits hold all of a set, unless they hold any of a set, only when they are exactly a
 * set), so the text depends on the order frames arrive. svc keeps the same state and applies
 * the same rules (phy_80211.cc's classifier), so a device gets the type Kismet gives it; the
 * bit values are Kismet's, so clients that test them keep working.
 */
import type { TrackedDevice } from '@svc/core';

/** `dot11.device.typeset` bits (Kismet's `DOT11_DEVICE_TYPE_*`); Kismet, and svc, set only these three. */
export const Dot11TypeSet = {
  /** Sent beacons. */
  BEACON_AP: 1 << 0,
  /** Took part in an independent BSS (a management frame with the IBSS capability bit). */
  ADHOC: 1 << 1,
  /** Answered probe requests. */
  PROBE_AP: 1 << 8,
} as const;

/** `svc.device.base.basic_type_set` bits, common to every PHY (Kismet's `KIS_DEVICE_BASICTYPE_*`). */
export const BasicType = { AP: 1 << 0, CLIENT: 1 << 1, WIRED: 1 << 2, PEER: 1 << 3 } as const;

/** Typeset bits that put a device in the `phydot11_accesspoints` view. */
export const ACCESS_POINT_BITS = Dot11TypeSet.BEACON_AP | Dot11TypeSet.PROBE_AP | Dot11TypeSet.ADHOC;

/** The 802.11 device type texts. */
export const Dot11DeviceType = {
  AP: 'Wi-Fi AP',
  CLIENT: 'Wi-Fi Client',
  ADHOC: 'Wi-Fi Ad-Hoc',
  BRIDGED: 'Wi-Fi Bridged',
  WDS: 'Wi-Fi WDS',
  WDS_AP: 'Wi-Fi WDS AP',
  /** A device only seen as the destination of data: wired or wireless is not known yet. */
  DEVICE: 'Wi-Fi Device',
} as const;

/** Gives the device the type unless its basic bits hold every one of `bits` (Kismet's `set_type_string_ifnot`). */
export function setTypeUnlessAll(device: TrackedDevice, type: string, bits: number): void {
  if ((device.basicTypeSet & bits) !== bits) device.type = type;
}

/** Gives the device the type unless its basic bits hold any of `bits` (Kismet's `set_type_string_ifnotany`). */
export function setTypeUnlessAny(device: TrackedDevice, type: string, bits: number): void {
  if ((device.basicTypeSet & bits) === 0) device.type = type;
}

/** Gives the device the type when its basic bits are exactly `bits` (Kismet's `set_type_string_ifonly`). */
export function setTypeIfOnly(device: TrackedDevice, type: string, bits: number): void {
  if (device.basicTypeSet === bits) device.type = type;
}
