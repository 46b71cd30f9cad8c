/**
 * A sensor class (thermometer, weather station, lightning sensor) is a fixed set of readings,
 * each a field with its RRD and the quantity it is read from. One table per class drives the
 * update from a message, the record served, and the field definitions, so adding a reading is
 * one line.
 */
import { Rrd, type FieldDefinition, type StateReader, type StateWriter } from '@svc/core';
import { Reading, updateReading } from './reading.js';
import { readQuantity, type Quantity } from './units.js';

/** One reading of a sensor class. */
export interface ReadingField {
  /** Field name of the value; the history is served as `<field>_rrd`. */
  readonly field: string;
  readonly quantity: Quantity;
}

/** The readings of one sensor class on one device. */
export class ReadingGroup {
  readonly #readings: (Reading | undefined)[];

  constructor(private readonly table: readonly ReadingField[]) {
    this.#readings = new Array<Reading | undefined>(table.length).fill(undefined);
  }

  /**
   * Takes every reading of the class the message carries into `group`, creating the group only
   * when there is one, so a sensor without the class allocates nothing per message.
   */
  static update(group: ReadingGroup | undefined, table: readonly ReadingField[], message: Record<string, unknown>, time: number): ReadingGroup | undefined {
    for (let i = 0; i < table.length; i++) {
      const value = readQuantity(message, table[i]!.quantity);
      if (value === undefined) continue;
      group ??= new ReadingGroup(table);
      group.#readings[i] = updateReading(group.#readings[i], value, time);
    }
    return group;
  }

  /** The readings of the class in a record a log kept (tracker restore); undefined when it has none. */
  static fromRecord(table: readonly ReadingField[], record: unknown): ReadingGroup | undefined {
    if (record === null || typeof record !== 'object') return undefined;
    const fields = record as Record<string, unknown>;
    let group: ReadingGroup | undefined;
    table.forEach(({ field }, index) => {
      const value = fields[field];
      if (typeof value !== 'number') return;
      group ??= new ReadingGroup(table);
      group.#readings[index] = new Reading(value, 0, Rrd.fromRecord(fields[`${field}_rrd`], true) ?? Rrd.gauge());
    });
    return group;
  }

  /** The readings as `writeState` packed them (the tracker's state snapshot). */
  static readState(table: readonly ReadingField[], reader: StateReader): ReadingGroup {
    const group = new ReadingGroup(table);
    for (let i = 0; i < table.length; i++) if (reader.boolean()) group.#readings[i] = new Reading(reader.number(), 0, Rrd.readState(reader));
    return group;
  }

  /** Packs each reading of the class, value and history, for the tracker's state snapshot. */
  writeState(writer: StateWriter): void {
    for (const reading of this.#readings) {
      writer.boolean(reading !== undefined);
      if (!reading) continue;
      writer.number(reading.value);
      reading.history.writeState(writer);
    }
  }

  toRecord(now: number): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < this.table.length; i++) {
      const reading = this.#readings[i];
      if (!reading) continue;
      record[this.table[i]!.field] = reading.value;
      record[`${this.table[i]!.field}_rrd`] = reading.history.toRecord(now);
    }
    return record;
  }
}

/** Field definitions of a class's readings and their histories. */
export function readingFieldDefinitions(table: readonly ReadingField[]): FieldDefinition[] {
  return table.flatMap(({ field, quantity }) => [
    { name: field, type: 'double', description: `${quantity.name}${quantity.unit ? ` in ${quantity.unit}` : ''}` },
    { name: `${field}_rrd`, type: 'object', description: `${quantity.name} history (rrd record, slots hold means)` },
  ]);
}
