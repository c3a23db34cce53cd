import {
  type EmailTemplate,
  EmailTemplateList,
  EmailTemplateOut,
  type EmailTemplateUpdate,
} from "@common/email";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getParsed, requestParsed } from "../../../lib/api";
import { TEMPLATES_URL } from "./create-template";

/** GET /api/email-marketing/templates: the workspace's templates, newest first. */
export const templatesQueryOptions = queryOptions({
  queryKey: [TEMPLATES_URL],
  queryFn: () => getParsed(EmailTemplateList, TEMPLATES_URL),
});
export const useTemplates = () => useQuery(templatesQueryOptions);

/** PUT /api/email-marketing/templates/:id: the changed fields. */
export function updateTemplate({
  id,
  ...body
}: EmailTemplateUpdate & { id: string }): Promise<EmailTemplate> {
  return requestParsed(EmailTemplateOut, "PUT", `${TEMPLATES_URL}/${id}`, body);
}
export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_URL] }),
  });
}

/** DELETE /api/email-marketing/templates/:id (204). */
export const deleteTemplate = (id: string) => apiRequest<void>("DELETE", `${TEMPLATES_URL}/${id}`);
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_URL] }),
  });
}
