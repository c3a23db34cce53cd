/** Every lead generation query is keyed under this, so one invalidation refreshes them all. */
export const LEADS_URL = "/api/leads";
/** Saved leads are contacts: the contact screens' queries are keyed under this. */
export const CONTACTS_URL = "/api/contacts";
