import { describe, expect, it } from "vitest";
import { VersionedCache } from "./versioned-cache.ts";

describe("VersionedCache", () => {
  it("builds a value once per version and key, sharing one build between concurrent callers", async () => {
    const cache = new VersionedCache<string>(10);
    let builds = 0;
    const build = (version: number) => async () => ({ version, value: `v${version}-${++builds}` });
    const [a, b] = await Promise.all([cache.get(1, "k", build(1)), cache.get(1, "k", build(1))]);
    expect([a, b, builds]).toEqual(["v1-1", "v1-1", 1]);
    expect(await cache.get(2, "k", build(2))).toBe("v2-2");
    expect(await cache.get(2, "k", build(2))).toBe("v2-2");
    expect(builds).toBe(2);
  });

  it("answers but does not keep a value built at another version than asked, or marked not to keep", async () => {
    const cache = new VersionedCache<string>(10);
    let builds = 0;
    // An edit committed between reading the version (3) and building: the build saw version 4.
    expect(await cache.get(3, "k", async () => ({ version: 4, value: `b${++builds}` }))).toBe("b1");
    expect(await cache.get(3, "k", async () => ({ version: 3, value: `b${++builds}` }))).toBe("b2");
    expect(await cache.get(3, "k", async () => ({ version: 3, value: `b${++builds}` }))).toBe("b2");
    expect(await cache.get(3, "missing", async () => ({ version: 3, value: `b${++builds}`, keep: false }))).toBe("b3");
    expect(await cache.get(3, "missing", async () => ({ version: 3, value: `b${++builds}` }))).toBe("b4");
  });

  it("never serves an older version's entry, and does not keep a build for a version already passed", async () => {
    const cache = new VersionedCache<string>(10);
    await cache.get(5, "k", async () => ({ version: 5, value: "five" }));
    expect(await cache.get(4, "k", async () => ({ version: 4, value: "four" }))).toBe("four");
    expect(await cache.get(5, "k", async () => ({ version: 5, value: "again" }))).toBe("five");
  });

  it("forgets a failed build so the next request tries again", async () => {
    const cache = new VersionedCache<string>(10);
    await expect(cache.get(1, "k", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect(await cache.get(1, "k", async () => ({ version: 1, value: "ok" }))).toBe("ok");
  });

  it("drops the least recently used entry past its bound", async () => {
    const cache = new VersionedCache<string>(2);
    let builds = 0;
    const build = (key: string) => async () => ({ version: 1, value: `${key}${++builds}` });
    await cache.get(1, "a", build("a"));
    await cache.get(1, "b", build("b"));
    await cache.get(1, "a", build("a")); // a is now the most recently used
    await cache.get(1, "c", build("c")); // b goes
    expect(await cache.get(1, "a", build("a"))).toBe("a1");
    expect(await cache.get(1, "b", build("b"))).toBe("b4");
  });
});
