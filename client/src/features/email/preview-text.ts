import type { EmailTemplate } from "@common/email";

/** A template's words for a preview: its text part, or its HTML without tags when it has none. */
export function templateText(template: Pick<EmailTemplate, "textContent" | "htmlContent">): string {
  const text = template.textContent.trim()
    ? template.textContent
    : template.htmlContent.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ");
  return text.replace(/\s+/g, " ").trim();
}

/** The first `chars` characters, with "..." when there was more (300 and 150). */
export function previewOf(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}...` : text;
}
