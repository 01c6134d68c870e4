import * as z from "zod";
import type { AppError } from "../domain/errors";

/** The response envelope of spec section 1, as schemas (for OpenAPI) and as builders (for handlers). */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const PageMeta = z
  .object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: "PageMeta" });
export type PageMeta = z.infer<typeof PageMeta>;

export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), meta: PageMeta });

export const ErrorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.string().meta({ description: "One of the codes of the error table" }),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: "ErrorEnvelope" });

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export function failure(error: Pick<AppError, "code" | "message" | "details">) {
  return {
    success: false as const,
    error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
}
