/**
 * The package a plugin module belongs to: the nearest package.json above the module file that
 * names a package, read for the plugin list (`/plugins/all_plugins.json`, Kismet's plugin
 * manifest fields: name, version, description, author).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PluginPackage } from './plugin.js';

/** The package holding `file`, or undefined when no package.json above it names one (or it is not JSON). */
export function owningPackage(file: string): PluginPackage | undefined {
  for (let directory = dirname(file); ; directory = dirname(directory)) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest)) {
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
      } catch {
        return undefined;
      }
      // A package.json without a name only sets the module type of its folder: keep looking.
      if (typeof json.name === 'string' && json.name !== '') {
        return { name: json.name, version: text(json.version), description: text(json.description), author: authorOf(json.author), directory };
      }
    }
    if (dirname(directory) === directory) return undefined;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** package.json's `author`: a string, or an object with a name. */
function authorOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') return text((value as { name?: unknown }).name);
  return '';
}
