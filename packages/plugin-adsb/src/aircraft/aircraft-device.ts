/**
 * The `adsb.device` sub-record of an aircraft: Kismet's fields (`phy_adsb.h`: the ICAO address,
 * callsign, GSAS, the last odd and even raw CPR positions with their times) and svc's: the
 * country of the address block, emitter category, barometric and geometric altitude, ground
 * speed, track, vertical rate, squawk, emergency, on-ground, the message counts by downlink
 * format, and the track of its last positions.
 */
import type { FieldDefinition, PhyComponentState, StateReader, StateWriter } from '@svc/core';
import type { ModeSMessage } from '../modes/mode-s-message.js';
import { EMERGENCY_SQUAWKS } from './emergency-squawks.js';
import { icaoCountry } from './icao-country.js';
import { icaoText } from './icao-mac.js';

/** Positions kept in the track. */
export const TRACK_POINTS = 256;
/** Least time between two points of the track, s: an aircraft reports about two positions a second. */
export const TRACK_INTERVAL_S = 5;

/** One point of an aircraft's track. */
export interface TrackPoint {
  /** Unix seconds. */
  readonly time: number;
  readonly lat: number;
  readonly lon: number;
  /** Barometric altitude, ft (0 when unknown). */
  readonly altitudeFt: number;
}

/** Fields of `adsb.device`. */
export const ADSB_DEVICE_FIELDS: readonly FieldDefinition[] = [
  { name: 'adsb.device.icao', type: 'string', description: 'ICAO address, six hex digits' },
  { name: 'adsb.device.country', type: 'string', description: 'state of registry, from the ICAO address block; empty when unknown' },
  { name: 'adsb.device.gsas', type: 'string', description: 'GSAS (reserved as Kismet has it; empty)' },
  { name: 'adsb.device.callsign', type: 'string', description: 'callsign (flight identification); empty until heard' },
  { name: 'adsb.device.category', type: 'string', description: 'emitter category, as dump1090 writes it (A3: large aircraft); empty until heard' },
  { name: 'adsb.device.odd_raw_lat', type: 'double', description: 'odd-packet raw (CPR) latitude' },
  { name: 'adsb.device.odd_raw_lon', type: 'double', description: 'odd-packet raw (CPR) longitude' },
  { name: 'adsb.device.odd_ts', type: 'uint64_t', description: 'timestamp of the last odd packet' },
  { name: 'adsb.device.even_raw_lat', type: 'double', description: 'even-packet raw (CPR) latitude' },
  { name: 'adsb.device.even_raw_lon', type: 'double', description: 'even-packet raw (CPR) longitude' },
  { name: 'adsb.device.even_ts', type: 'uint64_t', description: 'timestamp of the last even packet' },
  { name: 'adsb.device.altitude', type: 'int32_t', description: 'barometric altitude, ft (0 when unknown)' },
  { name: 'adsb.device.geometric_altitude', type: 'int32_t', description: 'geometric (GNSS) altitude, ft (0 when unknown)' },
  { name: 'adsb.device.speed', type: 'double', description: 'ground speed, kt (0 when unknown)' },
  { name: 'adsb.device.heading', type: 'double', description: 'track over ground, degrees (0 when unknown)' },
  { name: 'adsb.device.vertical_rate', type: 'int32_t', description: 'vertical rate, ft/min' },
  { name: 'adsb.device.squawk', type: 'string', description: 'Mode A code, four octal digits; empty until heard' },
  { name: 'adsb.device.emergency', type: 'string', description: 'emergency or priority status, or the emergency squawk (7500, 7600, 7700); empty when none' },
  { name: 'adsb.device.on_ground', type: 'uint8_t', description: '1 while the aircraft says it is on the ground' },
  { name: 'adsb.device.lat', type: 'double', description: 'last decoded latitude (0 until a position is decoded)' },
  { name: 'adsb.device.lon', type: 'double', description: 'last decoded longitude' },
  { name: 'adsb.device.df_counts', type: 'map[string,uint64_t]', description: 'messages heard, by downlink format' },
  { name: 'adsb.device.track', type: 'vector[double]', description: `the track: the last ${TRACK_POINTS} positions at least ${TRACK_INTERVAL_S} s apart, each [unix time, lat, lon, altitude ft]` },
];

