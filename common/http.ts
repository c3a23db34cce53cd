import { z } from "zod";

/** Every error the API sends has this shape. */
export const ErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Health = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ status: z.enum(["ok", "error"]), engine: z.enum(["pglite", "postgres"]) }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof Health>;
