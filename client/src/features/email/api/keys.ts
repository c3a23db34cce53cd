/** The email-marketing API root. */
export const EMAIL_URL = "/api/email-marketing";
