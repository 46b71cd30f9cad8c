/**
 * Gets the real test data a checkout needs (`npm run test-data`): every pinned file with a public
 * source is downloaded from its repository at the pinned commit, the files derived from those by
 * a fixed recipe are made here, and each is kept only if its checksum is the one
 * `test-data/real-data.json` pins. Files made for svc's tests inside its shared data set (the
 * Kismet and tshark references, the WIDS captures, Kismet's logs) have no public source; they
 * are listed so the user knows which tests will report themselves skipped.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RealDataFile } from './real-data.js';

/** What happened to one pinned file. */
export type FetchOutcome = 'present' | 'downloaded' | 'derived' | 'failed' | 'shared-only';

/** The result of a fetch run, per file. */
export interface FetchReport {
  readonly outcomes: ReadonlyMap<string, { outcome: FetchOutcome; detail?: string }>;
}

/** Where and how to fetch. */
export interface FetchOptions {
  /** The data directory to fill. */
  readonly directory: string;
  /** The pinned files (test-data/real-data.json). */
  readonly files: Readonly<Record<string, RealDataFile>>;
  /** Base URL files are fetched under as `<base>/<owner>/<repo>/raw/<commit>/<path>` (default https://github.com). */
  readonly baseUrl?: string;
  /** The rtl_433 program for files derived by rtl_433 (default `rtl_433` on PATH). */
  readonly rtl433Command?: string;
  /** Called as each file is settled. */
  readonly progress?: (path: string, outcome: FetchOutcome, detail?: string) => void;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Whether `bytes` are the pinned file; otherwise why not. */
function mismatch(bytes: Uint8Array, file: RealDataFile): string | undefined {
  if (bytes.length !== file.bytes) return `${bytes.length} bytes where ${file.bytes} are pinned`;
  const digest = sha256(bytes);
  return digest === file.sha256 ? undefined : `sha256 ${digest.slice(0, 16)}… where ${file.sha256.slice(0, 16)}… is pinned`;
}

/** Writes through a temporary name, so a file present under its own name is always whole. */
function writeWhole(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.part`, bytes);
  renameSync(`${path}.part`, path);
}

/** A gpsd test log as the byte stream a serial GPS sends: gpsd's `#` comment lines and blank lines dropped, CRLF line ends. */
export function nmeaStream(log: Uint8Array): Buffer {
  const lines = Buffer.from(log).toString('latin1').split(/\r?\n/).filter((line) => line !== '' && !line.startsWith('#'));
  return Buffer.from(lines.map((line) => `${line}\r\n`).join(''), 'latin1');
}

/** Runs one derivation recipe over its source file (a path), giving the derived file's bytes. */
export function deriveRealData(recipe: 'nmea-stream' | 'rtl_433', source: string, options: Pick<FetchOptions, 'rtl433Command'> = {}): Uint8Array {
  if (!existsSync(source)) throw new Error(`its source ${source} is missing`);
  if (recipe === 'nmea-stream') return nmeaStream(readFileSync(source));
  if (recipe === 'rtl_433') {
    const run = spawnSync(options.rtl433Command ?? 'rtl_433', ['-c', '0', '-F', 'json', '-r', `cu8:${source}`], { maxBuffer: 64 << 20, timeout: 120_000 });
    if (run.error) throw new Error(`cannot run rtl_433 (${run.error.message}); install the rtl-433 package`);
    if (run.status !== 0) throw new Error(`rtl_433 exited with ${run.status}: ${run.stderr.toString().trim().split('\n').pop()}`);
    return run.stdout;
  }
  throw new Error(`unknown recipe ${recipe as string}`);
}

/** Downloads one public file. */
async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(120_000) }).catch((error: Error & { cause?: { code?: string; message?: string } }) => {
    throw new Error(`cannot download ${url}: ${error.cause?.code ?? error.cause?.message ?? error.message}`);
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Fetches and derives every pinned file not already present with its pinned checksum. */
export async function fetchRealData(options: FetchOptions): Promise<FetchReport> {
  const outcomes = new Map<string, { outcome: FetchOutcome; detail?: string }>();
  const settle = (path: string, outcome: FetchOutcome, detail?: string) => {
    outcomes.set(path, { outcome, detail });
    options.progress?.(path, outcome, detail);
  };
  const entries = Object.entries(options.files);
  const base = (options.baseUrl ?? 'https://github.com').replace(/\/$/, '');
  // Public files first: derived ones are made from them.
  const order = (file: RealDataFile) => ({ public: 0, derived: 1, shared: 2 })[file.origin.kind];
  for (const [path, file] of entries.sort(([, a], [, b]) => order(a) - order(b))) {
    const target = join(options.directory, path);
    if (existsSync(target) && mismatch(readFileSync(target), file) === undefined) {
      settle(path, 'present');
      continue;
    }
    const origin = file.origin;
    if (origin.kind === 'shared') {
      settle(path, 'shared-only', origin.made);
      continue;
    }
    try {
      const bytes =
        origin.kind === 'public'
          ? await download(`${base}/${origin.repo}/raw/${origin.commit}/${origin.path}`)
          : deriveRealData(origin.recipe, join(options.directory, origin.from), options);
      const wrong = mismatch(bytes, file);
      if (wrong) throw new Error(origin.kind === 'public' ? `downloaded file differs: ${wrong}` : `${origin.recipe} made a different file: ${wrong}`);
      writeWhole(target, bytes);
      settle(path, origin.kind === 'public' ? 'downloaded' : 'derived');
    } catch (error) {
      settle(path, 'failed', (error as Error).message);
    }
  }
  return { outcomes };
}
