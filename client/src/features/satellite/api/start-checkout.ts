import { CheckoutResponse } from "@common/billing";
import type { SatelliteCheckoutMetadata } from "@common/satellite";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

export type PackageCheckout = {
  priceId: string;
  metadata: Omit<SatelliteCheckoutMetadata, "installation_phone" | "special_instructions"> & {
    installation_phone?: string | null;
    special_instructions?: string | null;
  };
};

/** POST /api/subscription/checkout with the package's price id and the installation. */
export const startPackageCheckout = ({ priceId, metadata }: PackageCheckout) =>
  requestParsed(CheckoutResponse, "POST", "/api/subscription/checkout", { planId: priceId, metadata });

export const useStartPackageCheckout = () => useMutation({ mutationFn: startPackageCheckout });
