import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
    requestId: string;
  }
}

/** The Content-Security-Policy for a response whose inline scripts carry `nonce`. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // Mantine writes style attributes and <style> tags at run time; scripts stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Security headers on every response; a fresh nonce per request for the CSP. */
export function securityHeaders({ development }: { development: boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    // Vite's dev server injects inline scripts of its own; production stays strict.
    if (!development) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
