/**
 * What an 802.11 device has been seen doing, as the bitset `dot11.device.typeset`, and the type
 * text and basic type bits derived from it. Bits only accumulate, and the type text is the
 * highest-ranked role among them, so a type is only ever upgraded: an access point later seen
 * sending data to its distribution system stays `Wi-Fi AP` (kismet-reference 4.5). Bit values
 * follow Kismet's `DOT11_DEVICE_TYPE_*`, so clients that test them keep working.
 */

/** `dot11.device.typeset` bits. */
export const Dot11TypeSet = {
  /** Sent beacons for its BSS. */
  BEACON_AP: 1 << 0,
  /** Member of an independent (ad-hoc) BSS. */
  ADHOC: 1 << 1,
  /** Talked to an access point as a station (management to it, data to the DS). */
  CLIENT: 1 << 2,
  /** Behind an access point: the source of data it forwarded from the wired side. */
  WIRED: 1 << 3,
  /** Sent four-address (wireless distribution system) frames. */
  WDS: 1 << 4,
  /** Only ever seen as the receiver of unicast frames. */
  INFERRED_WIRELESS: 1 << 6,
  /** Answered probe requests for its BSS. */
  PROBE_AP: 1 << 8,
} as const;

/** `svc.device.base.basic_type_set` bits, common to every PHY. */
export const BasicType = { AP: 1 << 0, CLIENT: 1 << 1, WIRED: 1 << 2, PEER: 1 << 3 } as const;

/** Typeset bits that make a device an access point (the `phydot11_accesspoints` view). */
export const ACCESS_POINT_BITS = Dot11TypeSet.BEACON_AP | Dot11TypeSet.PROBE_AP | Dot11TypeSet.ADHOC;

const AP = Dot11TypeSet.BEACON_AP | Dot11TypeSet.PROBE_AP;

/** The device type text for a typeset, highest role first. */
export function dot11TypeName(typeset: number): string {
  if (typeset & AP) return typeset & Dot11TypeSet.WDS ? 'Wi-Fi WDS AP' : 'Wi-Fi AP';
  if (typeset & Dot11TypeSet.WDS) return 'Wi-Fi WDS';
  if (typeset & Dot11TypeSet.ADHOC) return 'Wi-Fi Ad-Hoc';
  if (typeset & Dot11TypeSet.CLIENT) return 'Wi-Fi Client';
  if (typeset & Dot11TypeSet.WIRED) return 'Wi-Fi Bridged';
  return 'Wi-Fi Device';
}

/** The PHY-independent basic type bits for a typeset. */
export function basicTypeSet(typeset: number): number {
  let basic = 0;
  if (typeset & AP) basic |= BasicType.AP;
  if (typeset & Dot11TypeSet.CLIENT) basic |= BasicType.CLIENT;
  if (typeset & Dot11TypeSet.WIRED) basic |= BasicType.WIRED;
  if (typeset & (Dot11TypeSet.ADHOC | Dot11TypeSet.WDS)) basic |= BasicType.PEER;
  return basic;
}
