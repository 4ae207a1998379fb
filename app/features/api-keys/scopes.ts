// What an API key may do (issue 35): `read` for GET and HEAD, `write` for every other method, and `publish` for the
// endpoints that send copy to Amazon, whatever their method. The table names every /api endpoint by its route pattern
// (app/routes.ts and the outputs router), so the OpenAPI document (issue 35 item 2) can say each one's scope.
import { z } from "zod";

export const apiKeyScopes = ["read", "write", "publish"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];
export const apiKeyScopeSchema = z.enum(apiKeyScopes);

/** "method": read for GET and HEAD, write for the rest; "publish": the publish scope for every method. */
type EndpointScope = "method" | "publish";

/** Every /api endpoint and the scope it needs (a test checks this against app/routes.ts). */
export const endpointScopes = {
  "/api/generations": "method",
  "/api/listings": "method",
  "/api/listings/lint": "method",
  "/api/listings/:id/generate": "method",
  "/api/listings/:id/export": "method",
  "/api/listings/:id/keywords": "method",
  "/api/listings/:id/localize": "method",
  "/api/listings/:id/publish/preview": "publish",
  "/api/listings/:id/publish": "publish",
  "/api/listings/:id/publications": "method",
  "/api/listings/:id/amazon-link": "method",
  "/api/publish-batches/preview": "publish",
  "/api/publish-batches": "publish",
  "/api/publish-batches/:id": "publish",
  "/api/keywords/:verb": "method",
  "/api/jobs": "method",
  "/api/jobs/preview": "method",
  "/api/jobs/:id": "method",
  "/api/jobs/:id/rows": "method",
  "/api/jobs/:id/export": "method",
  "/api/jobs/:id/:action": "method",
  "/api/amazon/imports": "method",
  "/api/amazon/imports/:id": "method",
  "/api/amazon/imports/:id/:action": "method",
  "/api/fixes": "method",
  "/api/fixes/:id": "method",
  "/api/stripe/webhook": "method",
  // Served by Express ahead of React Router (app/features/outputs/outputs-router.server.ts).
  "/api/outputs": "method",
  "/api/outputs/:id": "method",
  "/api/outputs/:id/restore": "method",
} as const satisfies Record<string, EndpointScope>;

/** The scope a request needs, from its method and the route pattern it matched (unknown patterns: by method; they answer 404). */
export function requiredScope(method: string, routePattern: string): ApiKeyScope {
  if ((endpointScopes as Record<string, EndpointScope>)[routePattern] === "publish") return "publish";
  return method === "GET" || method === "HEAD" ? "read" : "write";
}

/** Scopes as stored ("read,write") → the known ones, in their order. */
export function parseScopes(stored: string): ApiKeyScope[] {
  const given = new Set(stored.split(","));
  return apiKeyScopes.filter((scope) => given.has(scope));
}