/** The ADS-B sub-record of one aircraft. */
export class AircraftDevice {
  callsign = '';
  category = '';
  altitudeFt = 0;
  geometricAltitudeFt = 0;
  speedKt = 0;
  headingDeg = 0;
  verticalRateFtMin = 0;
  squawk = '';
  emergency = '';
  onGround = false;
  lat = 0;
  lon = 0;
  odd = { lat: 0, lon: 0, time: 0 };
  even = { lat: 0, lon: 0, time: 0 };
  readonly dfCounts = new Map<number, number>();
  readonly track: TrackPoint[] = [];

  constructor(readonly icao: number) {}

  /** Takes in one message of this aircraft, heard at `time` (Unix seconds). */
  apply(message: ModeSMessage, time: number): void {
    this.dfCounts.set(message.df, (this.dfCounts.get(message.df) ?? 0) + 1);
    if (message.callsign) this.callsign = message.callsign;
    if (message.category) this.category = message.category;
    if (message.altitudeFt !== undefined) this.altitudeFt = message.altitudeFt;
    if (message.geometricAltitudeFt !== undefined) this.geometricAltitudeFt = message.geometricAltitudeFt;
    if (message.groundSpeedKt !== undefined) this.speedKt = message.groundSpeedKt;
    if (message.trackDeg !== undefined) this.headingDeg = message.trackDeg;
    if (message.verticalRateFtMin !== undefined) this.verticalRateFtMin = message.verticalRateFtMin;
    if (message.onGround !== undefined) this.onGround = message.onGround;
    if (message.squawk !== undefined) this.squawk = message.squawk;
    if (message.emergency !== undefined) this.emergency = message.emergency;
    else if (message.squawk !== undefined) this.emergency = EMERGENCY_SQUAWKS[message.squawk] ?? '';
    const cpr = message.cpr;
    if (cpr !== undefined) {
      const raw = cpr.odd ? this.odd : this.even;
      raw.lat = cpr.lat;
      raw.lon = cpr.lon;
      raw.time = time;
    }
  }

  /** Records a decoded position; the track keeps one every few seconds. */
  position(lat: number, lon: number, time: number): void {
    this.lat = lat;
    this.lon = lon;
    const last = this.track.at(-1);
    if (last !== undefined && time - last.time < TRACK_INTERVAL_S) return;
    this.track.push({ time, lat, lon, altitudeFt: this.altitudeFt });
    if (this.track.length > TRACK_POINTS) this.track.shift();
  }

  /** The `adsb.device` record. */
  toRecord(): Record<string, unknown> {
    return {
      'adsb.device.icao': icaoText(this.icao),
      'adsb.device.country': icaoCountry(this.icao),
      'adsb.device.gsas': '',
      'adsb.device.callsign': this.callsign,
      'adsb.device.category': this.category,
      'adsb.device.odd_raw_lat': this.odd.lat,
      'adsb.device.odd_raw_lon': this.odd.lon,
      'adsb.device.odd_ts': this.odd.time,
      'adsb.device.even_raw_lat': this.even.lat,
      'adsb.device.even_raw_lon': this.even.lon,
      'adsb.device.even_ts': this.even.time,
      'adsb.device.altitude': this.altitudeFt,
      'adsb.device.geometric_altitude': this.geometricAltitudeFt,
      'adsb.device.speed': this.speedKt,
      'adsb.device.heading': this.headingDeg,
      'adsb.device.vertical_rate': this.verticalRateFtMin,
      'adsb.device.squawk': this.squawk,
      'adsb.device.emergency': this.emergency,
      'adsb.device.on_ground': this.onGround ? 1 : 0,
      'adsb.device.lat': this.lat,
      'adsb.device.lon': this.lon,
      'adsb.device.df_counts': Object.fromEntries([...this.dfCounts].map(([df, count]) => [String(df), count])),
      'adsb.device.track': this.track.map((point) => [point.time, point.lat, point.lon, point.altitudeFt]),
    };
  }

