import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { addressGroup, clientAddress } from "./rate-limit.ts";

describe("client addresses as limits count them", () => {
  it("counts an IPv6 address by its /64, however it is written", () => {
    const group = "2001:db8:85a3:8d3::/64";
    for (const address of [
      "2001:db8:85a3:8d3:1319:8a2e:370:7348",
      "2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff",
      "2001:DB8:85A3:8D3::1",
      "[2001:db8:85a3:8d3::2]",
      "2001:db8:85a3:8d3::3%eth0",
      "2001:db8:85a3:8d3:0:0:1.2.3.4",
    ])
      expect(addressGroup(address), address).toBe(group);
    expect(addressGroup("2001:db8:85a3:8d4::1")).toBe("2001:db8:85a3:8d4::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 as it is, an IPv4-mapped IPv6 address as its IPv4 address, and anything else untouched", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressGroup("local")).toBe("local");
    expect(addressGroup("not an address")).toBe("not an address");
  });

  it("groups the trusted proxy's last X-Forwarded-For hop", async () => {
    const app = new Hono().get("/", (c) => c.text(clientAddress(c, true)));
    const from = async (xff: string) => (await app.request("/", { headers: { "X-Forwarded-For": xff } })).text();
    expect(await from("198.51.100.1, 2001:db8:1:2:aaaa::9")).toBe("2001:db8:1:2::/64");
    expect(await from("2001:db8:1:2::1, 203.0.113.9")).toBe("203.0.113.9");
  });
});
