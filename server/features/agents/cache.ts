/**
 * A per-workspace cache of one loaded value, for what every caller turn reads (the routing set,
 * the default script): a value is reused for `ttlMs`; past that it is still served while one
 * reload runs in the background (a turn never waits for an expiry), and requests that miss
 * together share one load. `drop` (a change, announced on every server) forgets it at once, and
 * a reload that started before the drop is not kept.
 */
export function refreshingCache<V>(load: (key: string) => Promise<V>, ttlMs: number, maxEntries = 10_000) {
  type Entry = { value: Promise<V>; until: number; refreshing: boolean };
  const entries = new Map<string, Entry>();

  function start(key: string): Entry {
    const entry: Entry = { value: load(key), until: Date.now() + ttlMs, refreshing: false };
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, entry);
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return entry;
  }

  return {
    get(key: string): Promise<V> {
      const entry = entries.get(key);
      if (!entry) return start(key).value;
      if (entry.until > Date.now() || entry.refreshing) return entry.value;
      entry.refreshing = true;
      load(key).then(
        (value) => {
          if (entries.get(key) === entry)
            entries.set(key, { value: Promise.resolve(value), until: Date.now() + ttlMs, refreshing: false });
        },
        () => {
          if (entries.get(key) === entry) entry.refreshing = false;
        },
      );
      return entry.value;
    },
    drop(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
  };
}
