import { useMemo } from "react";
import { rememberBounded } from "./bounded-map";

/**
 * Loader data that is the same for many pages (the category tree of every list page) travels as one
 * JSON text made once on the server: React Router encodes loader data value by value on every request,
 * and a tree of a few hundred values was most of a list page's encoding work, where one string costs
 * it almost nothing. The browser parses it once per text.
 */
const SERVER_PARSED_MAX = 32;
const serverParsed = new Map<string, unknown>();

export function parseJsonText<T>(text: string): T {
  if (typeof document !== "undefined") return JSON.parse(text) as T;
  // The server gets the same string instance for every page of a language: parsed once, shared read-only.
  return rememberBounded(serverParsed, text, SERVER_PARSED_MAX, () => JSON.parse(text) as unknown) as T;
}

export function useJsonText<T>(text: string): T {
  return useMemo(() => parseJsonText<T>(text), [text]);
}
