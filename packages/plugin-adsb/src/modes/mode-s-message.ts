/**
 * What svc's Mode S decoder reports for one frame. The ADSB PHY and every ADS-B source code against
 * this shape, so it stays fixed: fields are only ever added, each optional.
 */

/**
 * Who sent a DF17/DF18 extended squitter, from its format and DF18's control field (CF), spelled as
 * dump1090/readsb name the address types: a transponder (`adsb_icao`), a non-transponder ADS-B device
 * (`adsb_icao_nt`), one with an anonymous address (`adsb_other`), a TIS-B ground rebroadcast of radar
 * tracks (`tisb_icao`, `tisb_other`) or an ADS-R rebroadcast from the other link (`adsr_icao`).
 */
export type ExtendedSquitterAddressType = 'adsb_icao' | 'adsb_icao_nt' | 'adsb_other' | 'tisb_icao' | 'tisb_other' | 'adsr_icao';

/**
 * One decoded Mode S frame.
 *
 * CRC rule: for DF11/17/18 the address is in the frame and `crcOk` means the CRC residual is zero (DF17/18)
 * or only an interrogator code (DF11), after any single-bit repair. DF0/4/5/16/20/21/24 overlay the address
 * on the parity, so the residual *is* the address and no CRC check is possible from the frame alone: for
 * them `crcOk` is true and `addressFromParity` is true, and the tracker must accept the frame only when
 * `icao` is an address it already saw in a CRC-clean DF11/17/18 frame (dump1090's rule); noise decodes to
 * a random address there and is dropped by that check.
 */
export interface ModeSMessage {
  /** Downlink format 0..24. */
  readonly df: number;
  /** 24-bit address: AA for DF11/17/18, else recovered from address/parity. */
  readonly icao: number;
  /** CRC good after any repair; see the CRC rule above for address/parity formats. */
  readonly crcOk: boolean;
  /** True for DF0/4/5/16/20/21/24, whose `icao` is the parity residual and must be confirmed by the tracker. */
  readonly addressFromParity?: boolean;
  /** Bit index (0 = first bit of the frame) flipped back by single-bit repair (DF11/17/18 only). */
  readonly repairedBit?: number;
  /** DF11 interrogator code (II/SI) carried in the CRC residual; 0 for a spontaneous acquisition squitter. */
  readonly interrogatorId?: number;
  /** DF17/18 sender kind (DF18 from its CF field). */
  readonly addressType?: ExtendedSquitterAddressType;
  /** DF17/18 ME type code. */
  readonly typeCode?: number;
  /** Barometric altitude in feet (AC13 of DF0/4/16/20, or the ME of an airborne position, TC 9-18). */
  readonly altitudeFt?: number;
  /** GNSS altitude in feet: the ME altitude of TC 20-22 (decoded as dump1090 does, with the AC12 coding). */
  readonly geometricAltitudeFt?: number;
  /** TC19 GNSS altitude minus barometric altitude, feet (stateless: the tracker adds it to the last baro altitude). */
  readonly gnssMinusBaroFt?: number;
  /** 4 octal digits from DF5/21 identity or TC28. */
  readonly squawk?: string;
  /** TC1-4 identification or Comm-B BDS 2,0, trailing spaces trimmed. */
  readonly callsign?: string;
  /** Emitter category as dump1090 prints it: letter from the TC (4 A, 3 B, 2 C, 1 D) and the category digit, e.g. `A3`. */
  readonly category?: string;
  /** Raw 17-bit CPR fields of a surface or airborne position. */
  readonly cpr?: { readonly odd: boolean; readonly lat: number; readonly lon: number; readonly surface: boolean };
  /** From CA (DF11/17), VS (DF0/16), FS (DF4/5/20/21) or the position type. */
  readonly onGround?: boolean;
  /** Ground speed in knots (velocity subtype 1/2, surface movement). */
  readonly groundSpeedKt?: number;
  /** Track over ground, degrees 0..360 (velocity subtype 1/2, surface track when valid). */
  readonly trackDeg?: number;
  /** Airspeed in knots (velocity subtype 3/4). */
  readonly airspeedKt?: number;
  /** True airspeed (TAS) rather than indicated (IAS). */
  readonly airspeedTrue?: boolean;
  /** Magnetic heading in degrees (velocity subtype 3/4, when its status bit says available). */
  readonly headingDeg?: number;
  /** Vertical rate, feet/minute, positive climbing. */
  readonly verticalRateFtMin?: number;
  /** Source of the vertical rate: true barometric, false GNSS (ME bit 36 = 1 means barometric). */
  readonly verticalRateBaro?: boolean;
  /** TC28 emergency/priority status text, undefined when none. */
  readonly emergency?: string;
  /** Flight status alert (FS 2, 3, 4): the squawk changed. */
  readonly alert?: boolean;
  /** Flight status SPI (FS 4, 5): the pilot pressed IDENT. */
  readonly spi?: boolean;
}

/** The writable form the decoder fills before handing the message out as read-only. */
export type MutableModeSMessage = { -readonly [K in keyof ModeSMessage]: ModeSMessage[K] };
