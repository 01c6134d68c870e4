import { describe, expect, it } from "vitest";
import { signUpThroughApi } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

const WAIT = { timeout: 30_000 };
/** The example of a definition's id that /openapi.json carries (core/api/schema-examples.ts). */
const EXAMPLE_DEFINITION_ID = "def_01JDZ8R2M4K6P8Q0S2T4V6X8Z0";

/**
 * /docs in Chromium, served by `npm start`: Swagger UI renders /openapi.json with its examples, and "Try it
 * out" sends an authenticated request to the same service, with nothing loaded from any other host and
 * nothing refused by the page's Content-Security-Policy.
 */
reportSkip("API reference browser test");

describe.skipIf(!available)("the API reference at /docs in Chromium", { timeout: 240_000 }, () => {
  const env = useDashboardEnv();

  it("shows an example from the document and lists the workspace's definitions through Try it out with an API key", async () => {
    const api = await signUpThroughApi(env.service, {
      email: "docs@example.com",
      password: "a long enough password",
      workspaceName: "Docs",
    });
    await api.createDefinition({
      name: "tried-from-docs",
      version: "1",
      steps: [{ type: "task", name: "only", handler: "noop" }],
    });
    const { page, problems } = await openPage(env.browser);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));

    await page.goto(`${env.service.url}/docs`);
    const operation = page.locator(".opblock-get", {
      has: page.locator('.opblock-summary-path[data-path="/v1/workflow-definitions"]'),
    });
    await operation.locator(".opblock-summary").click(WAIT);
    // The 200 answer's example, as the document gives it.
    await operation.locator(".responses-wrapper").getByText(EXAMPLE_DEFINITION_ID).first().waitFor(WAIT);

    await page.locator(".auth-wrapper .authorize").click(WAIT);
    const scheme = page.locator(".auth-container", { hasText: "x-api-key" });
    await scheme.locator("input").fill(api.key);
    await scheme.getByRole("button", { name: "Apply credentials" }).click(WAIT);
    await scheme.getByRole("button", { name: "Remove authorization" }).waitFor(WAIT);
    await page.locator(".modal-ux .btn-done").first().click();

    await operation.getByRole("button", { name: "Try it out" }).click(WAIT);
    await operation.getByRole("button", { name: "Execute" }).click(WAIT);
    const live = operation.locator(".live-responses-table");
    await live.getByText("tried-from-docs").first().waitFor(WAIT);
    expect((await live.locator("tr.response td.response-col_status").textContent())?.trim()).toBe("200");

    const elsewhere = requested.filter(
      (url) => !url.startsWith(`${env.service.url}/`) && !url.startsWith("data:"),
    );
    expect(elsewhere).toEqual([]);
    expect(requested).toContain(`${env.service.url}/v1/workflow-definitions`);
    expect(problems).toEqual([]);
  });
});
