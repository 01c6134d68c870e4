import type { AddressInfo } from "node:net";
import {
  createAdaptorServer,
  type Http2Bindings,
  type HttpBindings,
  type ServerType,
} from "@hono/node-server";
import { failure } from "../core/api/envelope";
import { AppError, ErrorCode } from "../core/domain/errors";

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

export interface EarlyHttpServer {
  server: ServerType;
  /** The port bound: PORT, or the one the OS chose when PORT is 0. */
  port: number;
  /** Hands every request from now on to `fetch`. */
  serve(fetch: Fetch): void;
}

/**
 * The local service's HTTP server, listening before the rest of the service exists. Binding PORT first
 * means a PORT in use fails before a JVM is started for nothing, and that PORT is held while DynamoDB
 * Local's port is chosen, so the OS cannot offer it there. Until `serve` is called, every request is
 * answered 503, as /ready answers while the store does not.
 */
export async function listenEarly(port: number): Promise<EarlyHttpServer> {
  let handle: Fetch = startingUp;
  const server = createAdaptorServer({ fetch: (request, env) => handle(request, env) });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    serve: (fetch) => {
      handle = fetch;
    },
  };
}

function startingUp(): Response {
  const error = new AppError(ErrorCode.INTERNAL_ERROR, "Weft is starting; retry shortly", { status: 503 });
  return Response.json(failure(error), { status: 503, headers: { "retry-after": "1" } });
}
