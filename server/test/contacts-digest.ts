import { sql } from "drizzle-orm";
import type { TestApp } from "./app";

/**
 * The workspace's contacts, every column (the generated search text aside), their phone logs'
 * links, their lists and the do-not-call list, as one digest: "restored exactly" is this digest
 * being the same again.
 */
export async function workspaceDigest(
  app: TestApp,
  workspaceId: string,
): Promise<{ contacts: string; links: string; count: number }> {
  const [found] = (
    (await app.database.db.execute(sql`
    select
      (select count(*)::int from contacts where workspace_id = ${workspaceId}::uuid) as count,
      (select md5(coalesce(string_agg((to_jsonb(c) - 'search_text')::text, '|' order by c.id), ''))
         from contacts c where c.workspace_id = ${workspaceId}::uuid) as contacts,
      md5(
        coalesce((select string_agg(l.id::text || ':' || coalesce(l.contact_id::text, '-'), '|' order by l.id)
                  from phone_logs l where l.workspace_id = ${workspaceId}::uuid), '') || '#' ||
        coalesce((select string_agg(m.segment_id::text || ':' || m.contact_id::text, '|' order by m.segment_id, m.contact_id)
                  from contact_list_members m where m.workspace_id = ${workspaceId}::uuid), '') || '#' ||
        coalesce((select string_agg(d.phone_e164, '|' order by d.phone_e164)
                  from do_not_call_numbers d where d.workspace_id = ${workspaceId}::uuid), '')
      ) as links`)) as unknown as { rows: { contacts: string; links: string; count: number }[] }
  ).rows;
  if (!found) throw new Error("no digest");
  return found;
}
