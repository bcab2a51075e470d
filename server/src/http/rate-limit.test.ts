import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { addressGroup, clientAddress } from "./rate-limit.ts";

describe("client addresses as limits count them", () => {
  it.each([
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3::/64"],
    ["2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff", "2001:db8:85a3:8d3::/64"],
    ["2001:DB8:85A3:8D3::1", "2001:db8:85a3:8d3::/64"],
    ["[2001:db8:85a3:8d3::2]", "2001:db8:85a3:8d3::/64"],
    ["2001:db8:85a3:8d3::3%eth0", "2001:db8:85a3:8d3::/64"],
    ["2001:db8:85a3:8d3:0:0:1.2.3.4", "2001:db8:85a3:8d3::/64"],
    ["2001:db8:85a3:8d4::1", "2001:db8:85a3:8d4::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1", "fe80:0:0:0::/64"],
  ])("counts the IPv6 address %s by its /64, however it is written: %s", (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["local", "local"],
    ["not an address", "not an address"],
  ])(
    "keeps IPv4 as it is, an IPv4-mapped IPv6 address as its IPv4 address, and anything else untouched: %j is %j",
    (address, group) => {
      expect(addressGroup(address)).toBe(group);
    },
  );

  it("groups the trusted proxy's last X-Forwarded-For hop", async () => {
    const app = new Hono().get("/", (c) => c.text(clientAddress(c, true)));
    const from = async (xff: string) => (await app.request("/", { headers: { "X-Forwarded-For": xff } })).text();
    expect(await from("198.51.100.1, 2001:db8:1:2:aaaa::9")).toBe("2001:db8:1:2::/64");
    expect(await from("2001:db8:1:2::1, 203.0.113.9")).toBe("203.0.113.9");
  });
});
