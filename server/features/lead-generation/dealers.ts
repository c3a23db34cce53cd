import { DEALER_INDUSTRY, DEFAULT_DEALER_CITIES, type LeadResult } from "../../../common/lead-generation";
import type { Account } from "../../domain/account";
import { notFound } from "../../domain/errors";
import { datedCsvName } from "../../http/csv";
import type { LeadContext } from "./context";
import { findLeads, type SearchCache } from "./search";

/**
 * Satellite-internet dealer prospecting (viasat-dealers): each Florida city searched
 * in turn for satellite internet and TV dealers, the spec's 3 seconds apart (on the server, so
 * no client can hurry the providers), duplicates across cities dropped. With exportCSV the
 * results are kept for a week as a file only this workspace can download.
 */

const DEALERS_PER_CITY = 20;
export const EXPORT_DAYS = 7;

/** The CSV's columns and how each is read from a lead. */
export const DEALER_COLUMNS: [string, (lead: LeadResult) => unknown][] = [
  ["Name", (lead) => lead.name],
  ["Phone", (lead) => lead.phone],
  ["Website", (lead) => lead.website],
  ["Address", (lead) => lead.address],
  ["City", (lead) => lead.serpApiData.searchLocation],
  ["Category", (lead) => lead.category],
  ["Rating", (lead) => lead.rating],
  ["Reviews", (lead) => lead.reviewCount],
  ["Source", (lead) => lead.serpApiData.provider],
];

export async function searchDealers(
  context: LeadContext,
  cache: SearchCache,
  account: Account,
  request: { locations: string[]; exportCSV: boolean },
): Promise<{ leads: LeadResult[]; cities: string[]; csvPath: string | null }> {
  const cities = request.locations.length ? [...new Set(request.locations)] : [...DEFAULT_DEALER_CITIES];
  const seen = new Set<string>();
  const leads: LeadResult[] = [];
  for (const [index, city] of cities.entries()) {
    if (index > 0) await context.sleep(context.dealerSpacingMs);
    const found = await findLeads(
      context,
      cache,
      account,
      { industry: DEALER_INDUSTRY, location: `${city}, FL`, limit: DEALERS_PER_CITY },
      { seen },
    );
    leads.push(...found);
  }
  let csvPath: string | null = null;
  if (request.exportCSV) {
    const fileName = datedCsvName("viasat-dealers", context.now(), account.timezone);
    const row = await context.repo.createExport(account.id, fileName, leads);
    csvPath = `/api/leads/exports/${row.id}`;
  }
  return { leads, cities, csvPath };
}

export async function dealerExport(context: LeadContext, account: Account, exportId: string) {
  const row = await context.repo.getExport(account.id, exportId);
  if (!row) throw notFound("That export");
  const leads = row.leads as LeadResult[];
  return {
    fileName: row.fileName,
    headers: DEALER_COLUMNS.map(([header]) => header),
    rows: leads.map((lead) => DEALER_COLUMNS.map(([, read]) => read(lead))),
  };
}
