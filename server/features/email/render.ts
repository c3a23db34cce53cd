import sanitizeHtml from "sanitize-html";
import { MERGE_FIELDS, type MergeField, type Personalization } from "../../../common/email";

/**
 * Logic-less merge fields: `{{firstName}}`, `{{businessName}}`, `{{city}}`, `{{state}}`, with an
 * optional fallback `{{firstName|there}}`. Nothing else is evaluated: templates carry no code.
 * In HTML every value (and fallback) is escaped, so a contact named `<script>` stays text.
 */
const FIELD = /\{\{\s*([A-Za-z]+)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function isMergeField(name: string): name is MergeField {
  return (MERGE_FIELDS as readonly string[]).includes(name);
}

/** A missing value becomes the fallback, or nothing; an unknown field is left as written. */
export function mergeFields(template: string, values: Personalization, mode: "text" | "html"): string {
  return template.replace(FIELD, (whole, name: string, fallback: string | undefined) => {
    if (!isMergeField(name)) return whole;
    const value = values[name]?.trim() || fallback || "";
    // Header and text values never carry line breaks from a contact's data.
    const clean = value.replace(/[\r\n]+/g, " ");
    return mode === "html" ? escapeHtml(clean) : clean;
  });
}

/** HTML a template may keep: formatting, links and images; no scripts, handlers, forms or styles that load. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== "iframe"),
      "img",
      "center",
      "font",
      "span",
    ],
    allowedAttributes: {
      "*": ["style", "align", "width", "height", "bgcolor", "color", "border", "cellpadding", "cellspacing"],
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https", "cid", "data"] },
    allowProtocolRelative: false,
  });
}

/** The text part when a template only has HTML: block ends become line breaks, tags go. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<\s*br\s*\/?>/gi, "\n")
    .replace(/<\s*\/(p|div|h[1-6]|li|tr|table)\s*>/gi, "\n")
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, "$2 ($1)");
  const stripped = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Plain text as HTML paragraphs (a template written as text only still gets an HTML part). */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

export type RenderedEmail = { subject: string; text: string; html: string };

export type ComplianceFooter = { postalAddress: string; unsubscribeUrl: string } | null;

/**
 * One recipient's message: merge fields filled, the HTML sanitised again after merging, a text
 * part always, and for marketing mail the postal address and a visible unsubscribe link in both.
 */
export function renderEmail(
  template: { subject: string; textContent: string; htmlContent: string },
  values: Personalization,
  footer: ComplianceFooter,
): RenderedEmail {
  const subject = mergeFields(template.subject, values, "text").slice(0, 998);
  const htmlSource = template.htmlContent.trim() ? template.htmlContent : textToHtml(template.textContent);
  let html = sanitizeEmailHtml(mergeFields(htmlSource, values, "html"));
  let text = template.textContent.trim()
    ? mergeFields(template.textContent, values, "text")
    : htmlToText(html);
  if (footer) {
    html += `\n<hr>\n<p style="font-size:12px;color:#666">${escapeHtml(footer.postalAddress)}<br><a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe</a> from these emails.</p>`;
    text += `\n\n--\n${footer.postalAddress}\nUnsubscribe: ${footer.unsubscribeUrl}\n`;
  }
  return { subject, text, html };
}
