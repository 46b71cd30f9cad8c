/**
 * The three feed formats a running decoder offers (Beast binary on 30005, AVR raw hex on 30002,
 * SBS/BaseStation text on 30003) and how svc tells them apart from their first bytes, so
 * `-c host:30005:type=adsb` and a recorded file need no `format=`.
 */
import { AvrStream } from './avr-stream.js';
import { BeastStream } from './beast-stream.js';
import { beastSignalDbfs } from './mode-s-link-type.js';
import { startsAsSbsLine } from './sbs-line.js';

/** A feed format. */
export type FeedFormat = 'beast' | 'avr' | 'sbs';

/** The formats, as `format=` takes them. */
export const FEED_FORMATS: readonly FeedFormat[] = ['beast', 'avr', 'sbs'];

/** The format the first bytes of a feed or file are in; undefined when they are none of them. */
export function detectFeedFormat(head: Buffer): FeedFormat | undefined {
  const first = head.findIndex((byte) => byte !== 0x0a && byte !== 0x0d && byte !== 0x20);
  if (first < 0) return undefined;
  const byte = head[first]!;
  if (byte === 0x1a) return 'beast';
  if (byte === 0x2a /* * */ || byte === 0x40 /* @ */ || byte === 0x25 /* % */) return 'avr';
  if (startsAsSbsLine(head.subarray(first, first + 4).toString('latin1'))) return 'sbs';
  return undefined;
}

/** One unit a feed delivers: a Mode S frame (with its signal in dBFS), or an SBS line. */
export type FeedItem = { readonly frame: Buffer; readonly signalDbfs?: number } | { readonly sbs: string };

/** Splits a feed's bytes into frames or lines, chunk by chunk, counting what it cannot read. */
export interface FeedReader {
  push(chunk: Buffer): FeedItem[];
  /** What is left when the feed ends (a last line without a newline). */
  end(): FeedItem[];
  /** Units that were not a frame or line of the format. */
  readonly bad: number;
}

/** A reader of `format`. */
export function feedReader(format: FeedFormat): FeedReader {
  if (format === 'beast') {
    const stream = new BeastStream();
    return {
      push: (chunk) => stream.push(chunk).map((message) => ({ frame: message.frame, signalDbfs: beastSignalDbfs(message.signal) })),
      end: () => [],
      get bad() {
        return stream.bad;
      },
    };
  }
  if (format === 'avr') {
    const stream = new AvrStream();
    return {
      push: (chunk) => stream.push(chunk).map((frame) => ({ frame: frame.frame })),
      end: () => stream.end().map((frame) => ({ frame: frame.frame })),
      get bad() {
        return stream.bad;
      },
    };
  }
  return sbsReader();
}

function sbsReader(): FeedReader {
  let pending = '';
  let bad = 0;
  const lines = (text: string): FeedItem[] =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => {
        if (line === '') return false;
        if (!startsAsSbsLine(line)) {
          bad++;
          return false;
        }
        return true;
      })
      .map((sbs) => ({ sbs }));
  return {
    push(chunk) {
      const text = pending + chunk.toString('latin1');
      const end = text.lastIndexOf('\n');
      pending = text.slice(end + 1);
      return end < 0 ? [] : lines(text.slice(0, end));
    },
    end() {
      const last = pending;
      pending = '';
      return lines(last);
    },
    get bad() {
      return bad;
    },
  };
}
