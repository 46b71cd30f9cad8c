/**
 * An ingest worker thread (decode-pool.ts starts them): it imports the decoders and packers the
 * PHYs declared, then decodes each batch of frames the main thread sends, one buffer of frame
 * bytes with their ends and link types, and answers with each frame's packed annotations, signal
 * and error flag. A decoder that throws is a bug: the exception ends the worker, and the pool
 * reports it, counts the batch as errors and starts another.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PacketAnnotations, PacketSignal } from './packet.js';
import { importDecoderExports, type PhyAnnotationPacker, type PhyDecoder } from './phy-decoder.js';
import type { DecodeBatch, DecodeReply, DecodeWorkerData } from './decode-messages.js';

interface WorkerPhy {
  readonly decode: PhyDecoder<keyof PacketAnnotations>;
  readonly pack: PhyAnnotationPacker<keyof PacketAnnotations>;
}

const { phys: declared } = workerData as DecodeWorkerData;
const phys: WorkerPhy[] = [];
for (const phy of declared) {
  const [decode, pack] = await importDecoderExports(phy.name, phy.decoder, [phy.decoder.exportName, phy.decoder.transfer!.pack]);
  phys.push({ decode: decode as WorkerPhy['decode'], pack: pack as WorkerPhy['pack'] });
}
/** The PHYs that take each link type, in declaration order. */
const byLinkType = new Map<number, WorkerPhy[]>();
declared.forEach((phy, index) => {
  for (const linkType of phy.decoder.linkTypes ?? []) {
    const list = byLinkType.get(linkType) ?? [];
    list.push(phys[index]!);
    byLinkType.set(linkType, list);
  }
});

parentPort!.on('message', (batch: DecodeBatch) => parentPort!.postMessage(decodeBatch(batch)));

/** Decodes every frame of a batch, each with the PHYs that take its link type. */
function decodeBatch(batch: DecodeBatch): DecodeReply {
  const frames = batch.dlts.length;
  const annotations: unknown[] = [];
  const signals = new Array<PacketSignal | undefined>(frames);
  const errors = new Uint8Array(frames);
  let start = 0;
  for (let index = 0; index < frames; index++) {
    const end = batch.ends[index]!;
    const dlt = batch.dlts[index]!;
    const frame = { dlt, data: Buffer.from(batch.bytes, start, end - start), json: undefined, signal: batch.signals?.[index] };
    start = end;
    for (const phy of byLinkType.get(dlt) ?? []) {
      const decoded = phy.decode(frame);
      annotations.push(decoded?.annotation === undefined ? undefined : phy.pack(decoded.annotation));
      if (decoded?.error === true) errors[index] = 1;
      if (decoded?.signal !== undefined) signals[index] = decoded.signal;
    }
  }
  return { id: batch.id, annotations, signals, errors };
}
