import {
  SUPPORT_REQUEST_NOT_FOUND,
  SUPPORT_REQUESTS_PER_DAY,
  SUPPORT_SENT_PRIORITY,
  SUPPORT_SENT_STANDARD,
  type SupportRequestBody,
  type SupportStatus,
  TOO_MANY_SUPPORT_REQUESTS,
} from "../../../common/support";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { Account } from "../../domain/account";
import { NotAllowed, NotFound, TooMany } from "../../domain/errors";
import type { SupportNotices } from "../auth/notices";
import type { BillingService } from "../billing/service";
import { type SupportRequestRow, supportRepository } from "./repository";

const DAY_MS = 86_400_000;

/** An entry in the platform administrator's audit log (the admin area keeps it). */
export type AuditEntry = {
  action: string;
  actorId: string;
  actorName: string;
  targetId: string | null;
  ip: string;
  details: Record<string, unknown>;
};

export type SupportDeps = {
  db: Db;
  billing: Pick<BillingService, "current">;
  notices: SupportNotices;
  audit: (entry: AuditEntry) => Promise<void>;
  now?: () => Date;
};

/**
 * Help's requests to support: a member writes one (its priority from the workspace's plan at
 * that moment), sees their own with the replies; the platform administrator works the queue,
 * priority first, and replies by email.
 */
export function supportService(deps: SupportDeps) {
  const repo = supportRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  return {
    async send(
      account: Account,
      body: { subject: string; message: string },
    ): Promise<{ row: SupportRequestRow; message: string }> {
      const person = account.actor;
      if (!person) throw new NotAllowed("Sign in as a person to write to support");
      const since = new Date(now().getTime() - DAY_MS);
      if ((await repo.countByUserSince(person.id, since)) >= SUPPORT_REQUESTS_PER_DAY)
        throw new TooMany(TOO_MANY_SUPPORT_REQUESTS);
      const { plan } = await deps.billing.current(account.id);
      const priority = plan.access.prioritySupport ? "priority" : "standard";
      const row = await repo.insert({
        workspaceId: account.id,
        userId: person.id,
        email: person.email,
        name: person.fullName || person.username,
        subject: body.subject,
        message: body.message,
        priority,
        planType: plan.id,
        createdAt: now(),
      });
      return { row, message: priority === "priority" ? SUPPORT_SENT_PRIORITY : SUPPORT_SENT_STANDARD };
    },

    listMine(account: Account, page: number, limit: number) {
      if (!account.actor) return Promise.resolve({ rows: [], total: 0 });
      return repo.listMine(account.id, account.actor.id, page, limit);
    },

    queue: (status: SupportStatus, page: number, limit: number) => repo.queue(status, page, limit),

    /** The administrator's reply: kept with the request, emailed to the person, audited. */
    async reply(
      actor: { user: UserRow; ip: string },
      id: string,
      reply: SupportRequestBody["message"],
    ): Promise<SupportRequestRow> {
      const request = await repo.byId(id);
      if (!request) throw new NotFound(SUPPORT_REQUEST_NOT_FOUND);
      const row = await repo.recordReply(id, reply, actor.user.id, now());
      if (!row) throw new NotFound(SUPPORT_REQUEST_NOT_FOUND);
      const delivery = await deps.notices.supportReply(
        { id: row.userId, email: row.email, name: row.name },
        { subject: row.subject, reply, asked: row.message },
      );
      await deps.audit({
        action: "support.replied",
        actorId: actor.user.id,
        actorName: actor.user.username,
        targetId: id,
        ip: actor.ip,
        details: { subject: row.subject, priority: row.priority, delivery },
      });
      return row;
    },
  };
}

export type SupportService = ReturnType<typeof supportService>;
