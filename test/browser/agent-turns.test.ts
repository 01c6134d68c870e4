import { describe, expect, it } from "vitest";
import { startLoopbackServer } from "../helpers/loopback-server";
import { signUpThroughApi } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

/** Pages refresh themselves every 2 to 10 s; a busy CI machine may be slower still. */
const WAIT = { timeout: 20_000 };

/**
 * An agent step's turns on its run's page in Chromium (docs/agents.md): each model turn with what it spent,
 * each tool call with its arguments, result and duration, and the final answer.
 */
reportSkip("dashboard agent turns browser test");

const EMAIL = "ines@example.com";
const PASSWORD = "a long enough password";

describe.skipIf(!available)("an agent's turns in Chromium", { timeout: 240_000 }, () => {
  const env = useDashboardEnv();

  it("shows each turn, its tool calls' arguments and results, and the answer", async () => {
    const tool = await startLoopbackServer((_request, _body, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ plan: "pro" }));
    });
    const api = await signUpThroughApi(env.service, {
      email: EMAIL,
      password: PASSWORD,
      workspaceName: "Ines",
    });
    await api.call("POST", "/v1/remote-tools", { name: "lookup_customer", url: `${tool}/lookup` });
    const definition = await api.createDefinition({
      name: "support",
      version: "1",
      steps: [
        {
          type: "agent",
          name: "support",
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: "Which plan is c-42 on?" }],
          tools: [{ remoteTool: "lookup_customer" }],
        },
      ],
    });
    env.openai.reply(
      {
        toolCalls: [{ id: "call_1", name: "lookup_customer", arguments: { customerId: "c-42" } }],
        usage: { input: 1000, output: 20 },
      },
      { text: "c-42 is on the pro plan.", usage: { input: 1200, output: 10 } },
    );
    const run = await api.startRun(definition.id, {});
    await api.waitForStatus(run.id, "COMPLETED");

    const { context, page, problems } = await openPage(env.browser);
    await page.goto(`${env.service.url}/#/runs/${run.id}`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.keyboard.press("Enter");
    const details = page.locator(".step-details").first();
    await details.locator("summary").click(WAIT);
    const turns = page.getByRole("list", { name: "Turns of support" });
    await expect.poll(() => turns.textContent(), WAIT).toContain("Turn 2");
    const text = (await turns.textContent()) ?? "";
    expect(text).toContain("Turn 1 (1,000 in / 20 out");
    expect(text).toContain('lookup_customer({"customerId":"c-42"}) → {"plan":"pro"}');
    expect(text).toContain("c-42 is on the pro plan.");
    expect(problems).toEqual([]);
    await context.close();
  });
});
