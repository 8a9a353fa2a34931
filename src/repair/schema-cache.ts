/**
 * A least-recently-used map bounded by entry count and by total cost (bytes).
 * Insertion order of a `Map` is the recency order: a hit re-inserts its key.
 * `onEvict` lets the owner release what an entry holds (ajv's `removeSchema`).
 */

export interface LruOptions<V> {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly onEvict?: (key: string, value: V) => void;
}

interface Slot<V> {
  readonly value: V;
  readonly bytes: number;
}

export class LruCache<V> {
  readonly #slots = new Map<string, Slot<V>>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #onEvict: ((key: string, value: V) => void) | undefined;
  #bytes = 0;

  constructor(options: LruOptions<V>) {
    this.#maxEntries = Math.max(1, options.maxEntries);
    this.#maxBytes = Math.max(1, options.maxBytes);
    this.#onEvict = options.onEvict;
  }

  get size(): number {
    return this.#slots.size;
  }

  /** Total cost of the entries held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value for `key`, marked as most recently used. */
  get(key: string): V | undefined {
    const slot = this.#slots.get(key);
    if (slot === undefined) return undefined;
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    return slot.value;
  }

  has(key: string): boolean {
    return this.#slots.has(key);
  }

  /**
   * Stores `value` at cost `bytes`, evicting the least recently used entries
   * until both bounds hold. An entry larger than `maxBytes` on its own is
   * evicted at once (its owner is told, so nothing leaks).
   */
  set(key: string, value: V, bytes: number): void {
    const previous = this.#slots.get(key);
    if (previous !== undefined) {
      this.#slots.delete(key);
      this.#bytes -= previous.bytes;
      if (previous.value !== value) this.#onEvict?.(key, previous.value);
    }
    this.#slots.set(key, { value, bytes });
    this.#bytes += bytes;
    this.#evictOverflow();
  }

  /** Evicts every entry (tests, shutdown). */
  clear(): void {
    for (const [key, slot] of this.#slots) {
      this.#slots.delete(key);
      this.#bytes -= slot.bytes;
      this.#onEvict?.(key, slot.value);
    }
  }

  #evictOverflow(): void {
    while (this.#slots.size > this.#maxEntries || (this.#bytes > this.#maxBytes && this.#slots.size > 0)) {
      const oldest = this.#slots.keys().next();
      if (oldest.done === true) return;
      const slot = this.#slots.get(oldest.value)!;
      this.#slots.delete(oldest.value);
      this.#bytes -= slot.bytes;
      this.#onEvict?.(oldest.value, slot.value);
    }
  }
}
