import { ValidationError } from "../domain/errors";
import { loadOnce } from "../domain/load-once";
import { OutboundUrlRefused } from "./outbound-errors";

/** The guard's rules with ipaddr.js, imported on a process's first registration, not at the API's cold start. */
const urlGuard = loadOnce(() => import("./url-guard"));

/**
 * The URL of a webhook or remote tool being registered, trimmed. It must pass the outbound guard's rules
 * now (https, no credentials, no forbidden IP literal, no local host name such as `localhost.`), so a bad
 * one is a 400 on the `url` field rather than a failure at every later call; other host names are resolved
 * and checked when the connection is made.
 */
export async function registeredUrl(rawUrl: string, options: { allowPrivate: boolean }): Promise<string> {
  const url = rawUrl.trim();
  const { checkOutboundUrl } = await urlGuard();
  try {
    checkOutboundUrl(url, options);
  } catch (error) {
    if (!(error instanceof OutboundUrlRefused)) throw error;
    throw new ValidationError(`Request body is invalid: url: ${error.reason}`, {
      details: { issues: [{ path: "url", message: error.reason }] },
    });
  }
  return url;
}
