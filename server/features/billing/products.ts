import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";

/**
 * Something another area sells through checkout (a satellite-internet package): the
 * order is made here like a plan's (the local provider's page or Stripe's), and once paid the
 * seller is told inside the payment event's transaction, so its effects happen once with it.
 */
export type ProductOrder = {
  name: string;
  /** What the order page lists. */
  lines: string[];
  /** The price id's amount, charged each month like a plan. */
  amountCents: number;
  /** Further monthly charges on the same order (equipment), each its own line at the provider. */
  extras: { name: string; amountCents: number }[];
  /** The price id checkout was asked for (a Stripe price when it starts with price_). */
  priceId: string;
  /** What the seller needs back once paid; validated by the seller. */
  metadata: Record<string, unknown>;
};

export type ProductSeller = {
  /** Stored with the order, so the paid event finds its seller. */
  name: string;
  /** Where the browser goes once the order is paid or cancelled (an app path). */
  returnPath: string;
  /** The order for this price id, or null when the id is not one of this seller's. Throws 4xx. */
  prepare(account: Account, priceId: string, metadata: Record<string, unknown>): Promise<ProductOrder | null>;
  /** The order was paid: its effects, in the payment event's transaction. */
  paid(
    tx: Db,
    order: {
      workspaceId: string;
      checkoutId: string;
      createdBy: string | null;
      metadata: Record<string, unknown>;
      at: Date;
    },
  ): Promise<void>;
};
