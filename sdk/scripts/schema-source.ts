import openapiTS, { astToString } from "openapi-typescript";
import { openApiDocument } from "../../functions/openapi-document";

export const SCHEMA_FILE = new URL("../src/schema.ts", import.meta.url);

const HEADER =
  "// Generated from the API's OpenAPI document by `npm run generate -w sdk`; do not edit.\n" +
  "// test/sdk/schema-fresh.test.ts fails when it no longer matches the routes.\n\n";

/** The client's types, generated (openapi-typescript) from the document the API serves. */
export async function generateSchema(): Promise<string> {
  const document = await openApiDocument();
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    alphabetize: true,
    // A field with a default may be left out of a request; responses list such fields as required anyway.
    defaultNonNullable: false,
  });
  return HEADER + astToString(ast);
}
