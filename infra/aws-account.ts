/**
 * Where this stage is deployed: the account the Scheduler's trust conditions name, and the ARNs no
 * resource hands out (the schedules inside a group, the Scheduler's default group).
 */
const partition = aws.getPartitionOutput().partition;
const region = aws.getRegionOutput().region;
export const accountId = aws.getCallerIdentityOutput().accountId;

const scheduler = $interpolate`arn:${partition}:scheduler:${region}:${accountId}`;

export const scheduleGroupArn = (group: $util.Input<string>) =>
  $interpolate`${scheduler}:schedule-group/${group}`;

/** Every schedule in the group: their names are made at run time, one per wake-up. */
export const schedulesInGroupArn = (group: $util.Input<string>) =>
  $interpolate`${scheduler}:schedule/${group}/*`;
