import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value only the browser knows (the session, a stored choice), read on every render. The
 * prerender and hydration see `serverValue`; React then re-renders with `read()` right after
 * hydrating, so prerendered HTML always matches and the visitor's own view follows at once.
 * `read` must return a primitive or a stable reference.
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noSubscription, read, () => serverValue);
}

/**
 * False in the prerendered HTML and while hydrating, true in every other render: a form's submit
 * button stays disabled until React runs the page, so an early press cannot submit it natively.
 */
export function useHydrated(): boolean {
  return useClientValue(() => true, false);
}
