/**
 * The decoder contract. A PHY's decoder is a pure function from one frame as its datasource
 * delivered it (bytes and link type, or a JSON record, plus the radio measurements the source
 * already knew) to what the PHY's classifier needs: the annotation, the radio header's
 * measurements and whether the frame is malformed. It sees nothing else (no tracker, no `svc`,
 * no state kept between frames) and the PHY declaration names it by module and export, not by
 * reference, so the core can import it wherever it runs decoding: on the main thread, or in the
 * ingest worker threads (packets/decode-pool.ts) when the PHY also names how its annotation
 * crosses threads (`transfer`).
 */
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SvcError } from '../errors.js';
import type { Packet, PacketAnnotations, PacketSignal } from './packet.js';

/** What a decoder is given: the frame as its datasource delivered it, read only. */
export type RawFrame = Readonly<Pick<Packet, 'dlt' | 'data' | 'json' | 'signal'>>;

/** What a decoder found in one frame. */
export interface Decoded<A> {
  /** What the PHY's classifier reads, kept as the packet's annotation; absent when the frame names no device. */
  readonly annotation?: A;
  /** The packet's radio measurements, read from the frame's radio header; absent leaves the packet's as they were. */
  readonly signal?: PacketSignal;
  /** True when the frame is malformed or failed its checksum: the packet is counted as an error. */
  readonly error?: boolean;
}

/**
 * A PHY decoder for the annotation `K`: returns what it found, or undefined when the frame is
 * none of its business. It must not keep state between calls nor reach anything but its
 * argument; it may throw only on a bug (a malformed frame is `error: true`, not an exception).
 */
export type PhyDecoder<K extends keyof PacketAnnotations> = (frame: RawFrame) => Decoded<PacketAnnotations[K]> | undefined;

/**
 * Where a PHY's decoder lives and which frames it takes. The core imports `exportName` from
 * `module` at boot and calls it for every packet whose frame has one of `linkTypes` or whose
 * JSON record is of one of `recordTypes`, storing the result's annotation under `annotation`.
 */
export interface PhyDecoderDefinition {
  /** The module exporting the decoder: a `file:` URL or an absolute path (`new URL('./decode.js', import.meta.url).href`). */
  readonly module: string;
  /** Name of the export, a {@link PhyDecoder}. */
  readonly exportName: string;
  /** The packet annotation the decoder fills (`dot11`). */
  readonly annotation: keyof PacketAnnotations;
  /** pcap link types of the frames it decodes (`127` for radiotap). */
  readonly linkTypes?: readonly number[];
  /** JSON record types it decodes (`RTL433`, the record type of rtl_433 lines). */
  readonly recordTypes?: readonly string[];
  /**
   * How the annotation crosses threads, so the ingest workers (`ingest_threads=`) may decode the
   * PHY's frames: two more exports of `module`, a {@link PhyAnnotationPacker} (`pack`, run in the
   * worker) and a {@link PhyAnnotationUnpacker} (`unpack`, run on the main thread). Without it the
   * PHY's frames are decoded on the main thread.
   */
  readonly transfer?: { readonly pack: string; readonly unpack: string };
}

/**
 * Turns an annotation a decoder returned in a worker thread into a value the structured clone
 * carries to the main thread (numbers, strings, plain objects and arrays; no functions, classes
 * or JSON text), as compact as the PHY can make it.
 */
export type PhyAnnotationPacker<K extends keyof PacketAnnotations> = (annotation: PacketAnnotations[K]) => unknown;

/**
 * Rebuilds, on the main thread, the annotation a {@link PhyAnnotationPacker} packed, given the
 * packet's own frame (the same bytes the worker decoded), so the classifier reads exactly what
 * the decoder would have returned there.
 */
export type PhyAnnotationUnpacker<K extends keyof PacketAnnotations> = (packed: unknown, frame: RawFrame) => PacketAnnotations[K];

/** Imports a PHY's declared decoder; a module that cannot load or lacks the export fails the PHY's plugin. */
export async function importPhyDecoder(phyName: string, definition: PhyDecoderDefinition): Promise<PhyDecoder<keyof PacketAnnotations>> {
  return (await importDecoderExports(phyName, definition, [definition.exportName]))[0] as PhyDecoder<keyof PacketAnnotations>;
}

/**
 * Imports functions `names` of a PHY's decoder module (the decoder, its packer or unpacker), in
 * that order; a module that cannot load or lacks one of them fails the PHY's plugin.
 */
export async function importDecoderExports(phyName: string, definition: PhyDecoderDefinition, names: readonly string[]): Promise<((...args: never[]) => unknown)[]> {
  let exports: Record<string, unknown>;
  try {
    exports = (await import(isAbsolute(definition.module) ? pathToFileURL(definition.module).href : definition.module)) as Record<string, unknown>;
  } catch (error) {
    throw new SvcError('SVC_ERR_PLUGIN_INVALID', `PHY '${phyName}': decoder ${definition.exportName} of ${definition.module} cannot be imported: ${(error as Error).message}`, { cause: error });
  }
  return names.map((name) => {
    const value = exports[name];
    if (typeof value !== 'function') throw new SvcError('SVC_ERR_PLUGIN_INVALID', `PHY '${phyName}': decoder ${name} of ${definition.module} is not an exported function`);
    return value as (...args: never[]) => unknown;
  });
}
