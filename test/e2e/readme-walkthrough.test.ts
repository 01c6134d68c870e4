import { execFile } from "node:child_process";
import { mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type LocalService, startLocalService } from "../helpers/local-service";

const REPO = resolve(import.meta.dirname, "../..");
const WALKTHROUGH_START = "Try it, in a second terminal while `npm start` runs";

let service: LocalService | undefined;
afterAll(() => service?.stop("SIGTERM"));

/**
 * The README's walkthrough, exactly as a reader pastes it: the first sh block after its introduction, then
 * the second, an llm step with a tool answered by the development model.
 */
async function walkthrough(): Promise<[string, string]> {
  const readme = await readFile(join(REPO, "README.md"), "utf8");
  const after = readme.slice(readme.indexOf(WALKTHROUGH_START));
  const [first, second] = [...after.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  if (first === undefined || second === undefined) throw new Error("README lacks its two walkthrough blocks");
  return [first, second];
}

describe("the README walkthrough", () => {
  it("runs as pasted against npm start, through the CLI: a completed run with the edited draft, then an llm step whose tool answered", async () => {
    const [script, llmScript] = await walkthrough();
    const dir = await mkdtemp(join(tmpdir(), "weft-readme-"));
    // A reader's checkout: npx finds the CLI in the project's node_modules, and the files land in dir.
    await writeFile(join(dir, "package.json"), '{"name":"walkthrough","private":true}\n');
    await symlink(join(REPO, "node_modules"), join(dir, "node_modules"));
    // As the README says to start it for the second block; the first does not mind.
    service = await startLocalService({
      DATA_DIR: join(dir, ".data"),
      DEV_MODELS: "true",
      ALLOW_PRIVATE_URLS: "true",
    });
    const env = {
      ...process.env,
      HOME: dir,
      XDG_CONFIG_HOME: join(dir, ".config"),
      WEFT_BASE_URL: service.url,
    };

    const paste = (block: string) =>
      promisify(execFile)("bash", ["-euo", "pipefail", "-c", `${block}\necho "RUN=$RUN"`], {
        cwd: dir,
        env,
        timeout: 120_000,
      }).catch((error: { stdout: string; stderr: string }) => {
        throw new Error(`walkthrough failed\n${error.stdout}\n${error.stderr}\n${service?.output()}`);
      });
    const run = await paste(script);

    const runId = run.stdout.match(/^RUN=(run_\w+)$/m)?.[1];
    expect(run.stdout).toContain("status: COMPLETED");
    expect(run.stdout).toMatch(/APPROVAL_DECIDED[\s\S]*WORKFLOW_COMPLETED/);
    const response = await fetch(`${service.url}/v1/workflow-runs/${runId}`, {
      headers: {
        "x-api-key": JSON.parse(await readFile(join(dir, ".config/weft/config.json"), "utf8")).apiKey,
      },
    });
    const { data } = (await response.json()) as { data: { output: { draft: unknown } } };
    expect(data.output.draft).toEqual({ text: "Hello Ada, welcome aboard" });

    const llm = await paste(llmScript);
    // The approval showed the model's answer, which carries what the tool on the reader's machine returned.
    expect(llm.stdout).toContain('order_status returned {"status":"shipped"}');
    expect(llm.stdout).toMatch(/^Approved apr_/m);
    expect(llm.stdout).toContain("status: COMPLETED");
    expect(llm.stdout).toMatch(/stepType: llm/);
  }, 240_000);
});
