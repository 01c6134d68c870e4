import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { CreateKeyCommand, KMSClient, ScheduleKeyDeletionCommand } from "@aws-sdk/client-kms";
import {
  CreateScheduleGroupCommand,
  DeleteScheduleGroupCommand,
  ListSchedulesCommand,
  SchedulerClient,
} from "@aws-sdk/client-scheduler";
import {
  CreateQueueCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { ensureTable } from "../../core/adapters/dynamodb/table/create-table";
import { createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";

/**
 * The deployment's resources, made with the SDK on an AWS endpoint (LocalStack) for one test file, under
 * names unique to it, the way infra/ declares them: a pay-per-request table with its indexes and TTL, a step
 * and a run-event queue each with a DLQ after `maxReceiveCount` receives, a schedule group, a KMS key.
 */
export interface AwsResources {
  tableName: string;
  stepQueue: { url: string; arn: string };
  stepDlq: { url: string; arn: string };
  runEventQueue: { url: string; arn: string };
  runEventDlq: { url: string; arn: string };
  scheduleGroup: string;
  /** Not created: LocalStack does not enforce IAM, and the suite has no IAM client; AWS would need the role. */
  schedulerRoleArn: string;
  kmsKeyId: string;
  /** Schedules still in the group (the engine's are deleted when their run moves on). */
  pendingSchedules(): Promise<string[]>;
  destroy(): Promise<void>;
}

export interface AwsEndpoint {
  endpoint: string;
  region: string;
}

const credentials = { accessKeyId: "local", secretAccessKey: "local" };

export function endpointClients({ endpoint, region }: AwsEndpoint) {
  const config = { region, endpoint, credentials };
  return {
    dynamo: createDynamoClient({ region, endpoint }),
    sqs: new SQSClient(config),
    scheduler: new SchedulerClient(config),
    kms: new KMSClient(config),
  };
}

export async function createAwsResources(
  at: AwsEndpoint,
  prefix: string,
  queues: { visibilityTimeoutSeconds: number; maxReceiveCount: number },
): Promise<AwsResources> {
  const clients = endpointClients(at);
  const tableName = `${prefix}-table`;
  await ensureTable(clients.dynamo, tableName);

  const createQueue = async (name: string, attributes: Record<string, string> = {}) => {
    const created = await clients.sqs.send(
      new CreateQueueCommand({ QueueName: name, Attributes: attributes }),
    );
    if (!created.QueueUrl) throw new Error(`CreateQueue ${name} returned no URL`);
    const { Attributes } = await clients.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: created.QueueUrl, AttributeNames: ["QueueArn"] }),
    );
    if (!Attributes?.QueueArn) throw new Error(`Queue ${name} has no ARN`);
    return { url: created.QueueUrl, arn: Attributes.QueueArn };
  };
  const withDlq = async (name: string) => {
    const dlq = await createQueue(`${name}-dlq`);
    const queue = await createQueue(name, {
      VisibilityTimeout: String(queues.visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: dlq.arn,
        maxReceiveCount: String(queues.maxReceiveCount),
      }),
    });
    return { queue, dlq };
  };
  const step = await withDlq(`${prefix}-steps`);
  const runEvent = await withDlq(`${prefix}-run-events`);

  const scheduleGroup = `${prefix}-schedules`;
  await clients.scheduler.send(new CreateScheduleGroupCommand({ Name: scheduleGroup }));
  const key = await clients.kms.send(new CreateKeyCommand({ Description: `${prefix}: stored secrets` }));
  // The functions get the key's ARN, as infra/engine-access.ts gives them; deletion takes its id.
  const kmsKeyId = key.KeyMetadata?.Arn ?? key.KeyMetadata?.KeyId;
  const keyIdOnly = key.KeyMetadata?.KeyId ?? kmsKeyId;
  if (!kmsKeyId) throw new Error("CreateKey returned no key");
  const account = step.queue.arn.split(":")[4] ?? "000000000000";

  return {
    tableName,
    stepQueue: step.queue,
    stepDlq: step.dlq,
    runEventQueue: runEvent.queue,
    runEventDlq: runEvent.dlq,
    scheduleGroup,
    schedulerRoleArn: `arn:aws:iam::${account}:role/${prefix}-scheduler`,
    kmsKeyId,
    async pendingSchedules() {
      const listed = await clients.scheduler.send(new ListSchedulesCommand({ GroupName: scheduleGroup }));
      return (listed.Schedules ?? []).map((schedule) => schedule.Name ?? "");
    },
    async destroy() {
      // Best effort, each on its own: one failure must not leave the rest behind.
      await Promise.allSettled([
        clients.dynamo.send(new DeleteTableCommand({ TableName: tableName })),
        ...[step.queue, step.dlq, runEvent.queue, runEvent.dlq].map((queue) =>
          clients.sqs.send(new DeleteQueueCommand({ QueueUrl: queue.url })),
        ),
        clients.scheduler.send(new DeleteScheduleGroupCommand({ Name: scheduleGroup })),
        clients.kms.send(new ScheduleKeyDeletionCommand({ KeyId: keyIdOnly, PendingWindowInDays: 7 })),
      ]);
      for (const client of Object.values(clients)) client.destroy();
    },
  };
}
