import type { EventEmitter } from 'eventemitter3';
import type { DispatchEvents } from './dispatch-events';
import { StoreUnavailableError } from './store-unavailable-error';

/** Default wait before try `n + 1` while the store is away: 100 ms doubling to 5 s, with jitter so many workers do not return in step. */
export const defaultStoreBackoff = (failures: number): number => Math.min(5000, 100 * 2 ** Math.max(0, failures - 1)) * (0.5 + Math.random() / 2);

/**
 * One emitter's view of its store's health: the first {@link StoreUnavailableError} after a good
 * answer emits `store-unavailable`, the first good answer after that emits `store-recovered`, so
 * an outage is reported once however many operations run into it.
 */
export class StoreOutage {
  readonly #emitter: EventEmitter<DispatchEvents>;
  #cause: StoreUnavailableError | undefined;
  #since = 0;

  constructor(emitter: EventEmitter<DispatchEvents>) {
    this.#emitter = emitter;
  }

  /** Whether the store's last answer was a {@link StoreUnavailableError}. */
  get unavailable(): boolean {
    return this.#cause !== undefined;
  }

  failed(cause: StoreUnavailableError): void {
    if (this.#cause !== undefined) return;
    this.#cause = cause;
    this.#since = performance.now();
    this.#emitter.emit('store-unavailable', { cause, operation: cause.operation });
  }

  succeeded(): void {
    const cause = this.#cause;
    if (cause === undefined) return;
    this.#cause = undefined;
    this.#emitter.emit('store-recovered', { cause, unavailableMilliseconds: Math.round(performance.now() - this.#since) });
  }

  /**
   * Runs `operation` until it settles with anything but a {@link StoreUnavailableError}, waiting
   * `backoff(failures)` between tries; gives the last error up once `giveUpAfterMilliseconds` have
   * passed, or at once when `stopped()` turns true while waiting.
   */
  async retry<Result>(operation: () => Promise<Result>, options: { readonly backoff: (failures: number) => number; readonly giveUpAfterMilliseconds?: number; readonly stopped?: () => boolean }): Promise<Result> {
    const started = performance.now();
    for (let failures = 1; ; failures += 1) {
      try {
        const result = await operation();
        this.succeeded();
        return result;
      } catch (error) {
        if (!StoreUnavailableError.isInstance(error)) throw error;
        this.failed(error);
        const wait = options.backoff(failures);
        if (options.stopped?.() === true || performance.now() - started + wait > (options.giveUpAfterMilliseconds ?? Number.POSITIVE_INFINITY)) throw error;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
}

const outages = new WeakMap<object, StoreOutage>();

/** The one {@link StoreOutage} of a dispatcher (shared by it and its workers). */
export function storeOutageOf(emitter: EventEmitter<DispatchEvents>): StoreOutage {
  let outage = outages.get(emitter);
  if (outage === undefined) {
    outage = new StoreOutage(emitter);
    outages.set(emitter, outage);
  }
  return outage;
}
