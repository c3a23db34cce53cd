import { z } from "zod";
import { Password, Username } from "./auth";
import { safeString } from "./text";

/**
 * The platform administrator's console (Admin Dashboard, admin stats, admin user,
 * system call and system config, admin user states). Platform
 * administrators are `users.role = admin`, distinct from workspace owners. The server and the
 * /admin screen share these shapes, limits and messages.
 */

// --- Timings and messages -------------------------------------------------------

/** After an admin system action succeeds the page reloads after 2 s. */
export const ADMIN_SYSTEM_ACTION_RELOAD_MS = 2_000;
/** After a quick action the page reloads after 1 s. */
export const ADMIN_QUICK_ACTION_RELOAD_MS = 1_000;

export const PLATFORM_ADMIN_ONLY = "Only platform administrators can do that";
export const MAINTENANCE_MESSAGE =
  "The platform is down for maintenance. Please try again shortly; administrators can still sign in.";
/** Every API answer carries it while maintenance mode is on (those let through read it there). */
export const MAINTENANCE_HEADER = "x-maintenance-mode";
export const MAINTENANCE_BANNER =
  "Maintenance mode is on: only platform administrators can use the app. Turn it off in Admin, System Config.";
export const CANNOT_ACT_ON_YOURSELF = "You cannot suspend or delete your own account";
export const LAST_ADMIN = "The last administrator cannot be suspended or deleted";
export const ACCOUNT_SUSPENDED = "This account is suspended. Contact the platform administrator.";
export const RATE_LIMITED =
  "Too many requests: the platform allows {limit} per minute. Please wait a moment.";
/** The next phone call over the platform's ceiling (System config maxConcurrentCalls) is refused. */
export const platformCallLimitMessage = (limit: number) =>
  `The platform is at its limit of ${limit} concurrent calls. Please try again when a call ends.`;
/** A recorded turn sent while the administrator has switched transcription off. */
export const TRANSCRIPTION_OFF =
  "Transcription is switched off on this platform. Type what the caller says instead.";
export const CONFIG_UPDATED = "Configuration updated";

