import { Empty, StatusBadge } from "../components/status";
import { formatCount, formatTime, formatUsd } from "../format";
import type { RunCost, StepRun } from "../types";

export function RunCostPanel({ cost }: { cost: RunCost | undefined }) {
  return (
    <section class="card" aria-labelledby="cost-title">
      <h2 id="cost-title">Cost</h2>
      {!cost || cost.calls.length === 0 ? (
        <p class="muted">No model calls yet.</p>
      ) : (
        <>
          <p class="big-number" data-testid="run-cost">
            {formatUsd(cost.totalCostUsd)}
            <span class="muted">
              {" "}
              · {formatCount(cost.totalInputTokens)} input / {formatCount(cost.totalOutputTokens)} output
              tokens
            </span>
          </p>
          <table class="table compact">
            <caption class="sr-only">Model calls of this run</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Model</th>
                <th scope="col" class="num">
                  Tokens in / out
                </th>
                <th scope="col" class="num">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {cost.calls.map((call) => (
                <tr>
                  <td data-label="Step">{call.stepName}</td>
                  <td data-label="Model">{call.model}</td>
                  <td data-label="Tokens" class="num">
                    {formatCount(call.inputTokens)} / {formatCount(call.outputTokens)}
                  </td>
                  <td data-label="Cost" class="num">
                    {formatUsd(call.costUsd)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

export function StepsTable({ steps }: { steps: StepRun[] }) {
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">Steps</h2>
      {steps.length === 0 ? (
        <Empty>No step has started yet.</Empty>
      ) : (
        <table class="table">
          <caption class="sr-only">Step runs in the order they started</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col" class="num">
                Attempt
              </th>
              <th scope="col">Started</th>
              <th scope="col">Completed</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step) => (
              <tr key={step.id}>
                <td data-label="Step">
                  {step.stepName}
                  {step.error && <div class="error-text">{step.error}</div>}
                </td>
                <td data-label="Type">{step.stepType}</td>
                <td data-label="Status">
                  <StatusBadge status={step.status} />
                </td>
                <td data-label="Attempt" class="num">
                  {step.attempt}
                </td>
                <td data-label="Started">{formatTime(step.startedAt)}</td>
                <td data-label="Completed">{formatTime(step.completedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
