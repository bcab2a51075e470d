import { describe, expect, it } from "vitest";
import { SingleFlight } from "./single-flight.ts";

describe("SingleFlight", () => {
  it("runs the work once for callers that come while it runs, again once it has settled", async () => {
    const flights = new SingleFlight<string, number>();
    let runs = 0;
    let release: (n: number) => void = () => undefined;
    const work = () => {
      runs++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const first = flights.run("a", work);
    const second = flights.run("a", work);
    const other = flights.run("b", () => Promise.resolve(7));
    expect([first.joined, second.joined, other.joined]).toEqual([false, true, false]);
    release(42);
    expect(await Promise.all([first.value, second.value, other.value])).toEqual([42, 42, 7]);
    expect(runs).toBe(1);
    expect(flights.size).toBe(0);
    const third = flights.run("a", work);
    expect(third.joined).toBe(false);
    release(43);
    expect(await third.value).toBe(43);
    expect(runs).toBe(2);
  });

  it("shares a failure with the callers that joined, and forgets it", async () => {
    const flights = new SingleFlight<string, number>();
    const failing = flights.run("a", () => Promise.reject(new Error("down")));
    const joined = flights.run("a", () => Promise.resolve(1));
    await expect(failing.value).rejects.toThrow("down");
    await expect(joined.value).rejects.toThrow("down");
    expect(await flights.run("a", () => Promise.resolve(2)).value).toBe(2);
  });
});