export const USER_ACTIONS = ["suspend", "activate", "delete"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export const BULK_USER_ACTIONS = ["suspend", "activate"] as const;
export type BulkUserAction = (typeof BULK_USER_ACTIONS)[number];

/** Texts the screen shows when a request fails. */
export const adminActionFailed = (action: UserAction) => `Failed to ${action} user`;
export const bulkActionFailed = (action: BulkUserAction) => `Bulk ${action} failed`;
export const systemActionFailed = (action: string) => `System ${action} failed`;
export const CONFIG_UPDATE_FAILED = "Failed to update configuration";
export const EXPORT_FAILED = "Export failed";
export const QUICK_ACTION_FAILED = "Quick action failed";

// --- Stats ("Admin stats") ------------------------------------------------------------

export const SYSTEM_HEALTH = ["healthy", "warning", "critical"] as const;
export type SystemHealth = (typeof SYSTEM_HEALTH)[number];

/** One real check behind systemHealth: what was measured and how it rates. */
export const HealthCheck = z.object({
  name: z.enum(["database", "jobQueue", "diskSpace", "errorRate"]),
  status: z.enum(SYSTEM_HEALTH),
  detail: z.string(),
});
export type HealthCheck = z.infer<typeof HealthCheck>;

export const AdminStats = z.object({
  totalUsers: z.number().int(),
  /** People not suspended who signed in (or used a session) in the last 30 days. */
  activeUsers: z.number().int(),
  /** The worst of the checks. */
  systemHealth: z.enum(SYSTEM_HEALTH),
  healthChecks: z.array(HealthCheck),
  /** AI agents switched on across all workspaces. */
  activeAgents: z.number().int(),
  totalCalls: z.number().int(),
  /** Calls started since midnight in the admin's zone (their workspace's time zone). */
  todaysCalls: z.number().int(),
  /** Monthly revenue in cents from active paid subscriptions. */
  revenue: z.number().int(),
  campaignsRunning: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;

// --- Users ("Admin user") ---------------------------------------------------------

export const ADMIN_USER_STATUSES = ["active", "suspended", "inactive"] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];
/** A person with no session use for this many days is listed as inactive. */
export const INACTIVE_AFTER_DAYS = 30;
export const ADMIN_PAGE_SIZE_MAX = 100;

export const AdminUserListQuery = z.object({
  page: z.coerce.number().int().min(1, "Page must be 1 or more").default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PAGE_SIZE_MAX, `At most ${ADMIN_PAGE_SIZE_MAX} a page`)
    .default(25),
  /** Matches username, email or full name (case-insensitive, anywhere in the text). */
  search: safeString("The search").trim().max(100, "Search is at most 100 characters").optional(),
  status: z.enum(ADMIN_USER_STATUSES).optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  /** The plan of the workspace the person owns (free when none). */
  planType: z.string(),
  status: z.enum(ADMIN_USER_STATUSES),
  /** users.role: "admin" for a platform administrator, "user" otherwise. */
  role: z.string(),
  totalCalls: z.number().int(),
  /** This month's used minutes as a percentage of the plan's minutes (0 for an unlimited plan). */
  monthlyUsage: z.number(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** The administrator's "keep data until" day (YYYY-MM-DD) for the workspace the person owns. */
  keepDataUntil: z.string().nullable(),
  /** When the workspace's data is deleted, its subscription having ended; null while one runs. */
  dataDeletesAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserList = z.object({
  users: z.array(AdminUser),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminUserList = z.infer<typeof AdminUserList>;

export const AdminUserIdParams = z.object({ id: z.string().uuid("Unknown user") });
export const AdminUserActionParams = AdminUserIdParams.extend({ action: z.enum(USER_ACTIONS) });

/** PUT /api/admin/users/:id/plan: the plan of the workspace the person owns, listed or enterprise. */
export const AdminSetPlanRequest = z.object({
  planId: z
    .string({ error: "Choose a plan" })
    .trim()
    .min(1, "Choose a plan")
    .max(40, "That plan does not exist"),
});
export const NO_OWNED_WORKSPACE = "This person owns no workspace whose plan could change";

export const AdminUserActionResult = z.object({
  message: z.string(),
  /** Absent after a delete. */
  user: AdminUser.optional(),
  /** Sessions ended by the action. */
  sessionsEnded: z.number().int(),
});
export type AdminUserActionResult = z.infer<typeof AdminUserActionResult>;

export const BulkUserActionRequest = z.object({
  action: z.enum(BULK_USER_ACTIONS),
  userIds: z.array(z.string().uuid("Unknown user")).min(1, "Choose at least one user").max(500),
});
export type BulkUserActionRequest = z.infer<typeof BulkUserActionRequest>;

export const BulkUserActionResult = z.object({
  message: z.string(),
  changed: z.number().int(),
  /** Users left as they were, with the reason (yourself, the last administrator, unknown). */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type BulkUserActionResult = z.infer<typeof BulkUserActionResult>;

// --- Calls ("System call") ------------------------------------------------------------

export const AdminCallListQuery = z.object({
  page: z.coerce.number().int().min(1, "Page must be 1 or more").default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(25),
  /** Matches the number or the caller's name (case-insensitive, anywhere in the text). */
  search: safeString("The search").trim().max(100, "Search is at most 100 characters").optional(),
  classification: safeString("The classification").trim().max(40).optional(),
  status: safeString("The status").trim().max(40).optional(),
  userId: z.string().uuid("Unknown user").optional(),
});
export type AdminCallListQuery = z.infer<typeof AdminCallListQuery>;

export const SystemCall = z.object({
  id: z.string(),
  timestamp: z.string(),
  /** The owner of the call's workspace. */
  userId: z.string().nullable(),
  workspaceId: z.string(),
  phoneNumber: z.string(),
  classification: z.string().nullable(),
  duration: z.number().int(),
  status: z.string(),
  /** Carried by the built-in carrier simulator: nobody real was on the line (common/calls). */
  simulated: z.boolean(),
  /** Dollars: the duration in minutes (rounded up) at the workspace plan's per-minute rate. */
  cost: z.number(),
});
export type SystemCall = z.infer<typeof SystemCall>;

export const SystemCallList = z.object({
  calls: z.array(SystemCall),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SystemCallList = z.infer<typeof SystemCallList>;

// --- Configuration ("System config", defaults) -------------------------------------

export const BACKUP_FREQUENCIES = ["hourly", "daily", "weekly"] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

export const SystemConfig = z.object({
  maxConcurrentCalls: z.number().int().min(1, "Max concurrent calls must be at least 1").max(100_000),
  /** Seconds a call may last before it is ended. */
  defaultCallTimeout: z
    .number()
    .int()
    .min(30, "Call timeout must be at least 30 seconds")
    .max(86_400, "Call timeout must be at most 24 hours"),
  /** Requests per minute per account. */
  apiRateLimit: z.number().int().min(10, "API rate limit must be at least 10 a minute").max(1_000_000),
  backupFrequency: z.enum(BACKUP_FREQUENCIES),
  enableCallRecording: z.boolean(),
  enableTranscription: z.boolean(),
  systemMaintenanceMode: z.boolean(),
});
export type SystemConfig = z.infer<typeof SystemConfig>;

/** The platform's settings before an administrator changes any. */
export const DEFAULT_SYSTEM_CONFIG: SystemConfig = {
  maxConcurrentCalls: 100,
  defaultCallTimeout: 300,
  apiRateLimit: 1000,
  backupFrequency: "daily",
  enableCallRecording: true,
  enableTranscription: true,
  systemMaintenanceMode: false,
};

/** POST /api/admin/config sends only the changed fields. */
export const SystemConfigUpdate = SystemConfig.partial().refine((value) => Object.keys(value).length > 0, {
  message: "Change at least one setting",
});
export type SystemConfigUpdate = z.infer<typeof SystemConfigUpdate>;

export const SystemConfigResponse = z.object({ config: SystemConfig, message: z.string().optional() });
export type SystemConfigResponse = z.infer<typeof SystemConfigResponse>;

// --- Add user ---------------------------------------------------------------------------------

export const AddUserRequest = z.object({
  /** The sign-up's rule for a username. */
  username: Username,
  /** Lower-cased, as the sign-up stores it. */
  email: z.string().trim().toLowerCase().email("Enter a valid email address").max(254),
  fullName: safeString("The full name").trim().max(100).optional(),
  role: z.enum(["user", "admin"]).default("user"),
});
export type AddUserRequest = z.infer<typeof AddUserRequest>;

export const AddUserResponse = z.object({
  user: AdminUser,
  /** A one-time sign-in link to hand to the person; it works once, within its expiry. */
  signInLink: z.string(),
  expiresAt: z.string(),
});
export type AddUserResponse = z.infer<typeof AddUserResponse>;

/** Spec-free texts for the one-time link: what the person who opens it reads. */
export const SIGN_IN_LINK_HOURS = 24;
export const SIGN_IN_LINK_UNKNOWN = "This sign-in link is not valid. Ask your administrator for a new one.";
export const SIGN_IN_LINK_USED =
  "This sign-in link has already been used. Ask your administrator for a new one.";
export const SIGN_IN_LINK_EXPIRED = "This sign-in link has expired. Ask your administrator for a new one.";

/** POST /api/sign-in-links: spends the link once; with a password, it becomes the person's. */
export const SignInLinkRedeem = z.object({
  token: z.string().min(1, SIGN_IN_LINK_UNKNOWN).max(100, SIGN_IN_LINK_UNKNOWN),
  password: Password.optional(),
});
export type SignInLinkRedeem = z.infer<typeof SignInLinkRedeem>;
export const SignInLinkQuery = z.object({
  token: z.string().min(1, SIGN_IN_LINK_UNKNOWN).max(100, SIGN_IN_LINK_UNKNOWN),
});
export const SignInLinkRedeemed = z.object({ redirectTo: z.string(), passwordSet: z.boolean() });
export type SignInLinkRedeemed = z.infer<typeof SignInLinkRedeemed>;

// --- Backups -----------------------------------------------------------------

/** Scheduled backups kept (the oldest past this are deleted); manual ones stay until removed by hand. */
export const BACKUPS_KEPT = 7;
export const BACKUP_TRIGGERS = ["manual", "scheduled"] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

export const BackupInfo = z.object({
  /** The archive's file name under DATA_DIR/backups. */
  name: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  trigger: z.enum(BACKUP_TRIGGERS),
});
export type BackupInfo = z.infer<typeof BackupInfo>;

export const BackupList = z.object({
  backups: z.array(BackupInfo),
  frequency: z.enum(BACKUP_FREQUENCIES),
  keep: z.number().int(),
});
export type BackupList = z.infer<typeof BackupList>;

export const BackupResult = z.object({ message: z.string(), backup: BackupInfo });
export type BackupResult = z.infer<typeof BackupResult>;

/** Backup Now holds the embedded database while it copies: one a minute at most (429 otherwise). */
export const BACKUP_MIN_GAP_MS = 60_000;
export const BACKUP_TOO_SOON =
  "A backup was taken less than a minute ago. Please wait a minute before the next one.";

// --- Exports and quick actions ------------------------------------------------------------------

export const EXPORT_KINDS = ["users", "calls", "all"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const QUICK_ACTIONS = ["clear-cache", "sync-users", "cleanup-inactive"] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];

export const QuickActionRequest = z.object({
  action: z.enum(QUICK_ACTIONS),
  /** cleanup-inactive only removes after a confirmation; without it, it lists what it would remove. */
  confirm: z.boolean().optional(),
});
export type QuickActionRequest = z.infer<typeof QuickActionRequest>;

export const QuickActionResult = z.object({
  action: z.enum(QUICK_ACTIONS),
  message: z.string(),
  /** What it did, or (cleanup-inactive unconfirmed) what it would do. */
  affected: z.number().int(),
  items: z.array(z.string()).optional(),
  needsConfirmation: z.boolean().optional(),
});
export type QuickActionResult = z.infer<typeof QuickActionResult>;

// --- Audit log ----------------------------------------------------------------

export const AUDIT_ACTIONS = [
  "user.suspended",
  "user.activated",
  "user.deleted",
  "user.created",
  "user.role_changed",
  "users.bulk",
  "config.changed",
  "export.downloaded",
  "backup.created",
  "quick_action.ran",
  "sign_in.failed",
  "sign_in.link_used",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** Who acted (null for a failed sign-in by someone unknown). */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  /** What changed: before/after values, counts, the name tried. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(50),
  action: z.string().trim().max(40).optional(),
  actorId: z.string().uuid().optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

// --- Active sessions (the Security tab's sessions, from real data) -------------

export const AdminSessionListQuery = z.object({
  page: z.coerce.number().int().min(1, "Page must be 1 or more").default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PAGE_SIZE_MAX, `At most ${ADMIN_PAGE_SIZE_MAX} a page`)
    .default(20),
});
export type AdminSessionListQuery = z.infer<typeof AdminSessionListQuery>;

/** A signed-in browser: not expired; the address and browser it last signed in from. */
export const AdminSession = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type AdminSession = z.infer<typeof AdminSession>;

export const AdminSessionList = z.object({
  sessions: z.array(AdminSession),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminSessionList = z.infer<typeof AdminSessionList>;

export const AuditList = z.object({
  entries: z.array(AuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditList = z.infer<typeof AuditList>;
