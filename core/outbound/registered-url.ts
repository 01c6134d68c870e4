import { ValidationError } from "../domain/errors";
import { OutboundUrlRefused } from "./outbound-errors";
import { checkOutboundUrl } from "./url-guard";

/**
 * The URL of a webhook or remote tool being registered, trimmed. It must pass the outbound guard's rules
 * now (https, no credentials, no forbidden IP literal, no local host name such as `localhost.`), so a bad
 * one is a 400 on the `url` field rather than a failure at every later call; other host names are resolved
 * and checked when the connection is made.
 */
export function registeredUrl(rawUrl: string, options: { allowPrivate: boolean }): string {
  const url = rawUrl.trim();
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
