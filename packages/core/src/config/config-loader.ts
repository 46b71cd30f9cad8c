/**
 * Builds a `Config` from files: the main file (`--config`, else `<config dir>/svc.conf` when it
 * exists, else only the embedded defaults), the files it includes, then override files whose
 * keys replace everything else (`opt_override=` lines and `<config dir>/svc_site.conf`), then
 * command-line overrides, which win over all.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { SvcError } from '../errors.js';
import { parseConf, type ConfEntry } from './conf-parser.js';
import { Config } from './config.js';

/** Where to read configuration from. */
export interface ConfigSources {
  /** Directory for svc's own state; default `~/.svc`. */
  configDir?: string;
  /** Main config file; must exist when given. */
  configFile?: string;
  /** Keys set on the command line; a list replaces every value of the key. */
  overrides?: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/** The default config directory, `~/.svc`. */
export function defaultConfigDir(): string {
  return join(homedir(), '.svc');
}

/** Expands `~` and `%h` (home) and resolves relative paths against `base`. */
export function expandPath(path: string, base: string): string {
  const expanded = path.replace(/^~(?=$|\/)/, homedir()).replace(/%h/g, homedir());
  return isAbsolute(expanded) ? expanded : resolve(base, expanded);
}

/** Loads and merges every config source. */
export function loadConfig(sources: ConfigSources = {}): Config {
  const configDir = resolve(sources.configDir ?? defaultConfigDir());
  const config = new Config(configDir);
  const mainFile = sources.configFile ? resolve(sources.configFile) : join(configDir, 'svc.conf');
  if (sources.configFile && !isReadableFile(mainFile)) {
    throw new SvcError('SVC_ERR_CONFIG_INCLUDE', `config file ${mainFile} does not exist or is not a file`);
  }

  const overrideFiles: string[] = [];
  const visiting = new Set<string>();
  const readFile = (file: string): void => {
    if (visiting.has(file)) throw new SvcError('SVC_ERR_CONFIG_INCLUDE', `${file} includes itself (directly or through other files)`);
    visiting.add(file);
    for (const entry of parseConf(readFileSync(file, 'utf8'), file)) {
      if (entry.key === 'include' || entry.key === 'opt_include') {
        const target = expandPath(entry.value, dirname(file));
        if (isReadableFile(target)) readFile(target);
        else if (entry.key === 'include') throw missingInclude(entry, target);
      } else if (entry.key === 'opt_override') {
        overrideFiles.push(expandPath(entry.value, dirname(file)));
      } else {
        config.appendEntries([entry]);
      }
    }
    visiting.delete(file);
  };

  if (isReadableFile(mainFile)) readFile(mainFile);
  const siteFile = join(configDir, 'svc_site.conf');
  if (isReadableFile(siteFile) && siteFile !== mainFile) overrideFiles.push(siteFile);
  for (const file of overrideFiles) {
    if (!isReadableFile(file)) continue;
    const byKey = new Map<string, ConfEntry[]>();
    for (const entry of parseConf(readFileSync(file, 'utf8'), file)) {
      byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
    }
    for (const [key, entries] of byKey) {
      config.replace(key, entries.map((entry) => ({ value: entry.value, origin: `${entry.file}:${entry.line}` })));
    }
  }

  for (const [key, value] of Object.entries(sources.overrides ?? {})) {
    if (value === undefined) continue;
    const values = typeof value === 'string' ? [value] : value;
    if (values.length) config.replace(key, values.map((item) => ({ value: item, origin: 'command line' })));
  }
  return config;
}

function isReadableFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function missingInclude(entry: ConfEntry, target: string): SvcError {
  return new SvcError('SVC_ERR_CONFIG_INCLUDE', `${entry.file}:${entry.line}: included file ${target} does not exist`);
}
