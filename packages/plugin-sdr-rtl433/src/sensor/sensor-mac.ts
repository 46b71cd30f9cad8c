/**
 * rtl_433 sensors have no MAC address, so one is made up from what identifies a sensor: its
 * model and its id, the way Kismet's sensor PHY (`RFSENSOR`, formerly `RTL433`) does (kismet-reference 5.5), so a device keeps
 * the same key in svc and Kismet and across restarts. Bytes 2..5 are Kismet's checksum of the
 * model, stored little-endian; bytes 0..1 are the id, big-endian (a string id is checksummed
 * first); the locally administered bit marks the address as made up.
 */
import { kismetChecksum } from '@svc/core';

/** Model used when a message names none, as Kismet does. */
const UNKNOWN_MODEL = 'unk';

/** Bit 1 of the first byte: a locally administered (made-up) address. */
const LOCALLY_ADMINISTERED = 0x02;

/** The 16-bit id part: a numeric `id`, a checksummed string `id` or `from_id`, else a numeric `device`, else 0. */
function idBits(message: Record<string, unknown>): number {
  const { id, from_id: fromId, device } = message;
  if (typeof id === 'string') return kismetChecksum(id) & 0xffff;
  if (typeof fromId === 'string') return kismetChecksum(fromId) & 0xffff;
  if (typeof id === 'number' && Number.isFinite(id)) return Math.trunc(id) & 0xffff;
  if (typeof device === 'number' && Number.isFinite(device)) return Math.trunc(device) & 0xffff;
  return 0;
}

/** The synthetic MAC of the sensor that sent an rtl_433 message, as a 48-bit number. */
export function sensorMac(message: Record<string, unknown>): number {
  const model = typeof message.model === 'string' ? message.model : UNKNOWN_MODEL;
  const checksum = kismetChecksum(model);
  const id = idBits(message);
  const byte0 = (id >>> 8) | LOCALLY_ADMINISTERED;
  const byte1 = id & 0xff;
  // Bytes 2..5 hold the checksum as it lies in memory on a little-endian machine: low byte first.
  const low32 = (checksum & 0xff) * 0x1000000 + ((checksum >>> 8) & 0xff) * 0x10000 + ((checksum >>> 16) & 0xff) * 0x100 + (checksum >>> 24);
  return (byte0 * 0x100 + byte1) * 0x100000000 + low32;
}
