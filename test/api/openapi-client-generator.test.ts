import { describe, expect, it } from "vitest";
import {
  type MediaType,
  type OpenApiDocument,
  type Operation,
  operations,
  resolve,
  type Schema,
  setUpOpenApi,
  t,
} from "./openapi-fixtures";

setUpOpenApi();

/** Operations whose answer is an acknowledgement (`{deleted: true}`…), not a resource: it stays inline. */
const ACKNOWLEDGEMENTS = new Set([
  "getHealth",
  "getLiveness",
  "getReadiness",
  "revokeApiKey",
  "deleteApprovalGroup",
  "setLlmProviderPriorities",
  "deleteLlmProvider",
  "deleteRemoteTool",
  "deleteMcpServer",
  "deleteThread",
  "deleteTrigger",
  "deleteWebhook",
  "cancelWorkflowRun",
  "resumeWorkflowRun",
  "retryWorkflowRun",
  "sendSignal",
]);
const HEALTH = new Set(["getHealth", "getLiveness", "getReadiness"]);

function jsonMedia(op: Operation): MediaType[] {
  return [op.requestBody?.content, ...Object.values(op.responses).map((r) => r.content)].flatMap((content) =>
    Object.entries(content ?? {})
      .filter(([type]) => type === "application/json")
      .map(([, media]) => media),
  );
}

/** The schemas of `data` in a success envelope (each variant's, for a union): named components, or arrays of them. */
function dataSchemas(media: MediaType): Schema[] {
  const envelope = resolve(media.schema ?? {});
  const variants = envelope.anyOf ?? envelope.oneOf ?? [envelope];
  return variants.map((variant) => {
    const data = resolve(variant).properties?.data ?? {};
    return data.items ?? data;
  });
}

describe("/openapi.json as a client generator reads it", () => {
  it("gives every operation a unique operationId when listing operations", () => {
    const ids = operations().map(([, op]) => op.operationId);

    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares security on every operation, empty on public ones, when read", () => {
    const missing = operations().filter(([, op]) => op.security === undefined);

    expect(missing.map(([key]) => key)).toEqual([]);
  });

  it("names the configured origin as its server, not the one it was fetched at, and a licence when read", async () => {
    const served = (await (
      await t.app.request("https://weft.acme.test/openapi.json")
    ).json()) as OpenApiDocument;

    expect(served.servers).toEqual([expect.objectContaining({ url: "http://localhost:3000" })]);
    expect(served.info.license?.name).toEqual(expect.any(String));
  });

  it("serves the reviewed document byte for byte when fetched", async () => {
    const served = await (await t.app.request("http://localhost:3000/openapi.json")).text();

    // A parse gives JSON.stringify's output back unchanged, so the indented copy (reviewable in a diff,
    // updated with `vitest -u` when the API changes) stands for the served bytes.
    expect(JSON.stringify(JSON.parse(served))).toBe(served);
    await expect(JSON.stringify(JSON.parse(served), null, 2)).toMatchFileSnapshot(
      "__snapshots__/openapi.json",
    );
  });

  it("gives every JSON request body a named schema when read", () => {
    const inline = operations().filter(([, op]) => {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      return schema !== undefined && schema.$ref === undefined;
    });

    expect(inline.map(([key]) => key)).toEqual([]);
  });

  it("answers every resource as a named schema when read", () => {
    const inline = operations().filter(([, op]) => {
      if (ACKNOWLEDGEMENTS.has(op.operationId ?? "")) return false;
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
      return success.some(([, response]) => {
        const media = response.content?.["application/json"];
        return media !== undefined && dataSchemas(media).some((data) => data.$ref === undefined);
      });
    });

    expect(inline.map(([key]) => key)).toEqual([]);
  });

  it("shows an example with every JSON request and response when read", () => {
    const bare = operations().filter(([, op]) => jsonMedia(op).some((media) => media.example === undefined));

    expect(bare.map(([key]) => key)).toEqual([]);
  });

  it("documents 500 everywhere, and 4xx on every operation but the health probes, when read", () => {
    for (const [key, op] of operations()) {
      const statuses = Object.keys(op.responses);
      expect(statuses, key).toContain("500");
      if (!HEALTH.has(op.operationId ?? ""))
        expect(
          statuses.some((s) => s.startsWith("4")),
          key,
        ).toBe(true);
    }
  });

  it("documents 413 and 415 on every operation with a JSON body when read", () => {
    for (const [key, op] of operations()) {
      if (op.requestBody === undefined) continue;
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(["400", "413", "415"]));
    }
  });
});
