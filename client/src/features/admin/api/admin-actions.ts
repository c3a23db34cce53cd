import {
  type AddUserRequest,
  AddUserResponse,
  AdminUserActionResult,
  BackupResult,
  type BulkUserActionRequest,
  BulkUserActionResult,
  type ExportKind,
  type QuickActionRequest,
  QuickActionResult,
  SystemConfigResponse,
  type SystemConfigUpdate,
  type UserAction,
} from "@common/admin";
import { type EnquiryStatus, EnterpriseEnquiry } from "@common/enterprise";
import type { KeepDataUntilRequest } from "@common/retention";
import { SupportRequest } from "@common/support";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { type ExportedFile, exportCsv } from "../../../lib/download";
import { CONFIG_URL, ENQUIRIES_URL, SUPPORT_URL, USERS_URL } from "./get-admin-data";

/** POST /api/admin/users/{id}/{suspend|activate|delete}. */
export const useUserAction = () =>
  useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      requestParsed(AdminUserActionResult, "POST", `${USERS_URL}/${id}/${action}`),
  });

/** PUT /api/admin/users/{id}/keep-data-until {keepDataUntil}: a day (YYYY-MM-DD), or null to stop keeping. */
export const useKeepDataUntil = () =>
  useMutation({
    mutationFn: ({ id, keepDataUntil }: { id: string } & KeepDataUntilRequest) =>
      requestParsed(AdminUserActionResult, "PUT", `${USERS_URL}/${id}/keep-data-until`, { keepDataUntil }),
  });

/** PUT /api/admin/users/{id}/plan {planId}: the plan of the workspace the person owns. */
export const useSetUserPlan = () =>
  useMutation({
    mutationFn: ({ id, planId }: { id: string; planId: string }) =>
      requestParsed(AdminUserActionResult, "PUT", `${USERS_URL}/${id}/plan`, { planId }),
  });

/** PATCH /api/admin/enterprise-enquiries/{id} {status}: sales' follow-up of an enquiry. */
export const useSetEnquiryStatus = () =>
  useMutation({
    mutationFn: ({ id, status }: { id: string; status: EnquiryStatus }) =>
      requestParsed(EnterpriseEnquiry, "PATCH", `${ENQUIRIES_URL}/${id}`, { status }),
  });

/** POST /api/admin/support-requests/{id}/reply {message}: emailed to the person and kept. */
export const useReplyToSupport = () =>
  useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      requestParsed(SupportRequest, "POST", `${SUPPORT_URL}/${id}/reply`, { message }),
  });

/** POST /api/admin/users/bulk {action, userIds}: the server skips yourself and the last administrator. */
export const useBulkUserAction = () =>
  useMutation({
    mutationFn: (body: BulkUserActionRequest) =>
      requestParsed(BulkUserActionResult, "POST", `${USERS_URL}/bulk`, body),
  });

/** POST /api/admin/users: a new account and a one-time sign-in link to hand over. */
export const useAddUser = () =>
  useMutation({
    mutationFn: (body: AddUserRequest) => requestParsed(AddUserResponse, "POST", USERS_URL, body),
  });

/** POST /api/admin/config with the changed fields only. */
export const useUpdateConfig = () =>
  useMutation({
    mutationFn: (changes: SystemConfigUpdate) =>
      requestParsed(SystemConfigResponse, "POST", CONFIG_URL, changes),
  });

/** POST /api/admin/system/{action} (backup): the archive written, or 429 within a minute of the last. */
export const useSystemAction = () =>
  useMutation({
    mutationFn: (action: "backup") => requestParsed(BackupResult, "POST", `/api/admin/system/${action}`),
  });

/** POST /api/admin/quick-action {action, confirm?}. */
export const useQuickAction = () =>
  useMutation({
    mutationFn: (body: QuickActionRequest) =>
      requestParsed(QuickActionResult, "POST", "/api/admin/quick-action", body),
  });

/**
 * GET /api/admin/export/{users|calls|all} read as a blob, so a refusal is told apart from a file;
 * named as the server names it (dated), else `admin-{kind}-{date}.csv`.
 */
export const exportAdminCsv = (kind: ExportKind): Promise<ExportedFile> =>
  exportCsv(`/api/admin/export/${kind}`, `admin-${kind}`);

export const useAdminExport = () => useMutation({ mutationFn: exportAdminCsv });
