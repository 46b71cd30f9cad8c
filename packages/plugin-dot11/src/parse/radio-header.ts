/**
 * What radiotap and PPI headers share: a version byte that must be 0, a pad or flags byte, and
 * a little-endian u16 header length that must fit the frame.
 */

/** Thrown for a radio header that cannot be right. */
export class RadioHeaderError extends Error {}

/** The header length of a radiotap or PPI header (`kind` names it in errors). */
export function radioHeaderLength(data: Buffer, kind: 'radiotap' | 'PPI'): number {
  if (data.length < 8) throw new RadioHeaderError(`a ${kind} header needs 8 bytes, the frame has ${data.length}`);
  if (data[0] !== 0) throw new RadioHeaderError(`${kind} version ${data[0]} is not 0`);
  const length = data.readUInt16LE(2);
  if (length < 8 || length > data.length) throw new RadioHeaderError(`the ${kind} header claims ${length} bytes of a ${data.length}-byte frame`);
  return length;
}
