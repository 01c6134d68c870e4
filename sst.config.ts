/// <reference path="./.sst/platform/config.d.ts" />

/**
 * `sst deploy --stage NAME`. Resources are declared in infra/, one file per concern, imported in order so
 * each can use what the previous ones export. Production stages keep their data when removed.
 */
export default $config({
  app(input) {
    return {
      name: "weft",
      home: "aws",
      removal: input?.stage === "production" ? "retain" : "remove",
      protect: input?.stage === "production",
    };
  },
  async run() {
    await import("./infra/table");
    await import("./infra/kms");
    await import("./infra/queues");
    await import("./infra/scheduler");
    await import("./infra/worker");
    const { api } = await import("./infra/api");
    const { subscribeWebhookWorker } = await import("./infra/webhooks");
    await subscribeWebhookWorker();
    return { apiUrl: api.url };
  },
});
