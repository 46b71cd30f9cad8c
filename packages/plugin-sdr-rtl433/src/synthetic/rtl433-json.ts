/**
 * rtl_433's JSON as its `-F mqtt` output publishes it on `rtl_433/<host>/events` (the compact
 * form of `data_print_jsons` in `data.c`): no spaces, `time` first, then the fields in the order
 * the decoder declares them, a whole number as it is, a number with decimals (`DATA_DOUBLE`) with
 * five decimals less the trailing zeros but one (`21.3`, `230.0`), text quoted. A decoder's
 * declaration is a {@link MessageLayout}; a message is printed through its model's layout, so
 * generated lines read as rtl_433's own.
 */

/** A message as rtl_433 decodes it, without `time` (and the signal levels `-M level` adds). */
export type DecodedMessage = Readonly<Record<string, string | number>>;

/** How a decoder declares a field (rtl_433's `data_make`): a whole number, a number with decimals, or text. */
export type FieldType = 'int' | 'double' | 'string';

/** The fields a model's messages carry, in the order rtl_433 prints them. */
export type MessageLayout = Readonly<Record<string, FieldType>>;

/** A `DATA_DOUBLE` as `data_print_jsons` prints it: `%.5f` less trailing zeros, `%g` at or below 1e-4 (zero, negatives). */
function formatDouble(value: number): string {
  if (value > 1e7 || value < 1e-4) {
    // %g: six significant digits, with an exponent below 1e-4 or from 1e6 on, which no generated value reaches.
    if (value !== 0 && (Math.abs(value) < 1e-4 || Math.abs(value) >= 1e6)) throw new RangeError(`${value} would print with an exponent`);
    return String(Number(value.toPrecision(6)));
  }
  return value.toFixed(5).replace(/0+$/, '').replace(/\.$/, '.0');
}

function formatField(key: string, value: string | number, type: FieldType): string {
  if (type === 'string') {
    if (typeof value !== 'string') throw new TypeError(`${key} is text in its layout, got ${value}`);
    return JSON.stringify(value);
  }
  if (typeof value !== 'number') throw new TypeError(`${key} is a number in its layout, got ${JSON.stringify(value)}`);
  if (type === 'int' && !Number.isInteger(value)) throw new TypeError(`${key} is a whole number in its layout, got ${value}`);
  return type === 'int' ? String(value) : formatDouble(value);
}

/**
 * A message as rtl_433 publishes it, with `time` first when given: every field the message has
 * in its layout's order (a field it lacks is left out, as a decoder leaves out a reading it did
 * not get); a field the layout does not declare is a mistake and throws.
 */
export function formatRtl433Event(message: DecodedMessage, layout: MessageLayout, time?: string): string {
  const undeclared = Object.keys(message).filter((key) => !(key in layout));
  if (undeclared.length) throw new TypeError(`${String(message.model)} declares no field ${undeclared.join(', ')}`);
  const fields = Object.entries(layout).flatMap(([key, type]) => (message[key] === undefined ? [] : [`${JSON.stringify(key)}:${formatField(key, message[key]!, type)}`]));
  return `{${[...(time === undefined ? [] : [`"time":${JSON.stringify(time)}`]), ...fields].join(',')}}`;
}
