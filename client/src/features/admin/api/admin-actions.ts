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
import { useMutation } from "@tanstack/react-query";
import { format } from "date-fns";
import { requestParsed, throwIfNotOk } from "../../../lib/api";
import { CONFIG_URL, USERS_URL } from "./get-admin-data";

/** POST /api/admin/users/{id}/{suspend|activate|delete}. */
export const useUserAction = () =>
  useMutation({
    mutationFn: ({ id, action }: { id: string; action: UserAction }) =>
      requestParsed(AdminUserActionResult, "POST", `${USERS_URL}/${id}/${action}`),
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

/** POST /api/admin/system/{action} (spec 3 §7: backup): the archive written, or 429 within a minute of the last. */
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

export type ExportedFile = { blob: Blob; filename: string };

/** The filename from a Content-Disposition header (filename* wins over filename). */
function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?("?)([^";]+)\1/i.exec(header);
  if (encoded?.[2]) {
    try {
      return decodeURIComponent(encoded[2]);
    } catch {
      // Fall through to the plain filename.
    }
  }
  return /filename\s*=\s*("?)([^";]+)\1/i.exec(header)?.[2]?.trim() || undefined;
}

/**
 * GET /api/admin/export/{users|calls|all} read as a blob, so a refusal is told apart from a file;
 * named as the server names it (dated), else `admin-{kind}-{date}.csv`.
 */
export async function exportAdminCsv(kind: ExportKind): Promise<ExportedFile> {
  const response = await fetch(`/api/admin/export/${kind}`, { credentials: "include" });
  await throwIfNotOk(response);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get("content-disposition")) ??
    `admin-${kind}-${format(new Date(), "yyyy-MM-dd")}.csv`;
  return { blob, filename };
}

export const useAdminExport = () => useMutation({ mutationFn: exportAdminCsv });

/** Saves a blob as a download with the given name. */
export function saveFile({ blob, filename }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