  /** The sub-record as `toRecord` served it (an aircraft restored from a log). */
  static fromRecord(record: Record<string, unknown>): AircraftDevice | undefined {
    const icao = Number.parseInt(String(record['adsb.device.icao'] ?? ''), 16);
    if (!Number.isInteger(icao)) return undefined;
    const device = new AircraftDevice(icao);
    const number = (name: string) => (typeof record[`adsb.device.${name}`] === 'number' ? (record[`adsb.device.${name}`] as number) : 0);
    const text = (name: string) => (typeof record[`adsb.device.${name}`] === 'string' ? (record[`adsb.device.${name}`] as string) : '');
    device.callsign = text('callsign');
    device.category = text('category');
    device.altitudeFt = number('altitude');
    device.geometricAltitudeFt = number('geometric_altitude');
    device.speedKt = number('speed');
    device.headingDeg = number('heading');
    device.verticalRateFtMin = number('vertical_rate');
    device.squawk = text('squawk');
    device.emergency = text('emergency');
    device.onGround = number('on_ground') === 1;
    device.lat = number('lat');
    device.lon = number('lon');
    device.odd = { lat: number('odd_raw_lat'), lon: number('odd_raw_lon'), time: number('odd_ts') };
    device.even = { lat: number('even_raw_lat'), lon: number('even_raw_lon'), time: number('even_ts') };
    const counts = record['adsb.device.df_counts'];
    if (typeof counts === 'object' && counts !== null) for (const [df, count] of Object.entries(counts)) if (typeof count === 'number') device.dfCounts.set(Number(df), count);
    const track = record['adsb.device.track'];
    if (Array.isArray(track)) {
      for (const point of track) if (Array.isArray(point) && point.length === 4 && point.every((value) => typeof value === 'number')) device.track.push({ time: point[0], lat: point[1], lon: point[2], altitudeFt: point[3] });
    }
    return device;
  }

  /** Packs the sub-record for the tracker's state snapshot; `readState` reads it in this order. */
  writeState(writer: StateWriter): void {
    writer.uint(this.icao);
    for (const text of [this.callsign, this.category, this.squawk, this.emergency]) writer.string(text);
    for (const value of [this.altitudeFt, this.geometricAltitudeFt, this.speedKt, this.headingDeg, this.verticalRateFtMin, this.lat, this.lon]) writer.number(value);
    writer.boolean(this.onGround);
    for (const raw of [this.odd, this.even]) for (const value of [raw.lat, raw.lon, raw.time]) writer.number(value);
    writer.uint(this.dfCounts.size);
    for (const [df, count] of this.dfCounts) {
      writer.uint(df);
      writer.uint(count);
    }
    writer.uint(this.track.length);
    for (const point of this.track) for (const value of [point.time, point.lat, point.lon, point.altitudeFt]) writer.number(value);
  }

  /** The sub-record as `writeState` packed it. */
  static readState(reader: StateReader): AircraftDevice {
    const device = new AircraftDevice(reader.uint());
    device.callsign = reader.string();
    device.category = reader.string();
    device.squawk = reader.string();
    device.emergency = reader.string();
    device.altitudeFt = reader.number();
    device.geometricAltitudeFt = reader.number();
    device.speedKt = reader.number();
    device.headingDeg = reader.number();
    device.verticalRateFtMin = reader.number();
    device.lat = reader.number();
    device.lon = reader.number();
    device.onGround = reader.boolean();
    device.odd = { lat: reader.number(), lon: reader.number(), time: reader.number() };
    device.even = { lat: reader.number(), lon: reader.number(), time: reader.number() };
    for (let count = reader.count(); count > 0; count--) device.dfCounts.set(reader.uint(), reader.uint());
    for (let count = reader.count(); count > 0; count--) device.track.push({ time: reader.number(), lat: reader.number(), lon: reader.number(), altitudeFt: reader.number() });
    return device;
  }
}

/** How the ADSB PHY packs its sub-record into the tracker's state snapshot. */
export const aircraftComponentState: PhyComponentState<AircraftDevice> = {
  version: 1,
  write: (component, writer) => component.writeState(writer),
  read: (reader) => AircraftDevice.readState(reader),
};
