/**
 * A frame PHY decoder for decode-pool.test.ts, in a module of its own as the decoder contract
 * asks, with the packer and unpacker that let the ingest workers run it: a frame of link type
 * 147 (DLT_USER0) starting with a 48-bit MAC becomes the `poolTest` annotation; a frame
 * starting with 0xFF ends the worker thread running it (a decoder that dies), one starting with
 * 0xFE throws (a decoder with a bug); a frame shorter than a MAC is malformed.
 */
import { isMainThread } from 'node:worker_threads';
import type { PhyAnnotationPacker, PhyAnnotationUnpacker, PhyDecoder } from '../index.js';

declare module '../index.js' {
  interface PacketAnnotations {
    /** A decoded pool test frame. */
    poolTest: { readonly mac: number; readonly thread: 'main' | 'worker' };
  }
}

/** The link type the test PHY decodes. */
export const POOL_TEST_LINK_TYPE = 147;

/** Decodes a pool test frame. */
export const decodePoolTestFrame: PhyDecoder<'poolTest'> = (frame) => {
  const data = frame.data!;
  if (data.length < 6) return { error: true };
  if (data[0] === 0xff && !isMainThread) process.exit(3);
  if (data[0] === 0xfe) throw new Error('a poison frame');
  return { annotation: { mac: data.readUIntBE(0, 6), thread: isMainThread ? 'main' : 'worker' }, signal: { signalDbm: -data[6]! } };
};

/** Packs the annotation as its MAC. */
export const packPoolTestFrame: PhyAnnotationPacker<'poolTest'> = (annotation) => annotation.mac;

/** Rebuilds the annotation a worker packed. */
export const unpackPoolTestFrame: PhyAnnotationUnpacker<'poolTest'> = (packed) => ({ mac: packed as number, thread: 'worker' });
