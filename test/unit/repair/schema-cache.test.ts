import { describe, expect, it } from "vitest";
import { LruCache } from "../../../src/repair/schema-cache.ts";

function recordingCache(maxEntries: number, maxBytes: number) {
  const evicted: string[] = [];
  const cache = new LruCache<string>({ maxEntries, maxBytes, onEvict: (key) => evicted.push(key) });
  return { cache, evicted };
}

describe("LruCache", () => {
  it("evicts the least recently used entry past the entry bound", () => {
    const { cache, evicted } = recordingCache(2, 1000);
    cache.set("a", "A", 1);
    cache.set("b", "B", 1);
    expect(cache.get("a")).toBe("A"); // a is now the most recent
    cache.set("c", "C", 1);
    expect(evicted).toEqual(["b"]);
    expect(cache.has("a")).toBe(true);
    expect(cache.has("c")).toBe(true);
    expect(cache.size).toBe(2);
  });

  it("evicts until the byte bound holds", () => {
    const { cache, evicted } = recordingCache(10, 100);
    cache.set("a", "A", 40);
    cache.set("b", "B", 40);
    cache.set("c", "C", 40);
    expect(evicted).toEqual(["a"]);
    expect(cache.bytes).toBe(80);
  });

  it("releases an entry bigger than the whole budget at once", () => {
    const { cache, evicted } = recordingCache(10, 100);
    cache.set("small", "S", 10);
    cache.set("huge", "H", 500);
    expect(evicted).toEqual(["small", "huge"]);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("releases a replaced value and recounts its bytes", () => {
    const { cache, evicted } = recordingCache(10, 100);
    cache.set("a", "old", 30);
    cache.set("a", "new", 20);
    expect(evicted).toEqual(["a"]);
    expect(cache.get("a")).toBe("new");
    expect(cache.bytes).toBe(20);
  });

  it("clear releases everything", () => {
    const { cache, evicted } = recordingCache(10, 100);
    cache.set("a", "A", 1);
    cache.set("b", "B", 1);
    cache.clear();
    expect(evicted).toEqual(["a", "b"]);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
