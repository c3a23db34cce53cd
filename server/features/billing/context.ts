import type { FastifyBaseLogger } from "fastify";
import { PAYMENTS_NOT_CONFIGURED } from "../../../common/billing";
import type { Db } from "../../db/client";
import type { PaymentsProvider } from "../../providers/payments";
import type { UsageCountersService } from "../usage/counters";
import type { ProductSeller } from "./products";
import { type BillingRepository, billingRepository } from "./repository";

export type BillingDeps = {
  db: Db;
  /**
   * The workspace's plan follows its subscription (teams keeps it: seats and concurrency read
   * it); `planChanged` is told once the change is committed, so cached sessions re-read it.
   */
  workspaces: {
    setPlanIn: (tx: Db, workspaceId: string, planType: string) => Promise<void>;
    planChanged: (workspaceId: string) => void;
  };
  counters: Pick<UsageCountersService, "month" | "history">;
  payments: PaymentsProvider;
  /** PUBLIC_URL, when set: where Stripe sends the browser back to. */
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/**
 * What every part of the billing area works with: its dependencies, the clock, and the
 * repository, built so that a plan change also changes the workspace's plan in the same
 * transaction and is announced once committed (afterCommit). Built once in service.ts.
 */
export type BillingContext = Omit<BillingDeps, "now"> & {
  now: () => Date;
  repo: BillingRepository;
  /** The repository on a transaction (or the app's connection), with the plan-change hook. */
  repoFor(executor: Db): BillingRepository;
  /** Runs a plan-changing operation, then announces its committed plan changes. */
  afterCommit<T>(operation: Promise<T>): Promise<T>;
  inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Why nothing can be bought on this server; null when checkout works. */
  checkoutUnavailable(): string | null;
  /** Other areas' products sold through checkout, by seller name (see products.ts). */
  sellers: Map<string, ProductSeller>;
};

export function billingContext(deps: BillingDeps): BillingContext {
  const { db, workspaces, payments } = deps;
  // Plan changes wait here until their transaction has committed (see afterCommit).
  const changedPlans = new Set<string>();
  const repoFor = (executor: Db) =>
    billingRepository(executor, async (tx, workspaceId, planType) => {
      await workspaces.setPlanIn(tx, workspaceId, planType);
      changedPlans.add(workspaceId);
    });
  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    repo: repoFor(db),
    repoFor,
    async afterCommit<T>(operation: Promise<T>): Promise<T> {
      try {
        return await operation;
      } finally {
        for (const workspaceId of changedPlans) workspaces.planChanged(workspaceId);
        changedPlans.clear();
      }
    },
    inTransaction: (work) => db.transaction(work),
    checkoutUnavailable: () => (payments.name === "none" ? PAYMENTS_NOT_CONFIGURED : null),
    sellers: new Map(),
  };
}
