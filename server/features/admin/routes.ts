import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AddUserRequest,
  AddUserResponse,
  AdminCallListQuery,
  AdminSessionList,
  AdminSessionListQuery,
  AdminSetPlanRequest,
  AdminStats,
  AdminUserActionParams,
  AdminUserActionResult,
  AdminUserIdParams,
  AdminUserList,
  AdminUserListQuery,
  AuditList,
  AuditListQuery,
  BulkUserActionRequest,
  BulkUserActionResult,
  SystemCallList,
} from "../../../common/admin";
import { EnquiryIdParams, EnquiryStatusRequest, EnterpriseEnquiry } from "../../../common/enterprise";
import { planFor } from "../../../common/plans";
import { KeepDataUntilRequest } from "../../../common/retention";
import { presentEnquiry } from "../enterprise/presenter";
import { presentSystemCall } from "./calls-presenter";
import { presentAdminUser, presentAuditEntry } from "./presenter";
import type { AdminActor, AdminService } from "./service";

/**
 * The platform administrator's API (Admin). Every route is
 * `platformAdmin: true`: the guard refuses anyone whose users.role is not admin with 403, and
 * the route walk proves it. The workspace role is the least (agent): an administrator's own
 * workspace role says nothing about the platform.
 */
const ADMIN = { role: "agent", platformAdmin: true } as const;

export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  const actor = (request: { user: AdminActor["user"]; ip: string }): AdminActor => ({
    user: request.user,
    ip: request.ip,
  });

  app.get("/api/admin/stats", { config: ADMIN, schema: { response: { 200: AdminStats } } }, (request) =>
    admin.stats(request.account.timezone),
  );

  app.get(
    "/api/admin/users",
    { config: ADMIN, schema: { querystring: AdminUserListQuery, response: { 200: AdminUserList } } },
    async (request) => {
      const { rows, total } = await admin.listUsers(request.query);
      const now = admin.now();
      return {
        users: rows.map((row) => presentAdminUser(row, now)),
        total,
        page: request.query.page,
        limit: request.query.limit,
      };
    },
  );

  /** Suspend, activate, or delete with all the person's data: each ends the sessions it must. */
  app.post(
    "/api/admin/users/:id/:action",
    { config: ADMIN, schema: { params: AdminUserActionParams, response: { 200: AdminUserActionResult } } },
    async (request) => {
      const { id, action } = request.params;
      if (action === "delete") {
        const { username, sessionsEnded } = await admin.delete(actor(request), id);
        return { message: `${username} deleted`, sessionsEnded };
      }
      let sessionsEnded = 0;
      if (action === "suspend") sessionsEnded = await admin.suspend(actor(request), id);
      else await admin.activate(actor(request), id);
      const user = presentAdminUser(await admin.userById(id), admin.now());
      const verb = action === "suspend" ? "suspended" : "activated";
      return { message: `${user.username} ${verb}`, user, sessionsEnded };
    },
  );

  /**
   * Keep the data of the workspace the person owns until a day (or no longer: null), past the
   * Terms' days after its subscription ended.
   */
  app.put(
    "/api/admin/users/:id/keep-data-until",
    {
      config: ADMIN,
      schema: {
        params: AdminUserIdParams,
        body: KeepDataUntilRequest,
        response: { 200: AdminUserActionResult },
      },
    },
    async (request) => {
      const { keepDataUntil } = request.body;
      const user = presentAdminUser(
        await admin.keepDataUntil(actor(request), request.params.id, keepDataUntil),
        admin.now(),
      );
      const message = keepDataUntil
        ? `${user.username}'s data is kept until ${keepDataUntil}`
        : `${user.username}'s data is no longer kept past the Terms' period`;
      return { message, user, sessionsEnded: 0 };
    },
  );

  /** The plan of the workspace the person owns, listed or enterprise; audited. */
  app.put(
    "/api/admin/users/:id/plan",
    {
      config: ADMIN,
      schema: {
        params: AdminUserIdParams,
        body: AdminSetPlanRequest,
        response: { 200: AdminUserActionResult },
      },
    },
    async (request) => {
      const row = await admin.setPlan(actor(request), request.params.id, request.body.planId);
      const user = presentAdminUser(row, admin.now());
      return {
        message: `${user.username} is on the ${planFor(request.body.planId).name} plan now`,
        user,
        sessionsEnded: 0,
      };
    },
  );

  /** Sales' follow-up of a contact-sales enquiry: new, contacted, won or lost; audited. */
  app.patch(
    "/api/admin/enterprise-enquiries/:id",
    {
      config: ADMIN,
      schema: { params: EnquiryIdParams, body: EnquiryStatusRequest, response: { 200: EnterpriseEnquiry } },
    },
    async (request) =>
      presentEnquiry(await admin.setEnquiryStatus(actor(request), request.params.id, request.body.status)),
  );

  /** Add User: an account made the sign-up's way, and a one-time sign-in link to hand over. */
  app.post(
    "/api/admin/users",
    { config: ADMIN, schema: { body: AddUserRequest, response: { 201: AddUserResponse } } },
    async (request, reply) => {
      const linkBase = admin.publicUrl ?? `${request.protocol}://${request.host}`;
      const added = await admin.addUser(actor(request), request.body, linkBase);
      return reply.code(201).send({ ...added, user: presentAdminUser(added.user, admin.now()) });
    },
  );

  app.get(
    "/api/admin/calls",
    { config: ADMIN, schema: { querystring: AdminCallListQuery, response: { 200: SystemCallList } } },
    async (request) => {
      const { rows, total } = await admin.listCalls(request.query);
      return {
        calls: rows.map(presentSystemCall),
        total,
        page: request.query.page,
        limit: request.query.limit,
      };
    },
  );

  app.post(
    "/api/admin/users/bulk",
    { config: ADMIN, schema: { body: BulkUserActionRequest, response: { 200: BulkUserActionResult } } },
    async (request) => {
      const { action, userIds } = request.body;
      const result = await admin.bulk(actor(request), action, userIds);
      const verb = action === "suspend" ? "suspended" : "activated";
      return { message: `${result.changed} users ${verb}`, ...result };
    },
  );

  app.get(
    "/api/admin/sessions",
    { config: ADMIN, schema: { querystring: AdminSessionListQuery, response: { 200: AdminSessionList } } },
    async (request) => {
      const { rows, total } = await admin.activeSessions(request.query);
      return {
        sessions: rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
        })),
        total,
        page: request.query.page,
        limit: request.query.limit,
      };
    },
  );

  app.get(
    "/api/admin/audit-log",
    { config: ADMIN, schema: { querystring: AuditListQuery, response: { 200: AuditList } } },
    async (request) => {
      const { rows, total } = await admin.auditLog(request.query);
      return {
        entries: rows.map(presentAuditEntry),
        total,
        page: request.query.page,
        limit: request.query.limit,
      };
    },
  );
};
