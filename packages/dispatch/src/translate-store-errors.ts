import { StoreUnavailableError } from './store-unavailable-error';
import type { TaskStore } from './task-store';

/**
 * The same store, with every method's "the database cannot answer now" failures (as
 * `isUnavailable` tells them) rejected as a {@link StoreUnavailableError} naming the method;
 * every other error passes through unchanged.
 */
export function translateStoreErrors<Store extends TaskStore>(store: Store, isUnavailable: (error: unknown) => boolean): Store {
  const translated: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(store)) {
    if (typeof method !== 'function' || name === 'close') {
      translated[name] = method;
      continue;
    }
    translated[name] = async (...parameters: unknown[]): Promise<unknown> => {
      try {
        return await (method as (...inner: unknown[]) => Promise<unknown>)(...parameters);
      } catch (error) {
        if (StoreUnavailableError.isInstance(error) || !isUnavailable(error)) throw error;
        throw new StoreUnavailableError({ operation: name, cause: error });
      }
    };
  }
  return translated as Store;
}
