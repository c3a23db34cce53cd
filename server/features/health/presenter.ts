import type { Health } from "../../../common/http";

/** The public health answer: whether the server and its database answer, and nothing more. */
export function presentHealth(input: {
  databaseOk: boolean;
  version: string;
  engine: Health["database"]["engine"];
  uptimeSeconds: number;
}): Health {
  return {
    status: input.databaseOk ? "ok" : "degraded",
    version: input.version,
    database: { status: input.databaseOk ? "ok" : "error", engine: input.engine },
    uptimeSeconds: input.uptimeSeconds,
  };
}
