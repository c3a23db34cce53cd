import { AutodialResponse } from "@common/satellite";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { VIASAT_URL } from "./keys";

/** POST /api/viasat/autodial {contactId}: a call to the customer with the satellite-sales script. */
export const autodial = (contactId: string) =>
  requestParsed(AutodialResponse, "POST", `${VIASAT_URL}/autodial`, { contactId });

export const useAutodial = () => useMutation({ mutationFn: autodial });
