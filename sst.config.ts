/// <reference path="./.sst/platform/config.d.ts" />

/**
 * `sst deploy --stage NAME`. Resources are declared in infra/, one file per concern, imported in order so
 * each can use what the previous ones export. Every stage outside EPHEMERAL_STAGES (infra/settings.ts)
 * keeps its data when removed and refuses `sst remove` until unprotected.
 */
export default $config({
  async app(input) {
    // SST evaluates app() without its globals and refuses top-level imports here; a dynamic one is bundled.
    const { isEphemeralStage } = await import("./infra/stage");
    const ephemeral = isEphemeralStage(input.stage);
    return {
      name: "weft",
      home: "aws",
      removal: ephemeral ? "remove" : "retain",
      protect: !ephemeral,
    };
  },
  async run() {
    const { execSync } = await import("node:child_process");
    // The API function copies the built dashboard (git-ignored dist/dashboard) into its package, and SST
    // reads copyFiles as soon as the function is declared; its only build hook, postbuild, comes later. So
    // the build runs here first, the way SST's own examples build what a function needs inside run(),
    // which SST runs from the project root. It skips itself when its sources are unchanged; a failure
    // stops the deploy with the build's own message.
    execSync("npm run build:dashboard --silent", { stdio: "pipe" });

    await import("./infra/table");
    await import("./infra/kms");
    await import("./infra/blobs");
    await import("./infra/queues");
    await import("./infra/scheduler");
    const { api } = await import("./infra/api");
    await import("./infra/worker");
    await import("./infra/run-events");
    await import("./infra/alarms");
    await import("./infra/dashboard");
    return { apiUrl: api.url };
  },
});
