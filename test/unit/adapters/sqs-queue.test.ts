import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { mockClient } from "aws-sdk-client-mock";
import { beforeEach, describe, expect, it } from "vitest";
import { SqsQueue } from "../../../core/adapters/aws/sqs-queue";
import { runDoorbell } from "../../../core/domain/run-messages";
import { MAX_QUEUE_DELAY_MS } from "../../../core/ports/queue";

const queueUrl = "https://sqs.eu-west-1.amazonaws.com/123456789012/weft-steps";
const client = new SQSClient({
  region: "eu-west-1",
  credentials: { accessKeyId: "x", secretAccessKey: "x" },
});
const sqs = mockClient(client);
const queue = new SqsQueue({ client, queueUrl });
const doorbell = runDoorbell("wsp_1", "run_1");

function sentInputs() {
  return sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input);
}

describe("SqsQueue.send", () => {
  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageCommand).resolves({ MessageId: "m-1" });
  });

  it("sends the message as a JSON body with no delay by default", async () => {
    await queue.send(doorbell);

    expect(sentInputs()).toEqual([
      {
        QueueUrl: queueUrl,
        MessageBody: '{"type":"run.advance","workspaceId":"wsp_1","runId":"run_1"}',
        MessageGroupId: "wsp_1",
        DelaySeconds: 0,
      },
    ]);
  });

  it("names the message's workspace as its tenant (MessageGroupId), delayed or not, priority kept in the body", async () => {
    await queue.send(runDoorbell("wsp_2", "run_9", 8), { delayMs: 2000 });

    expect(sentInputs()[0]).toMatchObject({
      MessageGroupId: "wsp_2",
      MessageBody: '{"type":"run.advance","workspaceId":"wsp_2","runId":"run_9","priority":8}',
      DelaySeconds: 2,
    });
  });

  it.each([
    [0, 0],
    [1, 1],
    [999, 1],
    [1000, 1],
    [1001, 2],
    [61_500, 62],
    [MAX_QUEUE_DELAY_MS, 900],
    [-5000, 0],
  ])("rounds a delay of %i ms up to %i s", async (delayMs, seconds) => {
    await queue.send(doorbell, { delayMs });

    expect(sentInputs()[0]?.DelaySeconds).toBe(seconds);
  });

  it.each([MAX_QUEUE_DELAY_MS + 1, 3_600_000, Number.NaN])(
    "refuses a delay of %d ms without sending",
    async (delayMs) => {
      await expect(queue.send(doorbell, { delayMs })).rejects.toBeInstanceOf(RangeError);
      expect(sentInputs()).toEqual([]);
    },
  );

  it("propagates SQS errors", async () => {
    sqs.on(SendMessageCommand).rejects(new Error("throttled"));

    await expect(queue.send(doorbell)).rejects.toThrow("throttled");
  });
});
