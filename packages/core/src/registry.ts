/**
 * A named registry that plugins contribute to at boot. It rejects duplicate names, remembers
 * which plugin contributed each entry (so a plugin that fails half way can be withdrawn whole),
 * and freezes when the contribute phase ends so the run phase sees a fixed set.
 */
import { SvcError } from './errors.js';

/** Anything a registry can hold: it needs a unique name. */
export interface Named {
  readonly name: string;
}

/** Who is contributing right now; set by the service while a plugin's contribute tap runs. */
export interface ContributionOwner {
  current: string;
}

/** A frozen-after-boot collection of named definitions with per-plugin ownership. */
export class Registry<T extends Named> {
  readonly #entries = new Map<string, { value: T; owner: string }>();
  #frozen = false;

  constructor(
    /** What the registry holds, used in error messages ("datasource type", "view"). */
    readonly kind: string,
    private readonly owner: ContributionOwner = { current: 'svc' },
  ) {}

  /** Adds a definition; a second entry of the same name is an error naming both owners. */
  add(value: T): T {
    if (this.#frozen) {
      throw new SvcError('SVC_ERR_REGISTRY_FROZEN', `cannot add ${this.kind} '${value.name}' after startup`);
    }
    const existing = this.#entries.get(value.name);
    if (existing) {
      throw new SvcError(
        'SVC_ERR_REGISTRY_DUPLICATE',
        `${this.kind} '${value.name}' from ${this.owner.current} is already registered by ${existing.owner}`,
      );
    }
    this.#entries.set(value.name, { value, owner: this.owner.current });
    return value;
  }

  /** Looks a definition up by name. */
  get(name: string): T | undefined {
    return this.#entries.get(name)?.value;
  }

  /** True when a definition of that name exists. */
  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /** All definitions in the order they were added. */
  list(): T[] {
    return [...this.#entries.values()].map((entry) => entry.value);
  }

  /** The plugin that contributed a definition. */
  ownerOf(name: string): string | undefined {
    return this.#entries.get(name)?.owner;
  }

  /** Number of definitions. */
  get size(): number {
    return this.#entries.size;
  }

  /** Withdraws everything one plugin contributed (used when that plugin fails at boot). */
  removeOwner(owner: string): void {
    for (const [name, entry] of this.#entries) if (entry.owner === owner) this.#entries.delete(name);
  }

  /** Ends the contribute phase for this registry. */
  freeze(): void {
    this.#frozen = true;
  }

  /** True once the contribute phase has ended. */
  get frozen(): boolean {
    return this.#frozen;
  }
}
