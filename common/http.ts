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

/** The parts of the service a signed-in person depends on, as the dashboard's System Status shows them. */
export const SYSTEM_PARTS = ["database", "ai", "speech", "telephony", "payments"] as const;
/**
 * ok: working as configured; limited: working in a reduced or test mode (say how); off: not set
 * up on this server; error: set up but failing.
 */
export const PART_STATES = ["ok", "limited", "off", "error"] as const;

export const SystemPart = z.object({
  id: z.enum(SYSTEM_PARTS),
  label: z.string(),
  state: z.enum(PART_STATES),
  detail: z.string(),
});
export type SystemPart = z.infer<typeof SystemPart>;

export const SystemStatus = z.object({
  status: z.enum(["ok", "degraded"]),
  parts: z.array(SystemPart),
});
export type SystemStatus = z.infer<typeof SystemStatus>;
