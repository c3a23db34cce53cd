import { type EmailTemplate, type EmailTemplateCreate, EmailTemplateOut } from "@common/email";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";
import { EMAIL_URL } from "./keys";

export const TEMPLATES_URL = `${EMAIL_URL}/templates`;

/** POST /api/email-marketing/templates. */
export function createTemplate(body: EmailTemplateCreate): Promise<EmailTemplate> {
  return requestParsed(EmailTemplateOut, "POST", TEMPLATES_URL, body);
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_URL] }),
  });
}
