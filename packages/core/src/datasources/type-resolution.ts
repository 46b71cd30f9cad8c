/**
 * Which datasource type captures a definition, and under which UUID: shared by the server's
 * datasource tracker and by `svc capture`, which must announce the same type and UUID to a
 * remote server that the server would have picked for a local source.
 */
import { SvcError } from '../errors.js';
import type { Registry } from '../registry.js';
import { nameUuid } from '../util/name-uuid.js';
import type { DatasourceTypeDefinition } from './datasource-type.js';
import type { SourceDefinition } from './definition.js';
import { checkSourceFile, looksLikePath } from './source-file.js';
import { readSourceOptions } from './source-options.js';

/** Milliseconds a probe or list request may take. */
export const PROBE_TIMEOUT_MS = 2000;

/** The type named by `type=`, or a clear error listing the known ones. */
export function namedType(types: Registry<DatasourceTypeDefinition>, name: string): DatasourceTypeDefinition {
  const type = types.get(name.toLowerCase());
  if (type) return type;
  const known = types.list().map((candidate) => candidate.name);
  throw new SvcError('SVC_ERR_NO_DATASOURCE_TYPE', `no datasource type '${name}'; known types: ${known.join(', ') || 'none (no capture plugin is loaded)'}`);
}

/**
 * The type of a definition: the one `type=` names, else the first probe-capable type that says
 * yes. When none does and the interface is written as a path, a missing or unreadable file is
 * named as such ("no such file"), not as an unrecognised definition.
 */
export async function resolveSourceType(types: Registry<DatasourceTypeDefinition>, definition: SourceDefinition): Promise<DatasourceTypeDefinition> {
  const named = readSourceOptions(definition).type;
  if (named !== undefined) return namedType(types, named);
  const candidates = types.list().filter((type) => type.capabilities.probe && type.probe);
  const found = await firstYes(candidates.map((type) => ({ value: type, ask: (signal: AbortSignal) => type.probe!(definition, { signal }) })));
  if (found) return found;
  if (looksLikePath(definition.interface)) await checkSourceFile(definition.interface);
  throw new SvcError(
    'SVC_ERR_NO_DATASOURCE_TYPE',
    `no datasource type recognised '${definition.line}' (asked: ${candidates.map((type) => type.name).join(', ') || 'none'}); name one with type=`,
  );
}

/** The UUID of a source: `uuid=`, else the type's own derivation, else one stable per type and interface. */
export function sourceUuid(type: DatasourceTypeDefinition, definition: SourceDefinition): string {
  return (readSourceOptions(definition).uuid ?? type.uuidFor?.(definition) ?? stableUuid(type.name, definition.interface)).toUpperCase();
}

/** A UUID derived from type and interface, so a source keeps its UUID across restarts. */
export function stableUuid(type: string, iface: string): string {
  return nameUuid(`svc-datasource:${type}:${iface}`);
}

/** Runs `ask` with an abort signal that fires after the probe timeout (or when the caller aborts); rejects on timeout. */
export async function withProbeTimeout<T>(ask: (signal: AbortSignal) => Promise<T>, what: string, controller = new AbortController()): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      ask(controller.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`${what} took longer than ${PROBE_TIMEOUT_MS / 1000} s`));
        }, PROBE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks every candidate at once; resolves with the first that answers yes (the others are
 * aborted), or undefined once all said no, failed or timed out.
 */
export async function firstYes<T>(candidates: readonly { value: T; ask: (signal: AbortSignal) => Promise<boolean> }[]): Promise<T | undefined> {
  const controllers = candidates.map(() => new AbortController());
  return new Promise<T | undefined>((resolve) => {
    let pending = candidates.length;
    let done = false;
    if (pending === 0) resolve(undefined);
    candidates.forEach((candidate, index) => {
      withProbeTimeout(candidate.ask, 'probe', controllers[index])
        .then(
          (yes) => {
            if (yes && !done) {
              done = true;
              controllers.forEach((controller, other) => other !== index && controller.abort());
              resolve(candidate.value);
            }
          },
          () => {},
        )
        .finally(() => {
          if (--pending === 0 && !done) resolve(undefined);
        });
    });
  });
}
