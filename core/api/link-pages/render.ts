import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { LinkAction } from "../../approvals/links/approval-links";
import type { ApprovalRequest } from "../../domain/approval";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** Every page of a link: small, no script, no outside resources (the headers forbid them too). */
function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Weft</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
pre,textarea{font:14px/1.4 ui-monospace,monospace;width:100%;box-sizing:border-box}
pre{background:#f4f4f6;padding:.75rem;overflow:auto;white-space:pre-wrap}
textarea{min-height:8rem;padding:.5rem}
button{font:inherit;padding:.5rem 1rem;margin:.5rem .5rem 0 0;cursor:pointer}
.approve{background:#166534;color:#fff;border:0}.reject{background:#991b1b;color:#fff;border:0}
.muted{color:#5b5b66}
</style>
</head>
<body>
<h1>${title}</h1>
${body}
</body>
</html>`;
}

/** A link that cannot be used, and why. */
export function refusalPage(title: string, reason: string): Html {
  return layout(title, html`<p>${reason}</p>`);
}

export function resultPage(decision: string, pending: boolean): Html {
  const title = pending ? "Your vote is recorded" : "Decision recorded";
  const words = pending
    ? `Your vote (${decision}) counts toward the request's quorum; it is decided once enough people have voted.`
    : `The request is ${decision}; the workflow goes on. This link cannot be used again.`;
  return layout(title, html`<p>${words}</p>`);
}

export interface ReviewPage {
  approval: ApprovalRequest;
  assignee: string;
  action: LinkAction;
  /** The form's proof that a POST came from this page. */
  proof: string;
  runInput: unknown;
  workflowName: string | undefined;
}

/** The request as the assignee sees it, with the form the link's action allows. A GET of it decides nothing. */
export function reviewPage({ approval, assignee, action, proof, runInput, workflowName }: ReviewPage): Html {
  const content = JSON.stringify(approval.content, null, 2);
  const note = { approve: " (optional)", reject: "", review: " (required to reject)" }[action];
  const comment = html`<p><label>Comment${note}<br>
<textarea name="comment" maxlength="2000"${action === "reject" ? " required" : ""}></textarea></label></p>`;
  const buttons = {
    approve: html`${comment}<button class="approve" name="decision" value="approved">Approve</button>`,
    reject: html`${comment}<button class="reject" name="decision" value="rejected">Reject</button>`,
    review: html`<p><label>Content (JSON; edit it to approve with changes)<br>
<textarea name="edited">${content}</textarea></label></p>
${comment}
<button class="approve" name="decision" value="approved">Approve as it was</button>
<button class="approve" name="decision" value="edited">Approve with my edits</button>
<button class="reject" name="decision" value="rejected">Reject</button>`,
  }[action];
  return layout(
    "Approval requested",
    html`<p class="muted">${workflowName ?? "A workflow"} · step ${approval.stepName} · for ${assignee}${
      approval.revision > 1 ? ` · revision ${approval.revision}` : ""
    }</p>
${approval.prompt ? html`<h2>${approval.prompt}</h2>` : ""}
<h3>Content</h3>
<pre>${content}</pre>
<h3>Run input</h3>
<pre>${JSON.stringify(runInput, null, 2)}</pre>
<form method="post">
<input type="hidden" name="proof" value="${proof}">
${buttons}
</form>`,
  );
}
