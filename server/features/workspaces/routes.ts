import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  InvitationCreate,
  InvitationCreated,
  InvitationIdParams,
  InvitationPreview,
  InvitationTokenParams,
  Member,
  MemberIdParams,
  MemberRoleUpdate,
  OwnershipTransfer,
  TeamOut,
  WorkspaceIdParams,
  WorkspaceList,
  WorkspaceSettingsOut,
  WorkspaceSummary,
  WorkspaceUpdate,
} from "../../../common/workspaces";
import type { Config } from "../../config";
import { unauthorized } from "../../http/errors";
import { presentWorkspaceSettings } from "./presenter";
import type { WorkspaceService } from "./service";

export type WorkspaceRouteDeps = { config: Config; workspaces: WorkspaceService };

/** Teams: the person's workspaces and switching, the team screen, invitations. */
export const workspaceRoutes: FastifyPluginAsyncZod<WorkspaceRouteDeps> = async (
  app,
  { config, workspaces },
) => {
  /** Invitation links point at PUBLIC_URL when it is set, else at the address this request came to. */
  const linkBase = (request: { protocol: string; host: string }) =>
    config.publicUrl ?? `${request.protocol}://${request.host}`;
  const tokenHashOf = (request: { sessionTokenHash: string | undefined }) => {
    if (!request.sessionTokenHash) throw unauthorized();
    return request.sessionTokenHash;
  };

  app.get(
    "/api/workspaces",
    { config: { role: "agent" }, schema: { response: { 200: WorkspaceList } } },
    async (request) => workspaces.list(request.user, request.account.id),
  );

  app.post(
    "/api/workspaces/:id/switch",
    { config: { role: "agent" }, schema: { params: WorkspaceIdParams, response: { 200: WorkspaceSummary } } },
    async (request) => workspaces.switchTo(request.user, tokenHashOf(request), request.params.id),
  );

  app.patch(
    "/api/workspace",
    { config: { role: "admin" }, schema: { body: WorkspaceUpdate, response: { 200: WorkspaceSettingsOut } } },
    async (request) =>
      presentWorkspaceSettings(await workspaces.update(request.account, request.body), request.account.role),
  );

  app.get(
    "/api/workspace/members",
    { config: { role: "agent" }, schema: { response: { 200: TeamOut } } },
    async (request) => workspaces.team(request.account),
  );

  app.patch(
    "/api/workspace/members/:userId",
    {
      config: { role: "owner" },
      schema: { params: MemberIdParams, body: MemberRoleUpdate, response: { 200: Member } },
    },
    async (request) => workspaces.changeRole(request.account, request.params.userId, request.body.role),
  );

  app.delete(
    "/api/workspace/members/:userId",
    { config: { role: "owner" }, schema: { params: MemberIdParams } },
    async (request, reply) => {
      await workspaces.removeMember(request.account, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.post("/api/workspace/leave", { config: { role: "agent" } }, async (request, reply) => {
    await workspaces.leave(request.account, request.user);
    return reply.code(204).send();
  });

  app.post(
    "/api/workspace/transfer",
    { config: { role: "owner" }, schema: { body: OwnershipTransfer } },
    async (request, reply) => {
      await workspaces.transferOwnership(request.account, request.body.userId);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/workspace/invitations",
    { config: { role: "owner" }, schema: { body: InvitationCreate, response: { 201: InvitationCreated } } },
    async (request, reply) =>
      reply.code(201).send(await workspaces.invite(request.account, request.body, linkBase(request))),
  );

  app.post(
    "/api/workspace/invitations/:id/renew",
    {
      config: { role: "owner" },
      schema: { params: InvitationIdParams, response: { 200: InvitationCreated } },
    },
    async (request) => workspaces.renewInvitation(request.account, request.params.id, linkBase(request)),
  );

  app.delete(
    "/api/workspace/invitations/:id",
    { config: { role: "owner" }, schema: { params: InvitationIdParams } },
    async (request, reply) => {
      await workspaces.revokeInvitation(request.account, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/invitations/:token",
    {
      config: { public: true },
      schema: { params: InvitationTokenParams, response: { 200: InvitationPreview } },
    },
    async (request) => workspaces.preview(request.params.token),
  );

  app.post(
    "/api/invitations/:token/accept",
    {
      config: { role: "agent" },
      schema: { params: InvitationTokenParams, response: { 200: z.object({ workspace: WorkspaceSummary }) } },
    },
    async (request) => ({
      workspace: await workspaces.accept(request.user, tokenHashOf(request), request.params.token),
    }),
  );
};
