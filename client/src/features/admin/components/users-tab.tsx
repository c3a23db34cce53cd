import {
  ADMIN_USER_STATUSES,
  type AdminUser,
  type AdminUserStatus,
  adminActionFailed,
  type BulkUserAction,
  bulkActionFailed,
  type UserAction,
} from "@common/admin";
import { CalendarClock, Search, Trash2, UserPlus } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../lib/toast";
import { useBulkUserAction, useUserAction } from "../api/admin-actions";
import { useAdminUsers } from "../api/get-admin-data";
import { formatDay, formatWhen } from "../format";
import { FETCH_FAILED, failureText } from "../messages";
import { useDebounced } from "../use-debounced";
import { useFailureToast } from "../use-failure-toast";
import { AddUserDialog } from "./add-user-dialog";
import { KeepDataDialog } from "./keep-data-dialog";
import { Pager } from "./pager";
import { PlanSelect } from "./plan-select";

const PAGE_SIZE = 25;
const STATUS_VARIANT = { active: "success", suspended: "destructive", inactive: "secondary" } as const;
const STATUS_LABEL: Record<AdminUserStatus, string> = {
  active: "Active",
  suspended: "Suspended",
  inactive: "Inactive",
};
const DONE: Record<UserAction, string> = {
  suspend: "User Suspended",
  activate: "User Activated",
  delete: "User Deleted",
};

/**
 * Users: every account on the platform, paged and searched on the server. Suspend is
 * offered to an active person, Activate otherwise, Delete to anyone (after a confirmation), Keep
 * data to anyone (the day an ended workspace's data goes, and a day to keep it until);
 * the chosen rows can be suspended or activated at once. Your own row offers no suspend or delete.
 */
