import { type Command, Option } from "commander";
import type { WaitOptions, WeftClient } from "../../client.js";
import { unwrap } from "../../errors.js";
import type { WorkflowRun, WorkflowRunWithSteps } from "../../schema.js";
import { describeEnd, RUN_STATUSES } from "../../statuses.js";
import { timeoutOption } from "../duration.js";
import { EXIT, ExitWith } from "../exit-codes.js";
import { parseJsonOption, readDocument } from "../input-file.js";
import { instantOption } from "../instant.js";
import type { Session } from "../session.js";

type Open = (command: Command) => Promise<Session>;
type Status = WorkflowRun["status"];

const STATUSES: Status[] = [...RUN_STATUSES];
const RUN_COLUMNS = ["id", "status", "definitionId", "currentStepName", "createdAt"];

const untilOption = () =>
  new Option(
    "--until <status...>",
    "also stop waiting at these statuses (PAUSED: an approval is pending)",
  ).choices(STATUSES);
const WAIT_TIMEOUT = "give up waiting after this long (exit 9)";

function waitOptions(options: { until?: Status[]; timeout: number }): WaitOptions {
  return { until: options.until, timeoutMs: options.timeout };
}

/** Prints the run it waited for; a run that stopped other than COMPLETED ends the command with exit 8. */
function reportWaited(session: Session, run: WorkflowRunWithSteps, wait: WaitOptions): void {
  session.out.item(run);
  const stoppedAsAsked = wait.until?.includes(run.status) ?? false;
  if (run.status !== "COMPLETED" && !stoppedAsAsked) {
    throw new ExitWith(EXIT.runNotCompleted, `run ${run.id} ${describeEnd(run)}`);
  }
}

async function payloadOf(session: Session, options: { payload?: string; payloadFile?: string }) {
  if (options.payloadFile) return readDocument(options.payloadFile, session.stdin);
  return options.payload ? parseJsonOption("--payload", options.payload) : {};
}

async function inputOf(session: Session, options: { input?: string; inputFile?: string }) {
  if (options.inputFile) return readDocument(options.inputFile, session.stdin);
  return options.input ? parseJsonOption("--input", options.input) : undefined;
}

async function allRuns(weft: WeftClient, query: Record<string, string | undefined>) {
  const runs: WorkflowRun[] = [];
  for await (const run of weft.pages((page) =>
    weft.api.GET("/v1/workflow-runs", { params: { query: { ...query, page, pageSize: 100 } } }),
  )) {
    runs.push(run);
  }
  return runs;
}

