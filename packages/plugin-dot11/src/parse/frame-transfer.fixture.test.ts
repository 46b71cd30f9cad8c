/**
 * A frame packed in a worker and unpacked on the main thread is the frame the decoder returns
 * there: for every frame of every capture (svc's own and the shared data set's), the packed form
 * is sent through a structured clone, as between threads, and the rebuilt frame must equal the
 * decoded one field by field, its elements (parsed on first read), their custom parsers' walk,
 * EAPOL-Key message and IP packet included.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CaptureFile } from '../pcap/capture-file.js';
import { eachCapture, ownCaptures, realCaptures } from '../fixture-captures.test-helper.js';
import { decodeDot11, type Dot11Frame } from './decode.js';
import { packFrame, unpackFrame } from './frame-transfer.js';

/** Every field of a frame, the lazily parsed elements read. */
function fields(frame: Dot11Frame): Record<string, unknown> {
  return { ...frame, radio: { ...frame.radio }, ies: frame.ies, elementsHash: frame.elementsHash, custom: frame.custom };
}

eachCapture(test, [...ownCaptures(), ...realCaptures()], 'a frame packed and unpacked is the frame decoded', async (capture) => {
  const file = await CaptureFile.open(capture.path);
  let frames = 0;
  try {
    for await (const batch of file.frames()) {
      for (const { data, linkType } of batch) {
        const decoded = decodeDot11(data, linkType);
        const packed = structuredClone(packFrame(decodeDot11(data, linkType)));
        assert.equal(fields(unpackFrame(packed, data)), fields(decoded), `frame ${frames + 1}`);
        frames++;
      }
    }
  } finally {
    await file.close();
  }
  assert.ok(frames > 0);
});

test.run();
