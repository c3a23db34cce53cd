import { DoNotCallOut } from "@common/contacts";
import { useMutation } from "@tanstack/react-query";
import { throwIfNotOk } from "../../../../lib/api";
import { DO_NOT_CALL_URL, useRefreshDoNotCall } from "./get-do-not-call";

/** POST /api/do-not-call: 201 with the new entry, or 200 with the entry already listed. */
export async function addDoNotCall(phoneNumber: string) {
  const response = await fetch(DO_NOT_CALL_URL, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ phoneNumber }),
  });
  await throwIfNotOk(response);
  return { entry: DoNotCallOut.parse(await response.json()), created: response.status === 201 };
}

export function useAddDoNotCall() {
  const refresh = useRefreshDoNotCall();
  return useMutation({ mutationFn: addDoNotCall, onSuccess: refresh });
}
