import { createContext } from "react-router";

/** What every loader and action can read from `context.get(requestContext)`. */
export interface RequestContext {
  /** The CSP nonce for this response's inline scripts. */
  cspNonce: string;
  requestId: string;
  /** The client's address (honours TRUST_PROXY); used for rate limits. */
  clientIp: string;
}

export const requestContext = createContext<RequestContext>();
