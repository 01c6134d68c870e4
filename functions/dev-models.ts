import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createDevModelApp, devModelBaseUrls } from "../core/adapters/local/dev-model/app";
import type { Config } from "../core/config";

/** The key the SDKs send to the development model, which accepts any: no real key is needed or used. */
export const DEV_MODEL_KEY = "dev-model-key";

export interface DevModels {
  /** The service's settings with every provider pointed at the development model, when DEV_MODELS is on. */
  config: Config;
  close(): Promise<void>;
}

/**
 * With DEV_MODELS on, serves the development model on a loopback port chosen by the OS and points the three
 * providers' base URLs and server keys at it, so every llm step, replay and dry run reaches it through the
 * official SDKs as it would a provider. A workspace's stored keys still go with its calls, to the
 * development model. Off, the settings are returned as they are.
 */
export async function startDevModels(config: Config): Promise<DevModels> {
  if (!config.DEV_MODELS) return { config, close: async () => {} };
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: createDevModelApp().fetch, hostname: "127.0.0.1", port: 0 }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    config: {
      ...config,
      ...devModelBaseUrls(`http://127.0.0.1:${port}`),
      OPENAI_API_KEY: DEV_MODEL_KEY,
      ANTHROPIC_API_KEY: DEV_MODEL_KEY,
      GOOGLE_API_KEY: DEV_MODEL_KEY,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
