import { PackagesResponse } from "@common/satellite";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { VIASAT_URL } from "./keys";

/** GET /api/viasat/packages: the workspace's packages. */
export const packagesQueryOptions = queryOptions({
  queryKey: [VIASAT_URL, "packages"],
  queryFn: async () => (await getParsed(PackagesResponse, `${VIASAT_URL}/packages`)).packages,
});

export const usePackages = () => useQuery(packagesQueryOptions);