export function UsersTab({
  meId,
  timeZone,
  onChanged,
}: {
  meId: string;
  timeZone: string;
  onChanged: () => void;
}) {
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const [status, setStatus] = useState<AdminUserStatus | "">("");
  const [page, setPage] = useState(1);
  const users = useAdminUsers({
    page,
    limit: PAGE_SIZE,
    search: search || undefined,
    status: status || undefined,
  });
  useFailureToast(users.isError, FETCH_FAILED.users, users.errorUpdatedAt);

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  // Suspending signs people out at once: asked first, for one person or the selection.
  const [suspending, setSuspending] = useState<AdminUser | "selected" | null>(null);
  const [adding, setAdding] = useState(false);
  const [keeping, setKeeping] = useState<AdminUser | null>(null);
  const act = useUserAction();
  const bulk = useBulkUserAction();

  const rows = users.data?.users ?? [];
  const selectable = rows.filter((user) => user.id !== meId);
  const allChosen = selectable.length > 0 && selectable.every((user) => selected.has(user.id));

  const choose = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chooseAll = (on: boolean) => setSelected(on ? new Set(selectable.map((user) => user.id)) : new Set());
  const narrow = (apply: () => void) => {
    apply();
    setPage(1);
    setSelected(new Set());
  };

  const runAction = (user: AdminUser, action: UserAction) =>
    act.mutate(
      { id: user.id, action },
      {
        onSuccess: (result) => {
          toast({ title: DONE[action], description: result.message });
          setDeleting(null);
          setSuspending(null);
          choose(user.id, false);
          onChanged();
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: failureText(adminActionFailed(action), error),
            variant: "destructive",
          }),
      },
    );

  const runBulk = (action: BulkUserAction) =>
    bulk.mutate(
      { action, userIds: [...selected] },
      {
        onSuccess: (result) => {
          const skipped = result.skipped.map((entry) => entry.reason);
          toast({
            title: action === "suspend" ? "Users Suspended" : "Users Activated",
            description: skipped.length
              ? `${result.message}. Skipped ${skipped.length}: ${[...new Set(skipped)].join("; ")}`
              : result.message,
          });
          setSelected(new Set());
          setSuspending(null);
          onChanged();
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: failureText(bulkActionFailed(action), error),
            variant: "destructive",
          }),
      },
    );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Users</CardTitle>
          <CardDescription>
            Every account on the platform, with its plan, usage and last sign-in.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden /> Add User
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <div className="relative">
            <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search by username, email or name"
              className="pl-8"
              maxLength={100}
              value={searchText}
              onChange={(event) => narrow(() => setSearchText(event.target.value))}
            />
          </div>
          <NativeSelect
            aria-label="Status"
            value={status}
            onChange={(event) => narrow(() => setStatus(event.target.value as AdminUserStatus | ""))}
          >
            <option value="">All statuses</option>
            {ADMIN_USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABEL[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {selected.size} selected
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={selected.size === 0 || bulk.isPending}
            onClick={() => setSuspending("selected")}
          >
            Suspend Selected
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={selected.size === 0 || bulk.isPending}
            onClick={() => runBulk("activate")}
          >
            Activate Selected
          </Button>
        </div>
        {users.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {FETCH_FAILED.users}
          </p>
        ) : !users.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading users...
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {search || status ? "No users match these filters." : "No users yet."}
          </p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
          <section className="overflow-x-auto" aria-label="Users, scrollable" tabIndex={0}>
            <table className="w-full text-sm" aria-label="Users">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th className="py-2 pr-3 font-medium">
                    <Checkbox
                      aria-label="Select every user on this page"
                      checked={allChosen}
                      disabled={selectable.length === 0}
                      onCheckedChange={(on) => chooseAll(on === true)}
                    />
                  </th>
                  <th className="py-2 pr-3 font-medium">User</th>
                  <th className="py-2 pr-3 font-medium">Plan</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 font-medium">Calls</th>
                  <th className="py-2 pr-3 font-medium">Monthly usage</th>
                  <th className="py-2 pr-3 font-medium">Last login</th>
                  <th className="py-2 font-medium">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => {
                  const me = user.id === meId;
                  const action: UserAction = user.status === "active" ? "suspend" : "activate";
                  return (
                    <tr
                      key={user.id}
                      className="border-b last:border-0"
                      data-testid={`admin-user-${user.username}`}
                    >
                      <td className="py-2 pr-3">
                        <Checkbox
                          aria-label={`Select ${user.username}`}
                          checked={selected.has(user.id)}
                          disabled={me}
                          onCheckedChange={(on) => choose(user.id, on === true)}
                        />
                      </td>
                      <td className="py-2 pr-3">
                        <span className="font-medium">{user.username}</span>
                        {user.role === "admin" ? (
                          <Badge variant="outline" className="ml-2">
                            Admin
                          </Badge>
                        ) : null}
                        {me ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
                        <span className="block text-xs text-muted-foreground">
                          {user.fullName ? `${user.fullName} · ` : ""}
                          {user.email}
                        </span>
                      </td>
                      <td className="py-2 pr-3">
                        <PlanSelect user={user} onChanged={onChanged} />
                        {user.keepDataUntil ? (
                          <span className="block text-xs whitespace-nowrap text-muted-foreground">
                            Data kept until {formatDay(user.keepDataUntil, timeZone)}
                          </span>
                        ) : user.dataDeletesAt ? (
                          <span className="block text-xs whitespace-nowrap text-destructive">
                            Data deleted {formatDay(user.dataDeletesAt, timeZone)}
                          </span>
                        ) : null}
                      </td>
                      <td className="py-2 pr-3">
                        <Badge variant={STATUS_VARIANT[user.status]}>{STATUS_LABEL[user.status]}</Badge>
                      </td>
                      <td className="py-2 pr-3">{user.totalCalls.toLocaleString("en-US")}</td>
                      <td className="py-2 pr-3">{Math.round(user.monthlyUsage)}%</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(user.lastLogin, timeZone)}</td>
                      <td className="py-2">
                        <div className="flex gap-2">
                          <Button
                            variant="outline"
                            size="sm"
                            disabled={(me && action === "suspend") || act.isPending}
                            aria-label={`${action === "suspend" ? "Suspend" : "Activate"} ${user.username}`}
                            onClick={() =>
                              action === "suspend" ? setSuspending(user) : runAction(user, action)
                            }
                          >
                            {action === "suspend" ? "Suspend" : "Activate"}
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Keep data of ${user.username}`}
                            title="Keep data until a day"
                            onClick={() => setKeeping(user)}
                          >
                            <CalendarClock aria-hidden />
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-destructive"
                            disabled={me || act.isPending}
                            aria-label={`Delete ${user.username}`}
                            onClick={() => setDeleting(user)}
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        )}
        {users.data ? (
          <Pager
            page={page}
            limit={PAGE_SIZE}
            total={users.data.total}
            noun="users"
            busy={users.isFetching}
            onPage={(next) => {
              setPage(next);
              setSelected(new Set());
            }}
          />
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={`Delete ${deleting?.username ?? "this user"}?`}
        description="The account is deleted with all its data: a workspace they alone belong to goes with it, and their sessions end now. This cannot be undone."
        keepLabel="Keep User"
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        pending={act.isPending}
        onConfirm={() => (deleting ? runAction(deleting, "delete") : undefined)}
      />
      <ConfirmDialog
        open={suspending !== null}
        onOpenChange={(open) => (open ? null : setSuspending(null))}
        title={
          suspending === "selected"
            ? `Suspend ${selected.size === 1 ? "1 user" : `${selected.size} users`}?`
            : `Suspend ${suspending?.username ?? "this user"}?`
        }
        description="They are signed out now and cannot sign in until an admin activates them again. Their data is kept."
        keepLabel="Keep Active"
        confirmLabel="Suspend"
        pendingLabel="Suspending..."
        pending={act.isPending || bulk.isPending}
        onConfirm={() =>
          suspending === "selected"
            ? runBulk("suspend")
            : suspending
              ? runAction(suspending, "suspend")
              : undefined
        }
      />
      <AddUserDialog open={adding} onOpenChange={setAdding} onAdded={onChanged} />
      <KeepDataDialog
        user={keeping}
        timeZone={timeZone}
        onOpenChange={(open) => (open ? null : setKeeping(null))}
        onSaved={onChanged}
      />
    </Card>
  );
}
