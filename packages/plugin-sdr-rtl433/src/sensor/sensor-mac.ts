/**
 * rtl_433 sensors have no MAC address, so one is made up from what identifies a sensor, the way
 * Kismet's sensor PHY does (`json_to_mac` in `phy_sensor.cc`), so a device has the same key in
 * svc and Kismet and across restarts. Bytes 2..5 hold Kismet's checksum of the model, stored
 * little-endian, and bytes 0..1 the numeric id, big-endian. A text id (`id`, or an Insteon
 * device's `from_id`, which wins) replaces the model: its checksum fills bytes 2..5 and its low
 * 16 bits bytes 0..1. Without an id, a numeric `device` (older decoders) stands in for it, else
 * 0. The locally administered bit marks the address as made up.
 */
import { kismetChecksum } from '@svc/core';

/** Model used when a message names none, as Kismet does. */
const UNKNOWN_MODEL = 'unk';

/** Bit 1 of the first byte: a locally administered (made-up) address. */
const LOCALLY_ADMINISTERED = 0x02;

/** The two parts of the address: the 16 bits of bytes 0..1 and the checksum of bytes 2..5. */
interface MacParts {
  readonly id: number;
  readonly checksum: number;
}

/** The parts of a text id: its checksum, and that checksum's low 16 bits as the id. */
function textIdParts(text: string): MacParts {
  const checksum = kismetChecksum(text);
  return { id: checksum & 0xffff, checksum };
}

/** The low 16 bits of a numeric id (Kismet casts it to an unsigned integer, then to 16 bits). */
const low16 = (value: number) => Math.trunc(value) & 0xffff;

function macParts(message: Record<string, unknown>): MacParts {
  const { id, from_id: fromId, device } = message;
  if (typeof fromId === 'string') return textIdParts(fromId);
  if (typeof id === 'string') return textIdParts(id);
  const checksum = kismetChecksum(typeof message.model === 'string' ? message.model : UNKNOWN_MODEL);
  if (typeof id === 'number' && Number.isFinite(id)) return { id: low16(id), checksum };
  if (typeof device === 'number' && Number.isFinite(device)) return { id: low16(device), checksum };
  return { id: 0, checksum };
}

/** The synthetic MAC of the sensor that sent an rtl_433 message, as a 48-bit number. */
export function sensorMac(message: Record<string, unknown>): number {
  const { id, checksum } = macParts(message);
  const byte0 = (id >>> 8) | LOCALLY_ADMINISTERED;
  const byte1 = id & 0xff;
  // Bytes 2..5 hold the checksum as it lies in memory on a little-endian machine: low byte first.
  const low32 = (checksum & 0xff) * 0x1000000 + ((checksum >>> 8) & 0xff) * 0x10000 + ((checksum >>> 16) & 0xff) * 0x100 + (checksum >>> 24);
  return (byte0 * 0x100 + byte1) * 0x100000000 + low32;
}