export function runCommands(program: Command, open: Open): void {
  const runs = program.command("runs").description("Workflow runs");

  runs
    .command("start <definitionId>")
    .description("Start a run; prints its id, or with --wait the run once it stops")
    .option("--input <json>", "the run's input, a JSON object")
    .option("--input-file <file>", "the run's input from a JSON or YAML file (- reads stdin)")
    .option("--idempotency-key <key>", "a second start with the same key returns the first run")
    .option("--started-by <email>", "who starts it, for approvals that refuse the requester")
    .option("--wait", "wait until the run stops (exit 8 unless COMPLETED)")
    .addOption(untilOption())
    .addOption(timeoutOption(WAIT_TIMEOUT))
    .action(async (definitionId: string, options, command: Command) => {
      const session = await open(command);
      const body = {
        definitionId,
        input: (await inputOf(session, options)) ?? {},
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
        ...(options.startedBy ? { startedBy: options.startedBy } : {}),
      };
      const weft = session.weft();
      const run = unwrap(await weft.api.POST("/v1/workflow-runs", { body }));
      if (!options.wait && !options.until) {
        session.out.done(run.id, run);
        return;
      }
      const wait = waitOptions(options);
      reportWaited(session, await weft.waitForRun(run.id, wait), wait);
    });

  runs
    .command("wait <id>")
    .description("Wait until the run stops (exit 8 unless COMPLETED) or reaches an --until status")
    .addOption(untilOption())
    .addOption(timeoutOption(WAIT_TIMEOUT))
    .action(async (id: string, options, command: Command) => {
      const session = await open(command);
      const wait = waitOptions(options);
      reportWaited(session, await session.weft().waitForRun(id, wait), wait);
    });

  runs
    .command("list")
    .description("Runs, newest first")
    .addOption(new Option("--status <status>").choices(STATUSES))
    .option("--definition <id>", "only runs of this definition")
    .option("--supersession-key <key>")
    .option("--since <when>", "only runs created since: an age (24h, 7d), a date or an ISO timestamp")
    .option("--before <when>", "only runs created before: same forms as --since")
    .option("--page <n>", "page number", "1")
    .option("--page-size <n>", "runs per page", "20")
    .option("--all", "every page")
    .action(async (options, command: Command) => {
      const session = await open(command);
      const weft = session.weft();
      const query = {
        status: options.status as Status | undefined,
        definitionId: options.definition as string | undefined,
        supersessionKey: options.supersessionKey as string | undefined,
        createdAfter: options.since === undefined ? undefined : instantOption("--since", options.since),
        createdBefore: options.before === undefined ? undefined : instantOption("--before", options.before),
      };
      const list = options.all
        ? await allRuns(weft, query)
        : unwrap(
            await weft.api.GET("/v1/workflow-runs", {
              params: { query: { ...query, page: Number(options.page), pageSize: Number(options.pageSize) } },
            }),
          );
      session.out.list(list, RUN_COLUMNS);
    });

  runs
    .command("show <id>")
    .description("One run with its steps")
    .action(async (id: string, _options, command: Command) => {
      const session = await open(command);
      session.out.item(await session.weft().getRun(id));
    });

  runs
    .command("events <id>")
    .description("The run's events, oldest first")
    .action(async (id: string, _options, command: Command) => {
      const session = await open(command);
      const weft = session.weft();
      const events = [];
      for await (const event of weft.pages((page) =>
        weft.api.GET("/v1/workflow-runs/{id}/events", {
          params: { path: { id }, query: { page, pageSize: 100 } },
        }),
      )) {
        events.push(event);
      }
      session.out.list(events, ["createdAt", "eventType", "stepRunId", "payload"]);
    });

  runs
    .command("tail <id>")
    .description("Follow the run's events live until it stops (exit 8 unless COMPLETED)")
    .option("--after <n>", "start after this event number (default: from the first)", "0")
    .action(async (id: string, options, command: Command) => {
      const session = await open(command);
      for await (const message of session.weft().follow(id, { lastEventId: Number(options.after) })) {
        if (message.kind === "event") {
          const { createdAt, eventType, payload } = message.event;
          const step = typeof payload.stepName === "string" ? ` ${payload.stepName}` : "";
          session.out.line(`${createdAt} ${eventType}${step}`, message);
        } else if (message.kind === "token") {
          session.out.line(`  ${message.stepName}: ${message.delta}`, message);
        } else {
          session.out.line(`end ${message.status}`, message);
          if (message.status !== "COMPLETED")
            throw new ExitWith(EXIT.runNotCompleted, `run ${id} ended ${message.status}`);
        }
      }
    });

  runs
    .command("transcript <id>")
    .description("An agent step's conversation: each turn's answer and tool calls, and their results")
    .option("--step <name>", "the agent step (default: the run's last one)")
    .action(async (id: string, options, command: Command) => {
      const session = await open(command);
      const weft = session.weft();
      const agents = (await weft.getRun(id)).steps.filter(
        (step) => step.stepType === "agent" && (options.step === undefined || step.stepName === options.step),
      );
      const step = agents.at(-1);
      if (!step) {
        const named = options.step === undefined ? "" : ` named ${options.step}`;
        throw new ExitWith(EXIT.notFound, `run ${id} has no agent step${named}`);
      }
      const params = { path: { id, stepRunId: step.id } };
      const transcript = unwrap(
        await weft.api.GET("/v1/workflow-runs/{id}/steps/{stepRunId}/transcript", { params }),
      );
      if (session.out.json) {
        session.out.item(transcript);
        return;
      }
      let turn = 0;
      for (const message of transcript.messages) {
        if (message.role === "assistant") {
          turn += 1;
          session.out.line(`turn ${turn}: ${message.content}`, message);
          for (const call of message.toolCalls ?? [])
            session.out.line(`  calls ${call.name} ${JSON.stringify(call.arguments)}`, call);
        } else if (message.role === "tool") {
          session.out.line(`  ${message.toolName} returned ${message.content}`, message);
        }
      }
      session.out.line(`${transcript.turns} turns`, transcript);
    });

  for (const [name, description] of [
    ["cancel", "Cancel a live run"],
    ["retry", "Restart a FAILED run from its failed step"],
  ] as const) {
    runs
      .command(`${name} <id>`)
      .description(description)
      .action(async (id: string, _options, command: Command) => {
        const session = await open(command);
        const params = { path: { id } };
        const api = session.weft().api;
        const data =
          name === "cancel"
            ? unwrap(await api.POST("/v1/workflow-runs/{id}/cancel", { params }))
            : unwrap(await api.POST("/v1/workflow-runs/{id}/retry", { params }));
        session.out.done(`${name === "cancel" ? "Cancelled" : "Retrying"} ${id}`, data);
      });
  }

  runs
    .command("rerun <id>")
    .description("Start a new run from a step of this one, reusing the outputs of the steps before it")
    .requiredOption("--from <step>", "the step the new run starts at")
    .option("--definition <id>", "another version of the same workflow to run on")
    .option("--input <json>", "the new run's input (default: this run's)")
    .option("--input-file <file>", "the new run's input from a JSON or YAML file (- reads stdin)")
    .option("--idempotency-key <key>")
    .action(async (id: string, options, command: Command) => {
      const session = await open(command);
      const input = await inputOf(session, options);
      const body = {
        fromStep: options.from as string,
        ...(options.definition ? { definitionId: options.definition as string } : {}),
        ...(input ? { input } : {}),
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey as string } : {}),
      };
      const params = { path: { id } };
      const run = unwrap(await session.weft().api.POST("/v1/workflow-runs/{id}/rerun", { params, body }));
      session.out.done(run.id, run);
    });

  runs
    .command("upgrade <id>")
    .description("Move a live run to another version of its workflow, if compatible (exit 5 when not)")
    .requiredOption("--definition <id>", "the version to move to")
    .option("--dry-run", "only check, and report")
    .action(async (id: string, options, command: Command) => {
      const session = await open(command);
      const body = { definitionId: options.definition as string, dryRun: options.dryRun === true };
      const params = { path: { id } };
      const report = unwrap(
        await session.weft().api.POST("/v1/workflow-runs/{id}/upgrade", { params, body }),
      );
      session.out.item(report);
      if (report.outcome === "incompatible")
        throw new ExitWith(EXIT.conflict, `run ${id} cannot move to ${body.definitionId}`);
    });

  runs
    .command("signal <id> <signalType>")
    .description("Send a signal: taken by the step waiting for its type, or kept until one does")
    .option("--payload <json>", "the signal's payload, a JSON object")
    .option("--payload-file <file>", "the payload from a JSON or YAML file (- reads stdin)")
    .option("--id <signalId>", "makes sending idempotent: a repeated id is applied once")
    .action(async (id: string, signalType: string, options, command: Command) => {
      const session = await open(command);
      const data = await session.weft().signal(id, signalType, await payloadOf(session, options), options.id);
      session.out.done(`Signal ${signalType} ${data.status}`, data);
    });
}
