import * as z from "zod";
import { lazyModule } from "./lazy-module";

/**
 * The JSON Schema checker with ajv, its formats and RE2 for `pattern`s (about 300 kB minified), imported
 * on the first check of a caller's schema rather than during the API's cold start.
 */
export const jsonSchemaChecker = lazyModule(() => import("./json-schema"));

export const JsonSchemaObject = z
  .record(z.string(), z.unknown())
  .superRefine((schema, ctx) =>
    jsonSchemaChecker.use(({ jsonSchemaProblem }) => {
      const problem = jsonSchemaProblem(schema);
      if (problem !== undefined) ctx.addIssue({ code: "custom", message: `Invalid JSON Schema: ${problem}` });
    }),
  )
  .meta({ description: "A JSON Schema (draft 2020-12) object" });
