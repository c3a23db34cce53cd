import { type AccessChange, type EventBus, SYSTEM_CHANNEL } from "./bus";

export type { AccessChange };

/**
 * Cache invalidation across servers. A change is applied here at once (this process's caches)
 * and sent on the bus, so every other server on the same PostgreSQL applies it too. Applying a
 * change twice (our own, coming back over NOTIFY) only drops what is already gone.
 */
export function accessChanges(events: EventBus) {
  const listeners = new Set<(change: AccessChange) => void>();
  const apply = (change: AccessChange) => {
    for (const listener of listeners) listener(change);
  };
  events.subscribe(SYSTEM_CHANNEL, (event) => {
    if (event.type === "access.changed") apply(event.change);
  });
  return {
    /** Tells every server (this one first) that cached access or settings are stale. */
    changed(change: AccessChange): void {
      apply(change);
      events.publish(SYSTEM_CHANNEL, { type: "access.changed", change });
    },
    onChange(listener: (change: AccessChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AccessChanges = ReturnType<typeof accessChanges>;
