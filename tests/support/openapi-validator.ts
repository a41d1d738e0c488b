import Module, { createRequire } from "node:module";
import path from "node:path";
import type * as ValidatorModule from "@seriousme/openapi-schema-validator";

/**
 * The OpenAPI validator, loadable. Its `ajv-draft-04` dependency is installed at the top of node_modules,
 * where `ajv` is the linter's version 6, while it needs the version 8 installed inside the validator's own
 * folder: its requires of `ajv/...` are answered from there.
 */
const require = createRequire(import.meta.url);
const validatorRoot = path.dirname(require.resolve("@seriousme/openapi-schema-validator/package.json"));
const fromValidator = createRequire(path.join(validatorRoot, "package.json"));
type Resolve = (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: Resolve };
const original = loader._resolveFilename;
loader._resolveFilename = function (request, parent, ...rest) {
  if (/^ajv(\/|$)/.test(request) && parent?.filename?.includes(`${path.sep}ajv-draft-04${path.sep}`)) return fromValidator.resolve(request);
  return original.call(this, request, parent, ...rest);
};

export const { Validator } = (await import("@seriousme/openapi-schema-validator")) as typeof ValidatorModule;
