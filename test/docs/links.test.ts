import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs link to each other by file and by section (`data-model.md#runs-by-status`): a page split or a heading
 * renamed must not leave a reader on a missing file or at the top of the wrong page. Every relative link of the
 * README, docs/, bench/ and the folder READMEs must name a file that exists and, with a `#`, a heading of it.
 */
const root = resolve(__dirname, "../..");

const markdownIn = (folder: string) =>
  readdirSync(join(root, folder))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(folder, name));

const pages = [
  "README.md",
  "sdk/README.md",
  "core/engine/README.md",
  ...markdownIn("docs"),
  ...markdownIn("bench"),
];

/** Code blocks hold examples: a `#` line there is no heading, a link there no link. */
const withoutFences = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");

/** The text a reader sees, without code blocks or spans. */
const prose = (text: string) => withoutFences(text).replace(/`[^`\n]*`/g, "");

/** GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = (heading ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link of a page that does not resolve, as `page: target (why)`. */
function brokenLinks(page: string, markdown: string, read: (path: string) => string | undefined): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [file = "", anchor] = target.split("#", 2);
    const path = file === "" ? page : join(dirname(page), decodeURIComponent(file));
    const text = read(path);
    if (text === undefined) {
      broken.push(`${page}: ${target} (no such file)`);
    } else if (anchor !== undefined && path.endsWith(".md") && !headingAnchors(text).has(anchor)) {
      broken.push(`${page}: ${target} (no such heading in ${path})`);
    }
  }
  return broken;
}

const readInRepo = (path: string): string | undefined => {
  const absolute = join(root, path);
  if (relative(root, absolute).startsWith("..") || !existsSync(absolute)) return undefined;
  return statSync(absolute).isDirectory() ? "" : readFileSync(absolute, "utf8");
};

describe("the docs' relative links", () => {
  it("find GitHub's anchors for headings with code, apostrophes, dashes and repeats", () => {
    const anchors = headingAnchors(
      "# Data model\n## How lists get `total` without reading every item\n### The engine's rate – at 0.9\n## Notes\n## Notes\n```sh\n# not a heading\n```\n",
    );
    expect([...anchors]).toEqual([
      "data-model",
      "how-lists-get-total-without-reading-every-item",
      "the-engines-rate--at-09",
      "notes",
      "notes-1",
    ]);
  });

  it("catch a missing file, a missing heading and a missing heading of the page itself, not a code example", () => {
    const files: Record<string, string> = { "docs/a.md": "# A\n## Runs by status\n", "docs/b.md": "" };
    const page = [
      "[ok](a.md#runs-by-status) [ok](b.md) [ok](https://example.com/x.md#y) [ok](#here)",
      "[gone](c.md) [moved](a.md#runs-by-date) [self](#there)",
      "`[code](d.md)`",
      "```md\n[block](e.md)\n```",
      "## Here",
    ].join("\n");
    expect(brokenLinks("docs/b.md", page, (path) => (path === "docs/b.md" ? page : files[path]))).toEqual([
      "docs/b.md: c.md (no such file)",
      "docs/b.md: a.md#runs-by-date (no such heading in docs/a.md)",
      "docs/b.md: #there (no such heading in docs/b.md)",
    ]);
  });

  it.each(pages)("in %s resolve to a file and, with #, to one of its headings", (page) => {
    const markdown = readInRepo(page) ?? "";
    expect(brokenLinks(page, markdown, readInRepo)).toEqual([]);
  });
});
