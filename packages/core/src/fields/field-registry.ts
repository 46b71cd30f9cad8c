/**
 * The field registry: every name that can appear as a key of a record svc serves (device,
 * datasource, status, alert...) is registered here with its type and a one-line description.
 * Serializers use it to rewrite names (`ekjson`) and add descriptions (`prettyjson`), and
 * `/system/tracked_fields.html` lists it.
 */
import { SvcError } from '../errors.js';
import { Registry, type ContributionOwner } from '../registry.js';

/** Scalar type names, spelled as Kismet's metadata spells them so clients see familiar types. */
export type ScalarFieldType =
  | 'string'
  | 'int8_t'
  | 'uint8_t'
  | 'int16_t'
  | 'uint16_t'
  | 'int32_t'
  | 'uint32_t'
  | 'int64_t'
  | 'uint64_t'
  | 'float'
  | 'double'
  | 'mac_addr'
  | 'uuid'
  | 'devicekey'
  | 'bytearray'
  | 'ipv4';

/** A field's type: a scalar, a vector or map of something, or a nested record of fields. */
export type FieldType = ScalarFieldType | `vector[${string}]` | `map[${string}]` | `pair[${string}]` | 'object';

/** What a plugin declares for one field. */
export interface FieldDefinition {
  /** Dotted, namespaced by owner: `svc.device.base.key`, `dot11.device.typeset`. */
  readonly name: string;
  readonly type: FieldType;
  /** One line, shown in `prettyjson` and the tracked-fields page. */
  readonly description: string;
}

const FIELD_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;

/** Registry of every field name svc can serialize. */
export class FieldRegistry extends Registry<FieldDefinition> {
  constructor(owner?: ContributionOwner) {
    super('field', owner);
  }

  /** Adds a field after checking its name is dotted and namespaced and its description set. */
  override add(definition: FieldDefinition): FieldDefinition {
    if (!FIELD_NAME.test(definition.name)) {
      throw new SvcError(
        'SVC_ERR_FIELD_NAME',
        `field name '${definition.name}' must be dotted and namespaced, like 'myplugin.device.name'`,
      );
    }
    if (!definition.description.trim()) {
      throw new SvcError('SVC_ERR_FIELD_NAME', `field '${definition.name}' needs a description`);
    }
    try {
      return super.add(definition);
    } catch (error) {
      if (error instanceof SvcError && error.code === 'SVC_ERR_REGISTRY_DUPLICATE') {
        throw new SvcError('SVC_ERR_FIELD_DUPLICATE', error.message);
      }
      throw error;
    }
  }

  /** Shorthand for `add({ name, type, description })`. */
  register(name: string, type: FieldType, description: string): FieldDefinition {
    return this.add({ name, type, description });
  }

  /** Registers several fields at once, in order. */
  registerAll(definitions: readonly FieldDefinition[]): void {
    for (const definition of definitions) this.add(definition);
  }
}
