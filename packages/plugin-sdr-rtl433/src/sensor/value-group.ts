/**
 * A sensor class without histories (tyre pressure sensor, switch bank, Insteon device) is a set
 * of last values: each field keeps what the last message carrying it said, text or number, and
 * keeps it while later messages lack it. One table per class drives the update from a message,
 * the record served, the restore from a log, the state snapshot and the field definitions, as
 * `ReadingGroup` does for the classes with histories.
 */
import type { FieldDefinition, StateReader, StateWriter } from '@svc/core';

/** What a field holds. */
type Value = string | number;

/** One field of a class: its name in the record and how a message gives it. */
export interface ValueField {
  readonly field: string;
  readonly type: 'string' | 'double';
  /** A few words for the sensor panel. */
  readonly label: string;
  /** The unit of a number, for the sensor panel. */
  readonly unit?: string;
  /** One line for the field list. */
  readonly description: string;
  /** The value the message carries; undefined when it carries none. */
  read(message: Record<string, unknown>): Value | undefined;
}

/** A message value as text: strings as they are, numbers and booleans written out. */
export function messageText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A text field read from the first of `keys` the message carries as text. */
export function textField(field: string, label: string, description: string, ...keys: string[]): ValueField {
  return {
    field,
    type: 'string',
    label,
    description,
    read: (message) => {
      for (const key of keys) {
        const text = messageText(message[key]);
        if (text !== undefined) return text;
      }
      return undefined;
    },
  };
}

/** The last values of one sensor class on one device. */
export class ValueGroup {
  readonly #values: (Value | undefined)[];

  constructor(private readonly table: readonly ValueField[]) {
    this.#values = new Array<Value | undefined>(table.length).fill(undefined);
  }

  /** Takes the values `message` carries into `group`, creating it only when there is one. */
  static update(group: ValueGroup | undefined, table: readonly ValueField[], message: Record<string, unknown>): ValueGroup | undefined {
    for (let i = 0; i < table.length; i++) {
      const value = table[i]!.read(message);
      if (value === undefined) continue;
      group ??= new ValueGroup(table);
      group.#values[i] = value;
    }
    return group;
  }

  /** The class's values in a record a log kept (tracker restore); undefined when it has none. */
  static fromRecord(table: readonly ValueField[], record: unknown): ValueGroup | undefined {
    if (record === null || typeof record !== 'object') return undefined;
    const fields = record as Record<string, unknown>;
    const group = new ValueGroup(table);
    table.forEach(({ field, type }, index) => {
      const value = fields[field];
      if (type === 'double' ? typeof value === 'number' : typeof value === 'string') group.#values[index] = value as Value;
    });
    return group;
  }

  /** The values as `writeState` packed them (the tracker's state snapshot). */
  static readState(table: readonly ValueField[], reader: StateReader): ValueGroup {
    const group = new ValueGroup(table);
    table.forEach(({ type }, index) => {
      if (reader.boolean()) group.#values[index] = type === 'double' ? reader.number() : reader.string();
    });
    return group;
  }

  /** Packs each value of the class for the tracker's state snapshot. */
  writeState(writer: StateWriter): void {
    this.#values.forEach((value) => {
      writer.boolean(value !== undefined);
      if (typeof value === 'number') writer.number(value);
      else if (value !== undefined) writer.string(value);
    });
  }

  /** The value of `field`, if the class has it. */
  get(field: string): Value | undefined {
    const index = this.table.findIndex((candidate) => candidate.field === field);
    return index < 0 ? undefined : this.#values[index];
  }

  toRecord(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    this.table.forEach(({ field }, index) => {
      const value = this.#values[index];
      if (value !== undefined) record[field] = value;
    });
    return record;
  }
}

/** Field definitions of a class's values. */
export function valueFieldDefinitions(table: readonly ValueField[]): FieldDefinition[] {
  return table.map(({ field, type, description }) => ({ name: field, type, description }));
}
