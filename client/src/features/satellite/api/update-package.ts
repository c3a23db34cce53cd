import { PackageResponse, type PackageUpdate } from "@common/satellite";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { VIASAT_URL } from "./keys";

/** PUT /api/viasat/packages/:id: a workspace admin's change to a package. */
export const updatePackage = ({ id, change }: { id: string; change: PackageUpdate }) =>
  requestParsed(PackageResponse, "PUT", `${VIASAT_URL}/packages/${encodeURIComponent(id)}`, change);

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VIASAT_URL] }),
  });
}
