import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const core = fileURLToPath(new URL("../../core", import.meta.url));

/**
 * DynamoDB's economics are the adapter's (issue 33, item 1): what an item is, what a write unit costs, how
 * large an item or a transaction may be, where a run's history is kept. Named in the domain or a port, they
 * travel as data the import graph cannot see, and every cost change edits domain, engine, port and adapters.
 * The words below are those concepts as the code named them before they moved; comments count too, since a
 * comment that explains a rule by the store's units is that rule in the wrong place.
 */
const STORAGE_WORDS: readonly [string, RegExp][] = [
  ["DynamoDB by name", /DynamoDB/],
  ["write units", /\bwrite ?units?\b|WriteUnits|\bWRU\b/i],
  ["item bounds", /itemBytes|\bitem bound|400 ?KB|RUN_ITEM_/i],
  ["transaction bounds", /transactionActions|transactionBytes|\b100 actions\b/],
  ["items of the table", /\b(run|journal|counter|trigger|stored|rollup|day) items?\b|\brun's item\b/i],
  ["how an index is spread over partitions", /\bshards?\b|sweepShards/i],
];

function sources(folder: string): string[] {
  return readdirSync(join(core, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(folder, file));
}

describe("core/domain/ and core/ports/ name no DynamoDB concept", () => {
  const files = [...sources("domain"), ...sources("ports")];

  it("are read", () => {
    expect(files).toContain(join("domain", "run-change.ts"));
    expect(files).toContain(join("ports", "store.ts"));
  });

  it("mention no write unit, item, item bound, transaction bound or index shard of the store", () => {
    const found = files.flatMap((file) =>
      readFileSync(join(core, file), "utf8")
        .split("\n")
        .flatMap((line, index) =>
          STORAGE_WORDS.filter(([, word]) => word.test(line)).map(
            ([concept]) => `${file}:${index + 1} (${concept}): ${line.trim()}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });
});
