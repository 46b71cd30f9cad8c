/**
 * List answers too large to build as one string (every device of a view, a bulk dump): a route
 * returns a `StreamedList` of items and how to make each one's record, and the HTTP layer writes
 * it in the requested format a chunk at a time, as fast as the client reads (backpressure), and
 * stops when the client goes away. Memory stays at one chunk whatever the list's length, where
 * one string of 150 000 device records is past V8's string limit. Chunks are made in slices of
 * the event loop's shared budget (turn-budget.ts), so a reader that takes them as fast as they
 * come does not keep other clients waiting either.
 */
import type { FieldRegistry } from '../fields/field-registry.js';
import type { RouteFormat } from './route-registry.js';
import { eventLoopTurns, type TurnBudget } from '../util/turn-budget.js';
import { descriptionLine, prettyMembers, prettyValue, underscore, underscoreNames } from './serializers.js';

/** Bytes serialized per chunk handed to the socket. */
const CHUNK_BYTES = 64 * 1024;

/** An object whose member `listKey` is the streamed list, between the other members in order. */
export interface ListEnvelope {
  readonly head: Readonly<Record<string, unknown>>;
  readonly listKey: string;
  readonly tail: Readonly<Record<string, unknown>>;
}

/** A list answer, serialized lazily. */
export class StreamedList<T = unknown> {
  constructor(
    /** The items, usually devices; a snapshot, since the list is read while other work runs. */
    readonly items: readonly T[],
    /** Makes the record served for one item. */
    readonly toRecord: (item: T) => unknown,
    /** When set, the list is one member of this object (datatables, paging containers). */
    readonly envelope?: ListEnvelope,
  ) {}

  /**
   * The list as a byte stream in one of the record formats. `ended` runs once when the stream
   * is done: written whole, abandoned by its reader, or failed.
   */
  toStream(format: RouteFormat, fields: FieldRegistry, ended?: () => void, budget: TurnBudget = eventLoopTurns): ReadableStream<Uint8Array> {
    const parts = listParts(format, fields, this.envelope);
    const encoder = new TextEncoder();
    let index = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      ended?.();
    };
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        try {
          await budget.next();
          if (this.items.length === 0) {
            controller.enqueue(encoder.encode(parts.before + parts.empty + parts.after));
            controller.close();
            return finish();
          }
          let chunk = index === 0 ? parts.before + parts.open : '';
          // At least one record per pull, then until the chunk is full or the turn's budget spent.
          const first = index;
          while (index < this.items.length && chunk.length < CHUNK_BYTES && (index === first || budget.left)) {
            chunk += `${index === 0 ? '' : parts.separator}${parts.item(this.toRecord(this.items[index]!))}`;
            index++;
          }
          if (index < this.items.length) return controller.enqueue(encoder.encode(chunk));
          controller.enqueue(encoder.encode(chunk + parts.close + parts.after));
          controller.close();
          finish();
        } catch (error) {
          finish();
          throw error;
        }
      },
      cancel: finish,
    });
  }
}

/**
 * The text of a list in one format: `before`, then `open`, the items with `separator` between
 * them and `close` (or `empty` when there are none), then `after`. Exactly what the one-string
 * serializer writes for the same value.
 */
interface ListParts {
  readonly before: string;
  readonly open: string;
  readonly separator: string;
  readonly close: string;
  readonly empty: string;
  readonly after: string;
  item(record: unknown): string;
}

function listParts(format: RouteFormat, fields: FieldRegistry, envelope: ListEnvelope | undefined): ListParts {
  if (format === 'prettyjson') {
    const indent = envelope ? '    ' : '  ';
    const list = { open: `[\n${indent}`, separator: `,\n${indent}`, close: `\n${indent.slice(2)}]`, empty: '[]', item: (record: unknown) => prettyValue(record, fields, indent) };
    if (!envelope) return { ...list, before: '', after: '\n' };
    // The list's own member is described as every other registered field is.
    const description = descriptionLine(envelope.listKey, fields, '  ');
    const head = [...prettyMembers(envelope.head, fields, '  '), ...(description ? [description] : []), `  ${JSON.stringify(envelope.listKey)}: `];
    const tail = prettyMembers(envelope.tail, fields, '  ');
    return { ...list, before: `{\n${head.join(',\n')}`, after: `${tail.length ? `,\n${tail.join(',\n')}` : ''}\n}\n` };
  }
  const lines = format === 'ekjson' || format === 'itjson';
  const item = format === 'ekjson' ? (record: unknown) => JSON.stringify(underscoreNames(record)) : (record: unknown) => JSON.stringify(record);
  if (!envelope) {
    return lines
      ? { before: '', open: '', separator: '\n', close: '\n', empty: '', after: '', item }
      : { before: '', open: '[', separator: ',', close: ']', empty: '[]', after: '', item };
  }
  const members = (record: Readonly<Record<string, unknown>>) => JSON.stringify(format === 'ekjson' ? underscoreNames(record) : record).slice(1, -1);
  const head = members(envelope.head);
  const tail = members(envelope.tail);
  const listKey = format === 'ekjson' ? underscore(envelope.listKey) : envelope.listKey;
  return {
    before: `{${head ? `${head},` : ''}${JSON.stringify(listKey)}:`,
    open: '[',
    separator: ',',
    close: ']',
    empty: '[]',
    after: `${tail ? `,${tail}` : ''}}${lines ? '\n' : ''}`,
    item,
  };
}
