import { createServer, type Server } from "node:net";

/** Free loopback ports, held open together while chosen so the same port is never handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(servers.map(listenOnAnyPort));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * A free loopback port that is none of `excluded` (a service's own PORT, which the OS may well hand out
 * again once it was released). `choose` is `freePorts` but for the tests, which stand in for the OS.
 */
export async function freePortExcept(excluded: Iterable<number>, choose = freePorts): Promise<number> {
  const refused = new Set(excluded);
  // freePorts' ports are distinct, so of one more than are refused at least one is not refused: no loop.
  const port = (await choose(refused.size + 1)).find((candidate) => !refused.has(candidate));
  if (port === undefined) throw new Error(`no free port other than ${[...refused].join(", ")}`);
  return port;
}

function listenOnAnyPort(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (typeof address === "object" && address) resolve(address.port);
      else reject(new Error("no port assigned"));
    });
  });
}
