import type { TFunction } from "i18next";

/**
 * Reads a translated list (a JSON array of strings in the bundle). Lists are
 * optional per section, so a missing key is an empty list, not a warning.
 */
export function stringList(t: TFunction, exists: (key: string) => boolean, key: string): string[] {
  if (!exists(key)) return [];
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
