/** Values built once per catalog version (docs/decisions.md D27). Entries belong to the newest version seen;
 * when a request sees a newer one, every entry is dropped. Concurrent requests for a missing entry share one
 * build. Bounded: past `maxEntries`, the least recently used entry goes. */
export class VersionedCache<V> {
  private version = -1;
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly maxEntries: number) {}

  /**
   * The value for `key` at `version`, built by `build` when missing. `build` reads its own snapshot and says
   * which version it saw: when that is not `version` (an edit committed in between), the value is answered
   * but not kept, so an entry never holds another version's content. A build may also say `keep: false` (an
   * answer not worth a place, such as a page that does not exist).
   */
  get(version: number, key: string, build: () => Promise<{ version: number; value: V; keep?: boolean }>): Promise<V> {
    if (version > this.version) {
      this.version = version;
      this.entries.clear();
    }
    const cacheable = version === this.version;
    const hit = cacheable ? this.entries.get(key) : undefined;
    if (hit) {
      // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const built = build().then(
      (result) => {
        if (result.version !== version || result.keep === false) this.forget(key, built);
        return result.value;
      },
      (error: unknown) => {
        this.forget(key, built);
        throw error;
      },
    );
    if (cacheable) {
      this.entries.set(key, built);
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return built;
  }

  private forget(key: string, entry: Promise<V>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}
