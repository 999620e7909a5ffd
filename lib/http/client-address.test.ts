import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER, addressKey, clientAddress, trustedProxyHops } from "./client-address";

const headers = (h: Record<string, string>) => new Headers(h);

describe("trustedProxyHops", () => {
  it("reads TRUST_PROXY: unset or false is 0, true is 1, a whole number is that many hops", () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops("")).toBe(0);
    expect(trustedProxyHops("false")).toBe(0);
    expect(trustedProxyHops("true")).toBe(1);
    expect(trustedProxyHops("2")).toBe(2);
    expect(trustedProxyHops("yes please")).toBe(0);
  });
});

describe("clientAddress", () => {
  it("without a trusted proxy: the server-stamped connection address; X-Forwarded-For is ignored", () => {
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: "203.0.113.5", "x-forwarded-for": "198.51.100.1" }), 0)).toBe(
      "203.0.113.5",
    );
    expect(clientAddress(headers({ "x-forwarded-for": "198.51.100.1" }), 0)).toBe("unknown");
  });

  it("behind N proxies: the N-th X-Forwarded-For entry from the right; entries the client prepended do not count", () => {
    const xff = { "x-forwarded-for": "1.1.1.1, 203.0.113.5, 10.0.0.2", [PEER_ADDRESS_HEADER]: "10.0.0.3" };
    expect(clientAddress(headers(xff), 1)).toBe("10.0.0.2");
    expect(clientAddress(headers(xff), 2)).toBe("203.0.113.5");
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.5" }), 3)).toBe("203.0.113.5");
    expect(clientAddress(headers({}), 1)).toBe("unknown");
  });
});

describe("addressKey", () => {
  it("IPv4 as is, without a port or the IPv4-mapped prefix", () => {
    expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("203.0.113.5:4711")).toBe("203.0.113.5");
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
  });

  it("IPv6 by its /64, however it is written", () => {
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("[2001:db8:1:2::99]:443")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});
