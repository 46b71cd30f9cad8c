/**
 * The large synthetic 802.11 captures the benches replay, written once by svc's own bulk
 * generator (`bulkCapturePath` of `@svc/plugin-dot11/synthetic`, seed 1) and cached in the temp
 * dir. By default 1,000,000 radiotap frames among 10,000 devices: a tenth of them access points,
 * which carry their makers' OUIs as clients do, three in ten clients on randomized MACs, half a
 * percent of the frames damaged.
 */
import { bulkCapturePath } from '@svc/plugin-dot11/synthetic';

/** Frames in the default capture. */
export const BIG_CAPTURE_FRAMES = 1_000_000;
/** Devices in the default capture. */
export const BIG_CAPTURE_DEVICES = 10_000;

/** The path of the generated capture of `frames` frames among `devices` devices, written the first time it is asked for. */
export function bigCapture(frames = BIG_CAPTURE_FRAMES, devices = BIG_CAPTURE_DEVICES): string {
  return bulkCapturePath({ frames, devices, seed: 1 });
}
