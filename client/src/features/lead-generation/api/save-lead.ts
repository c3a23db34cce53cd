import { ContactOut } from "@common/contacts";
import type { LeadToSave } from "@common/lead-generation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { requestParsed } from "../../../lib/api";
import { CONTACTS_URL, LEADS_URL } from "./keys";

/** POST /api/leads/save-contact → {contact}: one lead becomes a contact. */
export const saveLead = (lead: LeadToSave) =>
  requestParsed(z.object({ contact: ContactOut }), "POST", `${LEADS_URL}/save-contact`, lead);

export function useSaveLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLead,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [LEADS_URL] });
      void client.invalidateQueries({ queryKey: [CONTACTS_URL] });
    },
  });
}
