import {
  type AdminCallListQuery,
  AdminSessionList,
  AdminStats,
  AdminUserList,
  type AdminUserListQuery,
  AuditList,
  type AuditListQuery,
  BackupList,
  SystemCallList,
  SystemConfigResponse,
} from "@common/admin";
import { EnquiryList, type EnquiryStatus } from "@common/enterprise";
import { SupportRequestList, type SupportStatus } from "@common/support";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";

export const STATS_URL = "/api/admin/stats";
export const USERS_URL = "/api/admin/users";
export const CALLS_URL = "/api/admin/calls";
export const CONFIG_URL = "/api/admin/config";
export const AUDIT_URL = "/api/admin/audit-log";
export const BACKUPS_URL = "/api/admin/system/backups";
export const SESSIONS_URL = "/api/admin/sessions";
export const ENQUIRIES_URL = "/api/admin/enterprise-enquiries";
export const SUPPORT_URL = "/api/admin/support-requests";

/** The query string of a list request: only the values set (an empty search is no search). */
function queryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** GET /api/admin/stats: the header's figures and the health checks behind systemHealth. */
export const useAdminStats = () =>
  useQuery(queryOptions({ queryKey: [STATS_URL], queryFn: () => getParsed(AdminStats, STATS_URL) }));

export type UserListParams = Partial<Pick<AdminUserListQuery, "search" | "status">> & {
  page: number;
  limit: number;
};

/** GET /api/admin/users, one server page at a time (the previous page stays while the next loads). */
export const useAdminUsers = (params: UserListParams) =>
  useQuery({
    queryKey: [USERS_URL, params],
    queryFn: () => getParsed(AdminUserList, `${USERS_URL}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/enterprise-enquiries: contact-sales enquiries, newest first, paged on the server. */
export const useEnquiries = (params: { page: number; limit: number; status?: EnquiryStatus | undefined }) =>
  useQuery({
    queryKey: [ENQUIRIES_URL, params],
    queryFn: () => getParsed(EnquiryList, `${ENQUIRIES_URL}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/support-requests: the support queue, priority first, then oldest first. */
export const useSupportQueue = (params: { page: number; limit: number; status: SupportStatus }) =>
  useQuery({
    queryKey: [SUPPORT_URL, params],
    queryFn: () => getParsed(SupportRequestList, `${SUPPORT_URL}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

export type CallListParams = Partial<Pick<AdminCallListQuery, "search" | "classification" | "status">> & {
  page: number;
  limit: number;
};

/** GET /api/admin/calls: every workspace's calls, paged and filtered on the server. */
export const useAdminCalls = (params: CallListParams) =>
  useQuery({
    queryKey: [CALLS_URL, params],
    queryFn: () => getParsed(SystemCallList, `${CALLS_URL}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/config: the stored settings (the spec's defaults until someone saves). */
export const useSystemConfig = () =>
  useQuery({ queryKey: [CONFIG_URL], queryFn: () => getParsed(SystemConfigResponse, CONFIG_URL) });

export type AuditParams = Partial<Pick<AuditListQuery, "action">> & { page: number; limit: number };

/** GET /api/admin/audit-log, newest first, filtered by action. */
export const useAuditLog = (params: AuditParams) =>
  useQuery({
    queryKey: [AUDIT_URL, params],
    queryFn: () => getParsed(AuditList, `${AUDIT_URL}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/system/backups: the archives under DATA_DIR/backups, the schedule and how many are kept. */
export const useBackups = () =>
  useQuery({ queryKey: [BACKUPS_URL], queryFn: () => getParsed(BackupList, BACKUPS_URL) });

/** GET /api/admin/sessions: the browsers signed in now (not expired), most recently used first. */
export const useActiveSessions = (params: { page: number; limit: number }) =>
  useQuery({
    queryKey: [SESSIONS_URL, params],
    queryFn: () => getParsed(AdminSessionList, `${SESSIONS_URL}${queryString(params)}`),
    placeholderData: keepPreviousData,
  });
