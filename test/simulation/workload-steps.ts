import type { RetryPolicy } from "../../core/domain/retry-policy";
import type { StepDefinition } from "../../core/domain/step";
import { SIM_TOOL } from "./agent-tools";
import { MINUTE } from "./durations";
import { SIM_MODEL } from "./llm";
import { ESCALATION, OTHER_SIGNAL, SIGNAL, VOTERS } from "./people";
import type { Random } from "./random";

type StepKind =
  | "noop"
  | "set_state"
  | "fail"
  | "http"
  | "llm"
  | "agent"
  | "condition"
  | "wait"
  | "external_event"
  | "approval"
  | "parallel"
  | "map"
  | "sub_workflow";

export const STEP_WEIGHTS: Record<StepKind, number> = {
  noop: 2,
  set_state: 1,
  fail: 0.5,
  http: 3,
  llm: 1,
  agent: 1,
  condition: 1,
  wait: 1.5,
  external_event: 1.5,
  approval: 1.5,
  parallel: 0.6,
  map: 0.6,
  sub_workflow: 0.6,
};

/** Inside branches and items: the steps of one list, without conditions or more nesting. */
export const NESTED_WEIGHTS: Record<StepKind, number> = {
  ...STEP_WEIGHTS,
  condition: 0,
  parallel: 0,
  map: 0,
  sub_workflow: 0,
};

/** What a definition may call: the definition its sub_workflow steps run (absent: it has none). */
export interface Callable {
  childDefinitionId?: string;
}

/** Backoffs both under and over the 15 minutes a queue message can be delayed, so both wake-up paths run. */
function retryPolicy(random: Random): RetryPolicy {
  return {
    maxAttempts: random.between(1, 3),
    backoffMs: random.pick([1000, 30_000, 20 * MINUTE]),
    backoffMultiplier: 1,
    maxBackoffMs: 30 * MINUTE,
  };
}

/** Half the human steps wait without a deadline, so some runs end the drain waiting, as they may. */
function timeoutMs(random: Random): number | undefined {
  return random.pick([undefined, undefined, MINUTE, 30 * MINUTE]);
}

export function step(
  random: Random,
  kind: StepKind,
  name: string,
  later: readonly string[],
  earlier: readonly string[],
  callable: Callable,
): StepDefinition {
  switch (kind) {
    case "parallel":
      // Branches run as child runs: joined by all or any, failing, waiting for people, cancelled.
      return {
        type: "parallel",
        name,
        join: random.pick(["all", "any"] as const),
        branches: ["a", "b", "c"].slice(0, random.between(2, 3)).map((branch) => ({
          name: branch,
          steps: nestedSteps(random, `${name}${branch}`),
        })),
        retry: retryPolicy(random),
      };
    case "map":
      return {
        type: "map",
        name,
        itemsKey: "input.items",
        maxConcurrency: random.between(1, 3),
        failureTolerance: random.between(0, 1),
        steps: nestedSteps(random, `${name}i`),
        retry: retryPolicy(random),
      };
    case "sub_workflow":
      if (callable.childDefinitionId === undefined)
        return { type: "task", name, handler: "noop", config: {} };
      return {
        type: "sub_workflow",
        name,
        definitionId: callable.childDefinitionId,
        input: { n: "{{input.n}}", flag: "{{input.flag}}", items: "{{input.items}}" },
        retry: retryPolicy(random),
      };
    case "noop":
      return { type: "task", name, handler: "noop", config: {} };
    case "set_state":
      return { type: "task", name, handler: "set_state", config: { values: { [name]: "{{input.n}}" } } };
    case "fail":
      return { type: "task", name, handler: "fail", config: { error: "boom" }, retry: retryPolicy(random) };
    case "http":
      return {
        type: "task",
        name,
        handler: "http",
        config: { url: "https://effects.example/{{input.n}}", method: "POST", body: { step: name } },
        retry: retryPolicy(random),
      };
    case "llm":
      // Paid calls: each attempt's cost goes to the run and, once, to the workspace's rollups.
      return {
        type: "llm",
        name,
        model: SIM_MODEL,
        messages: [{ role: "user", content: "Say {{input.n}}" }],
        maxToolRounds: 5,
        retry: retryPolicy(random),
      };
    case "agent": {
      // Tool rounds the model asks for, and sometimes fewer turns than they need: the AGENT_MAX_TURNS end.
      const rounds = random.between(1, 3);
      return {
        type: "agent",
        name,
        model: SIM_MODEL,
        messages: [{ role: "user", content: `Look {{input.n}} up. TOOL ROUNDS: ${rounds}` }],
        tools: [{ remoteTool: SIM_TOOL }],
        maxTurns: random.pick([rounds + 1, rounds + 1, rounds]),
        retry: retryPolicy(random),
      };
    }
    case "condition": {
      const [trueStep, falseStep] = later;
      if (trueStep === undefined) return { type: "task", name, handler: "noop", config: {} };
      return {
        type: "condition",
        name,
        expression: "input.flag",
        trueStep,
        falseStep: falseStep ?? trueStep,
      };
    }
    case "wait":
      return { type: "wait", name, durationMs: random.pick([0, 5000, 20 * MINUTE]) };
    case "external_event":
      // Now and then several types, any or all of them (signals sent early wait on the run for the step).
      return random.chance(0.3)
        ? {
            type: "external_event",
            name,
            signalTypes: [SIGNAL, OTHER_SIGNAL],
            mode: random.pick(["any", "all"] as const),
            timeoutMs: timeoutMs(random),
          }
        : { type: "external_event", name, signalType: SIGNAL, timeoutMs: timeoutMs(random) };
    case "approval": {
      const timeout = timeoutMs(random);
      return {
        type: "approval",
        name,
        contentKey: "input",
        timeoutMs: timeout,
        retry: retryPolicy(random),
        // Votes, reminders, an escalation and a deadline's decision race the deciders and each other.
        ...(random.chance(0.4) ? { assignees: [...VOTERS], quorum: { approvals: 2, rejections: 1 } } : {}),
        ...(random.chance(0.5)
          ? {
              reminders: [{ afterMs: random.pick([5000, 20 * MINUTE]) }],
              escalation: { afterMs: random.pick([10_000, 40 * MINUTE]), assignees: [ESCALATION] },
            }
          : {}),
        ...(timeout !== undefined && random.chance(0.5)
          ? { onTimeout: random.pick(["approve", "reject", "fail"] as const) }
          : {}),
        // A rejection (a person's, a quorum's or a deadline's) sends the run back to an earlier step.
        ...(earlier.length > 0 && random.chance(0.4)
          ? {
              onReject: {
                gotoStep: random.pick(earlier),
                feedbackKey: "feedback",
                maxRevisions: random.between(1, 2),
              },
            }
          : {}),
      };
    }
  }
}

/** One or two steps of a branch or an item, named after their parent step (names are definition-wide). */
function nestedSteps(random: Random, prefix: string): StepDefinition[] {
  const names = Array.from({ length: random.between(1, 2) }, (_, i) => `${prefix}${i + 1}`);
  return names.map((name, i) =>
    step(random, random.weighted(NESTED_WEIGHTS), name, [], names.slice(0, i), {}),
  );
}
