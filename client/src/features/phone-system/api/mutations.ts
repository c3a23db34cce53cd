import type { AddNumberRequest, UpdateNumberRequest } from "@common/phone-system";
import {
  BusinessCallResponse,
  type ExtensionRequest,
  ExtensionResponse,
  type HoursRequest,
  NumberDetailResponse,
  OkResponse,
  SetupRoutingResponse,
} from "@common/phone-system";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { requestParsed } from "../../../lib/api";
import { GRASSHOPPER_URL, numberUrl } from "./keys";

/** A phone-system write that refreshes every phone-system query once it succeeded. */
function usePhoneSystemMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [GRASSHOPPER_URL] }),
  });
}

const detail = async (method: string, url: string, body?: unknown) =>
  (await requestParsed(NumberDetailResponse, method, url, body)).number;

/** POST /api/grasshopper/numbers: one of the account's carrier numbers as a business number. */
export const useAddNumber = () =>
  usePhoneSystemMutation((input: z.input<typeof AddNumberRequest>) =>
    detail("POST", `${GRASSHOPPER_URL}/numbers`, input),
  );

/** PATCH /api/grasshopper/numbers/:id: type, location, greeting, active, after hours. */
export const useUpdateNumber = () =>
  usePhoneSystemMutation(({ id, change }: { id: string; change: z.input<typeof UpdateNumberRequest> }) =>
    detail("PATCH", numberUrl(id), change),
  );

/** DELETE /api/grasshopper/numbers/:id. */
export const useDeleteNumber = () =>
  usePhoneSystemMutation((id: string) => requestParsed(OkResponse, "DELETE", numberUrl(id)));

/** PUT /api/grasshopper/numbers/:id/hours: the whole week at once (a day left out is closed). */
export const useSetHours = () =>
  usePhoneSystemMutation(({ id, hours }: { id: string; hours: HoursRequest["hours"] }) =>
    detail("PUT", `${numberUrl(id)}/hours`, { hours }),
  );

/** POST, or PUT with an extension id: an extension of the number. */
export const useSaveExtension = () =>
  usePhoneSystemMutation(
    async ({
      numberId,
      extensionId,
      extension,
    }: {
      numberId: string;
      extensionId?: string;
      extension: ExtensionRequest;
    }) =>
      (
        await requestParsed(
          ExtensionResponse,
          extensionId ? "PUT" : "POST",
          `${numberUrl(numberId)}/extensions${extensionId ? `/${encodeURIComponent(extensionId)}` : ""}`,
          extension,
        )
      ).extension,
  );

/** DELETE /api/grasshopper/numbers/:id/extensions/:extensionId. */
export const useDeleteExtension = () =>
  usePhoneSystemMutation(({ numberId, extensionId }: { numberId: string; extensionId: string }) =>
    requestParsed(
      OkResponse,
      "DELETE",
      `${numberUrl(numberId)}/extensions/${encodeURIComponent(extensionId)}`,
    ),
  );

/** POST /api/grasshopper/setup-routing (no body): the routing applied to every active number. */
export const useSetupRouting = () =>
  usePhoneSystemMutation(() =>
    requestParsed(SetupRoutingResponse, "POST", `${GRASSHOPPER_URL}/setup-routing`),
  );

/** POST /api/grasshopper/call {contactId, numberId?}: rings the user, then the contact. */
export const useBusinessCall = () =>
  usePhoneSystemMutation((input: { contactId: string; numberId?: string }) =>
    requestParsed(BusinessCallResponse, "POST", `${GRASSHOPPER_URL}/call`, input),
  );
