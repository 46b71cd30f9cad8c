/**
 * Gets the real test data a checkout needs (`npm run test-data`): every pinned file with a public
 * source is downloaded from its repository at the pinned commit, the files derived from those by
 * a fixed recipe (the PHY plugins' reference makers, handed in by name) are made here, and each
 * is kept only if its checksum is the one `test-data/real-data.json` pins. Files made for svc's tests inside its shared data set (the
 * Kismet and tshark references, the WIDS captures, Kismet's logs) have no public source; they
 * are listed so the user knows which tests will report themselves skipped.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pinnedMismatch, type RealDataFile } from './real-data.js';

/** Makes a derived file's bytes from its source file (a path). */
export type DerivationRecipe = (source: string) => Uint8Array;

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
  /** The recipes derived files name (a PHY plugin's reference maker), by name. */
  readonly recipes: Readonly<Record<string, DerivationRecipe>>;
  /** Called as each file is settled. */
  readonly progress?: (path: string, outcome: FetchOutcome, detail?: string) => void;
}


/** Writes through a temporary name, so a file present under its own name is always whole. */
function writeWhole(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.part`, bytes);
  renameSync(`${path}.part`, path);
}

/** Runs the named recipe over `source`. */
function derive(recipe: string, source: string, recipes: Readonly<Record<string, DerivationRecipe>>): Uint8Array {
  const make = recipes[recipe];
  if (!make) throw new Error(`no recipe ${recipe} was given`);
  if (!existsSync(source)) throw new Error(`its source ${source} is missing`);
  return make(source);
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
  const recipes = options.recipes;
  // Public files first: derived ones are made from them.
  const order = (file: RealDataFile) => ({ public: 0, derived: 1, shared: 2 })[file.origin.kind];
  for (const [path, file] of entries.sort(([, a], [, b]) => order(a) - order(b))) {
    const target = join(options.directory, path);
    if (existsSync(target) && pinnedMismatch(readFileSync(target), file) === undefined) {
      settle(path, 'present');
      continue;
    }
    const origin = file.origin;
    if (origin.kind === 'shared') {
      settle(path, 'shared-only', origin.made);
      continue;
    }
    if (origin.kind === 'derived' && options.files[origin.from]?.origin.kind === 'shared' && !existsSync(join(options.directory, origin.from))) {
      settle(path, 'shared-only', `made from ${origin.from}, which only the shared data set holds`);
      continue;
    }
    try {
      const bytes =
        origin.kind === 'public'
          ? await download(`${base}/${origin.repo}/raw/${origin.commit}/${origin.path}`)
          : derive(origin.recipe, join(options.directory, origin.from), recipes);
      const wrong = pinnedMismatch(bytes, file);
      if (wrong) throw new Error(origin.kind === 'public' ? `downloaded file differs: ${wrong}` : `${origin.recipe} made a different file: ${wrong}`);
      writeWhole(target, bytes);
      settle(path, origin.kind === 'public' ? 'downloaded' : 'derived');
    } catch (error) {
      settle(path, 'failed', (error as Error).message);
    }
  }
  return { outcomes };
}
