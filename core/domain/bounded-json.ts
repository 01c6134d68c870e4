import * as z from "zod";
import { jsonBytes } from "./json-bounds";

/**
 * A JSON object of at most `maxBytes` as JSON text. Bodies reach zod only after the edge has bounded their
 * depth (core/api/middleware/body-size.ts), so measuring by stringifying is safe here.
 */
export function boundedJsonObject(maxBytes: number) {
  return z.record(z.string(), z.unknown()).refine((value) => jsonBytes(value) <= maxBytes, {
    message: `must be at most ${maxBytes} bytes of JSON`,
  });
}
