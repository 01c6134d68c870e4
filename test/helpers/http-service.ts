import { afterAll } from "vitest";
import { listenEarly } from "../../functions/local-http-server";
import { createTestApp, type TestApp } from "./test-app";

/** The test app (real engine and timers, DynamoDB Local) behind a real HTTP port, as clients reach it. */
export async function serveTestApp(env: Record<string, string> = {}): Promise<{ url: string; t: TestApp }> {
  const t = await createTestApp(env, { realTime: true });
  const { server, port, serve } = await listenEarly(0);
  serve(t.app.fetch);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${port}`, t };
}
