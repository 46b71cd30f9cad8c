/**
 * A PHY decoder for phy-registration.test.ts, in a module of its own as the decoder contract
 * asks: a `TESTPHY` record `{"mac":N}` becomes the `testPhy` annotation; anything else is an error.
 */
import type { PhyDecoder } from '../index.js';

declare module '../index.js' {
  interface PacketAnnotations {
    /** A decoded TESTPHY record. */
    testPhy: { readonly mac: number };
  }
}

/** Decodes a TESTPHY record. */
export const decodeTestRecord: PhyDecoder<'testPhy'> = (frame) => {
  const mac = Number(JSON.parse(frame.json!.text).mac);
  return Number.isInteger(mac) && mac > 0 ? { annotation: { mac }, signal: { ...frame.signal, freqKhz: 433_920 } } : { error: true };
};
