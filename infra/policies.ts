import { SCHEDULER_ROLE_ACTIONS, SCHEDULER_SERVICE } from "./settings";

/**
 * Who may assume a Scheduler role: the Scheduler, and only for a schedule of this account in the role's
 * own schedule group (AWS's confused-deputy guidance for the Scheduler names the group, not a schedule).
 * Built from plain ARNs, as the role policy below, so the tests read the documents the deploy writes.
 */
export function schedulerTrustPolicy(accountId: string, scheduleGroupArn: string) {
  return {
    Version: "2012-10-17",
    Statement: [
      {
        Effect: "Allow",
        Principal: { Service: SCHEDULER_SERVICE },
        Action: "sts:AssumeRole",
        Condition: {
          StringEquals: { "aws:SourceAccount": accountId },
          ArnEquals: { "aws:SourceArn": scheduleGroupArn },
        },
      },
    ],
  };
}

/** What the engine's Scheduler role may do: deliver to the step queue, nothing else. */
export function schedulerDeliveryPolicy(stepQueueArn: string) {
  return {
    Version: "2012-10-17",
    Statement: [{ Effect: "Allow", Action: [...SCHEDULER_ROLE_ACTIONS], Resource: stepQueueArn }],
  };
}
