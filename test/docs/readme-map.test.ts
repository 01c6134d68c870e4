import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README's map of core/ is where a reader new to the code starts: it must name every folder there is and
 * none that is gone, so a folder added, moved or renamed updates the map in the same change.
 */
const root = resolve(__dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");

const mapRows = () => {
  const map = readme.split("### `core/`, folder by folder")[1]?.split(/\n#{1,3} |\n\n(?!\|)/)[0] ?? "";
  return [...map.matchAll(/^\| `([^`]+)` \|/gm)].map(([, name]) => name ?? "");
};

describe("the README's map of core/", () => {
  it("names every folder of core/, and only those, one row each", () => {
    const folders = readdirSync(join(root, "core"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.name}/`);
    const rows = mapRows().filter((name) => name.endsWith("/"));

    expect(rows.length).toBeGreaterThan(0);
    expect([...rows].sort()).toEqual([...folders].sort());
  });

  it("keeps the README's first lines: the two commands that install, start and test", () => {
    expect(readme.split("\n").slice(2, 6).join("\n")).toMatch(
      /^```sh\nnpm ci && npm start +# .+\nnpm test +# .+\n```$/,
    );
  });
});
