/** Every phone-system query is keyed under this, so one invalidation refreshes numbers, analytics and voicemails. */
export const GRASSHOPPER_URL = "/api/grasshopper";

export const numberUrl = (id: string) => `${GRASSHOPPER_URL}/numbers/${encodeURIComponent(id)}`;
