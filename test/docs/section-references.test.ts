import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Code comments and docs cite a doc's section by name, `(docs/data-model.md, "Runs and their history")`, as a
 * reader would look it up. When a page is split or a section renamed, such a citation must move with it: each
 * must name a heading, a bold paragraph lead or a paragraph's opening words of the page it names.
 */
const root = resolve(__dirname, "../..");

const SOURCES = ["core", "functions", "infra", "bench", "test", "sdk/src", "docs"];
const SKIPPED = new Set(["node_modules", "dist", "__snapshots__"]);

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : filesUnder(path);
    return /\.(ts|tsx|mjs|md)$/.test(entry.name) ? [path] : [];
  });
}

/** A page named as `docs/page.md` (or, within docs/, `page.md` or `[page.md](page.md)`), then its section in quotes. */
const CITATION =
  /(?<![\w/"'.-])(?:docs\/)?([a-z][a-z-]*)\.md(?:\]\([a-z-]+\.md\))?(?:,|\s\(|,\s*see)\s*(?:(?:\*|\/\/)\s*)?(?:see\s+)?"([^"]{2,160})"/g;

/** Comment markers of a wrapped line, gone: a name cut across two lines of a comment reads as one. */
const unwrapped = (text: string) => text.replace(/\s*\n\s*(?:\*(?!\*)|\/\/)?\s*/g, " ");

/** Where a section can start: a heading, a bold lead, a table row, or the first words of a paragraph or list item. */
function sectionStarts(markdown: string): string[] {
  const plain = markdown.replace(/`/g, "");
  const starts = [...plain.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading]) => heading ?? "");
  starts.push(...[...plain.matchAll(/\*\*([^*]+)\*\*/g)].map(([, lead]) => unwrapped(lead ?? "")));
  starts.push(...[...plain.matchAll(/^\|\s*([^|]+?)\s*\|/gm)].map(([, cell]) => cell ?? ""));
  for (const paragraph of plain.split(/\n\s*\n/)) starts.push(unwrapped(paragraph.replace(/^[-*]\s+/, "")));
  return starts;
}

function brokenCitations(files: Map<string, string>): string[] {
  const sections = new Map<string, string[]>();
  const broken: string[] = [];
  for (const [file, text] of files) {
    for (const match of unwrapped(text).matchAll(CITATION)) {
      const page = `docs/${match[1]}.md`;
      const markdown = files.get(page);
      if (markdown === undefined) continue;
      const name = (match[2] ?? "").replace(/`/g, "").trim();
      if (!sections.has(page)) sections.set(page, sectionStarts(markdown));
      if (!(sections.get(page) ?? []).some((start) => start.startsWith(name))) {
        broken.push(`${file}: ${page}, "${name}"`);
      }
    }
  }
  return broken;
}

describe("citations of a doc's section by name", () => {
  it("are found across a wrapped comment and checked against the page they name", () => {
    const files = new Map([
      [
        "docs/a.md",
        "# A\n\n## Runs by status\n\n**Why a request is opened first.** Text.\n\nOn AWS, text.\n\n| Steps per run | 1,000 |\n",
      ],
      [
        "core/x.ts",
        [
          '/** Counted (docs/a.md, "Runs by status"), opened (docs/a.md, "Why a request is opened first"), bounded',
          ' * (docs/a.md, "Steps per run"), docs/a.md,',
          ' * "On AWS"; gone (docs/a.md, "Runs by',
          ' * date"), and readFileSync("docs/a.md"), "not a citation". */',
        ].join("\n"),
      ],
    ]);
    expect(brokenCitations(files)).toEqual(['core/x.ts: docs/a.md, "Runs by date"']);
  });

  it("name a section of the page they cite, in code, tests, benches and docs", () => {
    const files = new Map<string, string>();
    for (const folder of SOURCES.filter((folder) => existsSync(join(root, folder)))) {
      for (const path of filesUnder(folder))
        files.set(relative(root, join(root, path)), readFileSync(join(root, path), "utf8"));
    }
    for (const page of ["README.md", "core/engine/README.md"])
      files.set(page, readFileSync(join(root, page), "utf8"));
    expect(brokenCitations(files)).toEqual([]);
  });
});
