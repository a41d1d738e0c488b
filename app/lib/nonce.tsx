import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext<string>("");

/** Carries the per-request CSP nonce from the server entry into the document. */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
