// The package has no "exports" map, so plain Node ESM needs the real file name here.
import Ajv2020, { type Options } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { linearRegExp } from "./linear-regex";

/**
 * ajv's RegExp engine for `pattern` and `patternProperties`; ajv passes "u" or "". `code` is read only
 * when ajv generates standalone validation modules, which Weft never does.
 */
const regExp = Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags === "u"), {
  code: "linearRegExp",
});

/**
 * Every ajv instance that sees a caller's schema comes from here. Schemas are JSON Schema draft 2020-12:
 * the dialect of OpenAPI 3.1 and of z.toJSONSchema, so the service speaks one dialect; a schema declaring
 * another `$schema` is rejected. `strict: false` because tool schemas written for LLM providers often carry
 * extra keywords; unknown formats are then ignored, so the warning logger is silenced.
 */
export function schemaCompiler(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, logger: false, code: { regExp }, ...options });
  addFormats(ajv);
  return ajv;
}

// Shared: checking against the meta-schema compiles the meta-schema once (~10 ms), on the first check
// rather than when the module loads.
let metaChecker: Ajv2020 | undefined;

/**
 * Returns why `schema` is not a usable JSON Schema, or undefined when it is.
 * compile() runs on a throwaway instance: a shared one would keep every user schema in its
 * cache and make two definitions declaring the same `$id` collide. compile() is still needed
 * after the meta-schema check because it is what catches `pattern`s RE2 cannot run and dangling `$ref`s.
 */
export function jsonSchemaProblem(schema: Record<string, unknown>): string | undefined {
  try {
    metaChecker ??= schemaCompiler();
    if (!metaChecker.validateSchema(schema)) {
      return metaChecker.errorsText(metaChecker.errors, { dataVar: "schema" });
    }
    schemaCompiler({ validateSchema: false }).compile(schema);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
