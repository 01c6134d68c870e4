import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:integration`: the whole service through its Lambda handlers and AWS adapters, against an
 * AWS endpoint (AWS_ENDPOINT_URL, or LocalStack on its default port) or, without one, DynamoDB Local with
 * local stand-ins for SQS, EventBridge Scheduler and KMS. The files end in .integration.ts, so the unit
 * suite (test/vitest.config.ts, *.test.ts) does not pick them up.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["test/integration/**/*.integration.ts"],
    globalSetup: ["test/integration/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
