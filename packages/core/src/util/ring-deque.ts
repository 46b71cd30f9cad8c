/**
 * A double-ended queue in a ring of slots that doubles when full: adding at either end and
 * taking from the front in constant time at any length, with nothing left behind for the
 * garbage collector to copy. The outgoing queues of the MQTT and fleet links, which take
 * messages at a steady rate and put one back at the front when a send fails, are built on it.
 */
export class RingDeque<T> {
  #slots: (T | undefined)[] = new Array(16);
  #head = 0;
  #length = 0;

  /** Items held. */
  get length(): number {
    return this.#length;
  }

  /** Adds at the end. */
  push(item: T): void {
    if (this.#length === this.#slots.length) this.#grow();
    this.#slots[(this.#head + this.#length) % this.#slots.length] = item;
    this.#length++;
  }

  /** Adds at the front. */
  unshift(item: T): void {
    if (this.#length === this.#slots.length) this.#grow();
    this.#head = (this.#head - 1 + this.#slots.length) % this.#slots.length;
    this.#slots[this.#head] = item;
    this.#length++;
  }

  /** Takes the item at the front. */
  shift(): T | undefined {
    if (this.#length === 0) return undefined;
    const item = this.#slots[this.#head];
    this.#slots[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.#slots.length;
    this.#length--;
    return item;
  }

  #grow(): void {
    const slots = new Array<T | undefined>(this.#slots.length * 2);
    for (let i = 0; i < this.#length; i++) slots[i] = this.#slots[(this.#head + i) % this.#slots.length];
    this.#slots = slots;
    this.#head = 0;
  }
}
