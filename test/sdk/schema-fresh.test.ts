import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateSchema, SCHEMA_FILE } from "../../sdk/scripts/schema-source";

describe("sdk/src/schema.ts", () => {
  it("matches the types generated from the routes now when regenerated in memory", async () => {
    const committed = await readFile(SCHEMA_FILE, "utf8");

    const fresh = await generateSchema();

    expect(fresh === committed, "sdk/src/schema.ts is stale: run `npm run generate -w sdk`").toBe(true);
  });
});
