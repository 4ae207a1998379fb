import { createContext, useContext } from "react";

// The server renders with the response's CSP nonce; in the browser it is empty (browsers hide it).
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
