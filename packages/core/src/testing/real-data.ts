/**
 * Real third-party test data (captures, recordings, logs, and the references trusted tools made
 * from them) stays outside the repository: in `$SVC_TEST_DATA`, else in `../shared/data` beside
 * the checkout, where CI and the project's machines keep it. The repository pins every file in
 * `test-data/real-data.json` (checksum, public source and licence, or how it was made), so a
 * test that needs one can say exactly what is missing and where it comes from.
 *
 * Such a test registers through {@link realDataTest}: with the files present it runs; without,
 * it is reported skipped with one line, never passed. With `SVC_REQUIRE_REAL_DATA=1` (as CI sets)
 * a missing file fails the test instead, so a skip can never hide there.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { projectDataPath, repositoryRoot } from './project-data.js';

/** Where a pinned file comes from. */
export type RealDataOrigin =
  | { readonly kind: 'public'; readonly repo: string; readonly commit: string; readonly path: string; readonly licence: string }
  | { readonly kind: 'derived'; readonly from: string; readonly recipe: string }
  | { readonly kind: 'shared'; readonly made: string };

/** One pinned file of the real data set. */
export interface RealDataFile {
  /** SHA-256 of the file's bytes or, when `fields` is given, of those fields of its JSON. */
  readonly sha256: string;
  /** The file's size, when its bytes are pinned. */
  readonly bytes?: number;
  /**
   * For a JSON reference a tool remakes with the same content but not the same layout (tshark
   * summaries): the top-level fields the checksum covers, in this order.
   */
  readonly fields?: readonly string[];
  readonly origin: RealDataOrigin;
}

/** The environment variable that turns a missing real file from a skip into a failure (CI sets it). */
export const REQUIRE_REAL_DATA_ENV = 'SVC_REQUIRE_REAL_DATA';

/** The directory real data is read from: `$SVC_TEST_DATA`, else `../shared/data` beside the checkout (whether or not it exists). */
export function realDataDir(): string {
  const fromEnv = process.env.SVC_TEST_DATA;
  if (fromEnv) return resolve(fromEnv);
  return resolve(repositoryRoot() ?? process.cwd(), '..', 'shared', 'data');
}

/** A path inside the real data directory (`realDataPath('dot11', 'aircrack-ng_test1.pcap')`), present or not. */
export function realDataPath(...parts: string[]): string {
  return join(realDataDir(), ...parts);
}

let manifest: Readonly<Record<string, RealDataFile>> | undefined;

/** The pinned files, by path inside the data directory (empty outside a checkout of svc). */
export function realDataManifest(): Readonly<Record<string, RealDataFile>> {
  if (manifest) return manifest;
  const path = repositoryRoot() === undefined ? undefined : projectDataPath('real-data.json');
  manifest = path && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { files: Record<string, RealDataFile> }).files : {};
  return manifest;
}

/**
 * The names of the pinned files in `folder` whose names match `pattern`, sorted: for tests
 * that run once per capture. They come from the manifest, so the same tests are registered
 * whether the data is there or not (outside a checkout, from the folder itself).
 */
export function realDataFiles(folder: string, pattern: RegExp): string[] {
  const pinned = Object.keys(realDataManifest());
  const names = pinned.length
    ? pinned.filter((path) => path.startsWith(`${folder}/`) && !path.slice(folder.length + 1).includes('/')).map((path) => path.slice(folder.length + 1))
    : existsSync(realDataPath(folder))
      ? readdirSync(realDataPath(folder))
      : [];
  return names.filter((name) => pattern.test(name)).sort();
}

/** Why `bytes` are not the pinned file (size, checksum, or the checksum of its pinned fields), or undefined when they are. */
export function pinnedMismatch(bytes: Uint8Array, file: RealDataFile): string | undefined {
  if (file.bytes !== undefined && bytes.length !== file.bytes) return `${bytes.length} bytes where ${file.bytes} are pinned`;
  let pinned: Uint8Array = bytes;
  if (file.fields) {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(Buffer.from(bytes).toString('utf8')) as Record<string, unknown>;
    } catch {
      return 'not JSON';
    }
    pinned = Buffer.from(JSON.stringify(file.fields.map((field) => json[field])));
  }
  const digest = createHash('sha256').update(pinned).digest('hex');
  return digest === file.sha256 ? undefined : `sha256 ${digest.slice(0, 16)}… where ${file.sha256.slice(0, 16)}… is pinned${file.fields ? ' (of its pinned fields)' : ''}`;
}

/** Where a pinned file comes from, in a few words (for skip lines and the fetch script). */
export function describeOrigin(path: string): string {
  const origin = realDataManifest()[path]?.origin;
  if (!origin) return 'not in test-data/real-data.json';
  if (origin.kind === 'public') return `${origin.repo}@${origin.commit} ${origin.path}, ${origin.licence}`;
  if (origin.kind === 'derived') return `made from ${origin.from} (${describeOrigin(origin.from)}) by ${origin.recipe}`;
  return `svc's shared data set only: ${origin.made}`;
}

/** Those of `files` (paths inside the data directory) that are not there. */
export function missingRealData(files: readonly string[]): string[] {
  return files.filter((file) => !existsSync(realDataPath(file)));
}

/**
 * Whether every one of `files` is there: for a suite's `before` hook, which has nothing to set
 * up when its tests (registered with {@link realDataTest}) are skipped.
 */
export function hasRealData(files: readonly string[]): boolean {
  return missingRealData(files).length === 0;
}

/** One line saying what is missing, where it comes from, and how to get it. */
export function missingRealDataLine(missing: readonly string[]): string {
  const [first, ...rest] = missing;
  const more = rest.length ? ` and ${rest.length} more` : '';
  return `needs ${first} (${describeOrigin(first!)})${more}, not in ${realDataDir()}: run \`npm run test-data\` or set SVC_TEST_DATA`;
}

/** A test's body, as uvu takes it. */
export type TestBody = () => void | Promise<void>;

/** The part of uvu's `test` a real-data test registers through. */
export interface TestRegistrar {
  (name: string, fn: TestBody): void;
  skip(name: string, fn?: TestBody): void;
}

/**
 * Registers a test that needs real data files (paths inside the data directory): it runs when
 * they are all there (always, when it needs none, so one loop can register tests on svc's own
 * data and on the shared data set's); otherwise it is reported skipped with one line saying
 * what is missing, or, with `SVC_REQUIRE_REAL_DATA=1`, fails saying so.
 */
export function realDataTest(test: TestRegistrar, name: string, needs: readonly string[], fn: TestBody): void {
  const missing = missingRealData(needs);
  if (missing.length === 0) return test(name, fn);
  const line = missingRealDataLine(missing);
  if (process.env[REQUIRE_REAL_DATA_ENV] === '1') {
    return test(name, () => {
      throw new Error(`real test data missing (${REQUIRE_REAL_DATA_ENV}=1): ${line}`);
    });
  }
  console.log(`  skipped: ${name}: ${line}`);
  test.skip(name, fn);
}
