/** Every satellite query is keyed under this, so one invalidation refreshes packages, slots and orders. */
export const VIASAT_URL = "/api/viasat";
