import { stepQueue } from "./queues";
import { SCHEDULER_ROLE_ACTIONS } from "./settings";

/**
 * EventBridge Scheduler: a group for the one-shot wake-up schedules of this stage, and the role the
 * Scheduler assumes to deliver them, allowed only to send to the step queue.
 */
export const scheduleGroup = new aws.scheduler.ScheduleGroup("Schedules", {
  name: `${$app.name}-${$app.stage}`,
});

export const schedulerRole = new aws.iam.Role("SchedulerRole", {
  assumeRolePolicy: JSON.stringify({
    Version: "2012-10-17",
    Statement: [
      { Effect: "Allow", Principal: { Service: "scheduler.amazonaws.com" }, Action: "sts:AssumeRole" },
    ],
  }),
  inlinePolicies: [
    {
      name: "send-to-step-queue",
      policy: stepQueue.arn.apply((arn) =>
        JSON.stringify({
          Version: "2012-10-17",
          Statement: [{ Effect: "Allow", Action: [...SCHEDULER_ROLE_ACTIONS], Resource: arn }],
        }),
      ),
    },
  ],
});
