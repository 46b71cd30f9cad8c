/**
 * Renders OOK transmissions into a `.cu8` recording, the raw format `rtl_433 -r` replays:
 * interleaved I/Q samples as unsigned bytes (128 is zero), 250 kHz sample rate, tuned to
 * 433.92 MHz. While the carrier is on, the samples are a tone an eighth of the sample rate above
 * the centre; while it is off, a little noise from a seeded generator. The tone is a table of
 * eight whole-number I/Q pairs (no sine is computed), so the same transmissions and seed give
 * the same bytes on every machine.
 */
import { seededRandom } from '@svc/core/testing';
import type { Transmission } from './transmission.js';

/** Samples per second (rtl_433's default, and what its test recordings use). */
export const CU8_SAMPLE_RATE = 250_000;

/** The frequency the recording is tuned to, Hz. */
export const CU8_CENTRE_FREQUENCY = 433_920_000;

/** Where the carrier sits in the recording: the centre plus an eighth of the sample rate (31.25 kHz). */
export const CU8_CARRIER_FREQUENCY = CU8_CENTRE_FREQUENCY + CU8_SAMPLE_RATE / 8;

/** The unsigned value of a zero sample. */
const ZERO = 128;
/** Carrier amplitude: about -2 dB of full scale, well above rtl_433's -12 dB detection floor. */
const AMPLITUDE = 100;
/** The carrier's I/Q at 45° steps, rounded once: cos and sin of 0°, 45°, ... 315°. */
const DIAGONAL = Math.round(AMPLITUDE * Math.SQRT1_2);
const TONE: readonly (readonly [number, number])[] = [
  [AMPLITUDE, 0],
  [DIAGONAL, DIAGONAL],
  [0, AMPLITUDE],
  [-DIAGONAL, DIAGONAL],
  [-AMPLITUDE, 0],
  [-DIAGONAL, -DIAGONAL],
  [0, -AMPLITUDE],
  [DIAGONAL, -DIAGONAL],
];
/** Noise while the carrier is off: each of I and Q off zero by up to this much. */
const NOISE = 2;

/** How transmissions are laid out in a recording. */
export interface RecordingLayout {
  /** Silence before the first transmission, µs (rtl_433 measures the noise floor for 1024 samples before it detects a pulse). */
  readonly leadIn: number;
  /** Silence after each transmission, µs: longer than any decoder's end-of-message gap, so each is decoded alone. */
  readonly silence: number;
  /** Seed of the noise. */
  readonly seed: number;
}

/** The recording's samples: `transmissions` in order, as `layout` places them. */
export function renderCu8(transmissions: readonly Transmission[], layout: RecordingLayout): Buffer {
  // Edges in µs from the start, carrier on between each pair; placed on the nearest sample, so rounding never accumulates.
  const edges: number[] = [];
  let time = layout.leadIn;
  for (const { pulses } of transmissions) {
    for (const [index, pulse] of pulses.entries()) {
      edges.push(time, time + pulse.on);
      time += pulse.on + (index === pulses.length - 1 ? layout.silence : pulse.off);
    }
  }
  const sampleAt = (us: number) => Math.round((us * CU8_SAMPLE_RATE) / 1_000_000);
  const samples = Buffer.alloc(sampleAt(time) * 2);
  const random = seededRandom(layout.seed);
  const noise = () => ZERO - NOISE + Math.floor(random() * (2 * NOISE + 1));
  let edge = 0;
  for (let sample = 0; sample < samples.length / 2; sample++) {
    while (edge < edges.length && sampleAt(edges[edge]!) <= sample) edge++;
    // An odd number of edges passed: the carrier is on.
    if (edge % 2 === 1) {
      const [i, q] = TONE[sample % TONE.length]!;
      samples[2 * sample] = ZERO + i;
      samples[2 * sample + 1] = ZERO + q;
    } else {
      samples[2 * sample] = noise();
      samples[2 * sample + 1] = noise();
    }
  }
  return samples;
}
