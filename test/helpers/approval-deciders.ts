import type { SignedUp } from "./accounts";
import type { TestApp } from "./test-app";

/** A decision as a person sends it, from a link's form or the dashboard. */
export interface PersonDecision {
  decision: "approved" | "rejected" | "edited";
  comment?: string;
  editedContent?: Record<string, unknown>;
}

/**
 * Decides as `assignee` the way that person would from a mailed link: issues their review link with the
 * API key, opens its page and sends its form. The status says what happened (200 decided or voted), from
 * the links' issue or the page itself when either refuses.
 */
export async function decideByLink(
  t: TestApp,
  apiKey: string,
  approvalId: string,
  assignee: string,
  { decision, comment, editedContent }: PersonDecision,
): Promise<Response> {
  const issued = await t.request("POST", `/v1/approval-requests/${approvalId}/links`, {
    body: { assignee },
    headers: { "x-api-key": apiKey },
  });
  // Refused links (someone the request does not name) decide nothing either: their answer is the status.
  if (issued.status !== 201) return issued;
  const [links] = ((await issued.json()) as { data: { review: string }[] }).data;
  const path = new URL(links?.review ?? "").pathname;
  const page = await t.app.request(path);
  // A page that refuses (the person voted, the request is decided) has no form to send.
  if (page.status !== 200) return page;
  const proof = /name="proof" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const fields = {
    proof,
    decision,
    ...(comment === undefined ? {} : { comment }),
    ...(editedContent === undefined ? {} : { edited: JSON.stringify(editedContent) }),
  };
  return t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A request to the dashboard's mirror of /v1, signed in as the account, in its workspace. */
export const asSession = (t: TestApp, account: SignedUp, method: string, path: string, body?: unknown) =>
  t.request(method, `/dashboard/api${path}`, {
    body,
    headers: { authorization: `Bearer ${account.token}`, "x-workspace-id": account.workspaceId },
  });
