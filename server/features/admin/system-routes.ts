import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BackupList,
  BackupResult,
  EXPORT_KINDS,
  QuickActionRequest,
  QuickActionResult,
} from "../../../common/admin";
import type { UserRow } from "../../db/schema";
import type { BackupService } from "./backups";
import type { AdminExports } from "./exports";
import type { QuickActionService } from "./quick-actions";

/**
 * The admin console's system controls: Backup Now and the
 * backups list, the CSV exports, the quick actions. Platform administrators only (the route walk
 * proves every /api/admin route refuses anyone else), and every action is in the audit log with
 * who, when, from where and what it did.
 */
const ADMIN = { role: "agent", platformAdmin: true } as const;

export type AdminSystem = {
  backups: BackupService;
  exports: AdminExports;
  quickActions: QuickActionService;
  /** Writes one audit-log entry (the admin repository's record). */
  audit: (entry: {
    action: string;
    actorId: string;
    actorName: string;
    targetId: string | null;
    ip: string;
    details: Record<string, unknown>;
  }) => Promise<void>;
};

const ExportParams = z.object({
  kind: z.enum(EXPORT_KINDS, { message: `Export one of: ${EXPORT_KINDS.join(", ")}` }),
});

export const adminSystemRoutes: FastifyPluginAsyncZod<{ system: AdminSystem }> = async (app, { system }) => {
  const audit = (request: { user: UserRow; ip: string }, action: string, details: Record<string, unknown>) =>
    system.audit({
      action,
      actorId: request.user.id,
      actorName: request.user.username,
      targetId: null,
      ip: request.ip,
      details,
    });

  app.post(
    "/api/admin/system/backup",
    { config: ADMIN, schema: { response: { 200: BackupResult } } },
    async (request) => {
      const { backup, manifest } = await system.backups.createManual();
      await audit(request, "backup.created", {
        name: backup.name,
        size: backup.size,
        engine: manifest.engine,
        files: manifest.files,
      });
      return { message: `Backup created: ${backup.name}`, backup };
    },
  );

  app.get(
    "/api/admin/system/backups",
    { config: ADMIN, schema: { response: { 200: BackupList } } },
    async () => ({
      backups: await system.backups.list(),
      frequency: await system.backups.frequency(),
      keep: system.backups.keep,
    }),
  );

  app.get(
    "/api/admin/export/:kind",
    { config: ADMIN, schema: { params: ExportParams } },
    async (request, reply) => {
      const { kind } = request.params;
      const { fileName, stream } = system.exports.export(kind);
      await audit(request, "export.downloaded", { kind, fileName });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  );

  app.post(
    "/api/admin/quick-action",
    { config: ADMIN, schema: { body: QuickActionRequest, response: { 200: QuickActionResult } } },
    async (request) => {
      const { action, confirm } = request.body;
      const result = await system.quickActions.run(action, confirm === true);
      // An unconfirmed clean-up only looked: it changed nothing, so it is not an action taken.
      if (action !== "cleanup-inactive" || confirm === true)
        await audit(request, "quick_action.ran", {
          action,
          affected: result.affected,
          items: result.items ?? [],
          ...(action === "cleanup-inactive" ? { confirmed: confirm === true } : {}),
        });
      return result;
    },
  );
};
