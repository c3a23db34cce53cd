/** The email-marketing API root (spec 3 §7). */
export const EMAIL_URL = "/api/email-marketing";
