import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers.server.ts";

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy("abc123");
  const directive = (name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

  it("allows scripts only with the response's nonce", () => {
    expect(directive("script-src")).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(directive("script-src")).not.toContain("unsafe-inline");
  });

  it("forbids framing and plugins", () => {
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("object-src")).toBe("object-src 'none'");
  });
});
