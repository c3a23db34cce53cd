import { and, asc, eq, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { checkoutSessions, paymentEvents, subscriptions } from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type SubscriptionPatch = Partial<
  Pick<
    SubscriptionRow,
    | "planType"
    | "status"
    | "currentPeriodStart"
    | "currentPeriodEnd"
    | "cancelAtPeriodEnd"
    | "paymentCustomerId"
    | "paymentSubscriptionId"
    | "priceId"
    | "endedAt"
  >
>;

/** What else must follow a plan change, in the same transaction (the workspace's plan, kept by teams). */
export type PlanChangeHook = (db: Db, workspaceId: string, planType: string) => Promise<void>;

export function billingRepository(db: Db, onPlanChange: PlanChangeHook = async () => {}) {
  const repository = {
    /** The account's subscription; every account gets one at sign-up, this recreates a missing one as free. */
    async subscription(workspaceId: string): Promise<SubscriptionRow> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
      if (row) return row;
      await db
        .insert(subscriptions)
        .values({ workspaceId, planType: "free", status: "active" })
        .onConflictDoNothing();
      const [again] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
      if (!again) throw new Error("subscriptions row missing");
      return again;
    },

    /** Locks the account's subscription row for this transaction. */
    async subscriptionForUpdate(workspaceId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.workspaceId, workspaceId))
        .for("update");
      return row;
    },

    async subscriptionByProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.paymentSubscriptionId, providerSubscriptionId))
        .for("update");
      return row;
    },

    /** Changes the subscription; a new plan is passed on to `onPlanChange` in the same transaction. */
    async updateSubscription(workspaceId: string, patch: SubscriptionPatch): Promise<SubscriptionRow> {
      const [row] = await db
        .update(subscriptions)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(subscriptions.workspaceId, workspaceId))
        .returning();
      if (!row) throw new Error("subscriptions row missing");
      if (patch.planType) await onPlanChange(db, workspaceId, patch.planType);
      return row;
    },

    async createSubscription(values: {
      workspaceId: string;
      planType: string;
      status: string;
      currentPeriodEnd: Date | null;
    }): Promise<void> {
      await db.insert(subscriptions).values(values);
    },

    async createCheckout(values: {
      workspaceId: string;
      planId: string;
      provider: string;
      amountCents: number;
      trialEndsAt: Date | null;
      createdAt: Date;
      createdBy?: string | null;
      product?: CheckoutRow["product"];
    }): Promise<CheckoutRow> {
      const [row] = await db.insert(checkoutSessions).values(values).returning();
      if (!row) throw new Error("insert returned no checkout");
      return row;
    },

    async setCheckoutProviderId(workspaceId: string, id: string, providerSessionId: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ providerSessionId })
        .where(and(eq(checkoutSessions.workspaceId, workspaceId), eq(checkoutSessions.id, id)));
    },

    async deleteCheckout(workspaceId: string, id: string): Promise<void> {
      await db
        .delete(checkoutSessions)
        .where(and(eq(checkoutSessions.workspaceId, workspaceId), eq(checkoutSessions.id, id)));
    },

    async checkout(workspaceId: string, id: string): Promise<CheckoutRow | undefined> {
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.workspaceId, workspaceId), eq(checkoutSessions.id, id)));
      return row;
    },

    /** A checkout by its id alone: webhooks carry it as client_reference_id and have no session. */
    async checkoutForUpdate(id: string): Promise<CheckoutRow | undefined> {
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).for("update");
      return row;
    },

    async completeCheckout(id: string, at: Date): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status: "complete", completedAt: at })
        .where(eq(checkoutSessions.id, id));
    },

    /**
     * Records an event id; false when it was already recorded. Called inside the transaction that
     * handles the event, so a failed handling leaves no record and the provider's retry runs again.
     */
    async recordEvent(event: {
      id: string;
      provider: string;
      type: string;
      workspaceId: string | null;
    }): Promise<boolean> {
      const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({
        id: paymentEvents.id,
      });
      return rows.length > 0;
    },

    /**
     * Subscriptions whose period passed while nobody read them and that end rather than renew
     * at its end (a cancellation, a trial nobody chose a plan for, the test checkout's plans):
     * subscription-state.ts moves them on when read. Oldest first.
     */
    async lapsed(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ workspaceId: subscriptions.workspaceId })
        .from(subscriptions)
        .where(
          and(
            isNull(subscriptions.endedAt),
            ne(subscriptions.planType, "free"),
            lte(subscriptions.currentPeriodEnd, at),
            or(
              eq(subscriptions.cancelAtPeriodEnd, true),
              and(eq(subscriptions.status, "trialing"), isNull(subscriptions.paymentSubscriptionId)),
              sql`${subscriptions.paymentSubscriptionId} like 'local\_sub\_%'`,
            ),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(limit);
      return rows.map((row) => row.workspaceId);
    },

    /** Subscriptions that ended at or before `before`, in the order they ended, after `cursor`. */
    async endedBy(
      before: Date,
      cursor: { at: string; workspaceId: string } | null,
      limit: number,
    ): Promise<{ workspaceId: string; endedAt: Date; at: string }[]> {
      const rows = await db
        .select({
          workspaceId: subscriptions.workspaceId,
          endedAt: subscriptions.endedAt,
          // The database's own text of the time: to the microsecond, unlike a Date (the cursor).
          at: sql<string>`${subscriptions.endedAt}::text`,
        })
        .from(subscriptions)
        .where(
          and(
            isNotNull(subscriptions.endedAt),
            lte(subscriptions.endedAt, before),
            cursor
              ? sql`(${subscriptions.endedAt}, ${subscriptions.workspaceId}) > (${cursor.at}::timestamptz, ${cursor.workspaceId}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(subscriptions.endedAt), asc(subscriptions.workspaceId))
        .limit(limit);
      return rows.flatMap((row) => (row.endedAt ? [{ ...row, endedAt: row.endedAt }] : []));
    },

    async setEventWorkspace(id: string, workspaceId: string): Promise<void> {
      await db.update(paymentEvents).set({ workspaceId }).where(eq(paymentEvents.id, id));
    },
  };
  return repository;
}

export type BillingRepository = ReturnType<typeof billingRepository>;
