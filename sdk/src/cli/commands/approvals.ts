import type { Command } from "commander";
import type { ApprovalQuery } from "../../client.js";
import { unwrap } from "../../errors.js";
import { timeoutOption } from "../duration.js";
import { readDocument } from "../input-file.js";
import type { Session } from "../session.js";

type Open = (command: Command) => Promise<Session>;

const COLUMNS = ["id", "stepName", "workflowRunId", "decision", "createdAt"];

export function approvalCommands(program: Command, open: Open): void {
  const approvals = program.command("approvals").description("Approval requests");

  approvals
    .command("list")
    .description("Approval requests, newest first")
    .option("--pending", "only undecided ones")
    .option("--decided", "only decided ones")
    .option("--run <runId>", "only this run's")
    .option(
      "--wait",
      "wait until at least one matches (an approval step asks only once the steps before it are done); " +
        "with --run, exit 8 at once if the run has ended without one",
    )
    .addOption(timeoutOption("with --wait: give up after this long (exit 9)"))
    .action(async (options, command: Command) => {
      const session = await open(command);
      const weft = session.weft();
      const query: ApprovalQuery = {
        ...(options.pending
          ? { pending: "true" as const }
          : options.decided
            ? { pending: "false" as const }
            : {}),
        ...(options.run ? { workflowRunId: options.run as string } : {}),
      };
      const list = options.wait
        ? await weft.waitForApprovals(query, { timeoutMs: options.timeout })
        : unwrap(await weft.api.GET("/v1/approval-requests", { params: { query } }));
      session.out.list(list, COLUMNS);
    });

  approvals
    .command("show <id>")
    .description("One request with its content, and the diff from the previous draft")
    .action(async (id: string, _options, command: Command) => {
      const session = await open(command);
      const params = { path: { id } };
      session.out.item(unwrap(await session.weft().api.GET("/v1/approval-requests/{id}", { params })));
    });

  // The key decides; --as only labels it (docs/approvals.md, "What each path proves").
  const AS = "--as <email>";
  const AS_HELP = "who you act for, kept as decidedBy beside the API key (assigned requests refuse keys)";
  const decided = (verb: string, id: string, decision: { decidedBy: string | null }) =>
    `${verb} ${id}${decision.decidedBy ? ` as ${decision.decidedBy}` : ""}`;

  approvals
    .command("approve <id>")
    .description("Approve the content as it is")
    .option("--comment <text>")
    .option(AS, AS_HELP)
    .action(async (id: string, options, command: Command) => {
      const session = await open(command);
      const data = await session.weft().approve(id, { comment: options.comment, decidedBy: options.as });
      session.out.done(decided("Approved", id, data), data);
    });

  approvals
    .command("reject <id>")
    .description("Reject; the comment goes back to the run when the step sends rejections back for revision")
    .option("--comment <text>")
    .option(AS, AS_HELP)
    .action(async (id: string, options, command: Command) => {
      const session = await open(command);
      const data = await session.weft().reject(id, { comment: options.comment, decidedBy: options.as });
      session.out.done(decided("Rejected", id, data), data);
    });

  approvals
    .command("edit <id> <file>")
    .description("Approve the content of a JSON or YAML file instead of the draft (- reads stdin)")
    .option("--comment <text>")
    .option(AS, AS_HELP)
    .action(async (id: string, file: string, options, command: Command) => {
      const session = await open(command);
      const editedContent = await readDocument(file, session.stdin);
      const data = await session
        .weft()
        .approve(id, { editedContent, comment: options.comment, decidedBy: options.as });
      session.out.done(decided("Approved an edit of", id, data), data);
    });
}
