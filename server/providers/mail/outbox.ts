import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { buildRaw } from "./build";
import type { MailTransport, SendOutcome } from "./types";

/** Outbox file names are the message's own id: nothing a request sends can name another path. */
const SAFE_ID = /^[A-Za-z0-9-]{1,80}$/;

export function outboxDir(dataDir: string, workspaceId: string): string {
  if (!SAFE_ID.test(workspaceId)) throw new Error("bad workspace id");
  return path.join(dataDir, "outbox", workspaceId);
}

/**
 * The default transport: every message written as a standard .eml file in
 * DATA_DIR/outbox/<workspace>/, so `npm start` alone shows the whole flow (the Outbox screen
 * reads them). Written to a temporary name and renamed, so a crash never leaves half a message.
 */
export function outboxTransport(dataDir: string): MailTransport {
  return {
    name: "outbox",
    async send(mail): Promise<SendOutcome> {
      if (!SAFE_ID.test(mail.id)) throw new Error("bad message id");
      const dir = outboxDir(dataDir, mail.workspaceId);
      await mkdir(dir, { recursive: true });
      const raw = await buildRaw(mail);
      const file = path.join(dir, `${mail.id}.eml`);
      await writeFile(`${file}.tmp`, raw);
      await rename(`${file}.tmp`, file);
      return { kind: "accepted", response: `250 written to outbox as ${mail.id}.eml` };
    },
    async close() {},
  };
}

export type OutboxFile = { id: string; size: number; modifiedAt: Date };

/** The workspace's outbox files, newest first. */
export async function listOutbox(dataDir: string, workspaceId: string): Promise<OutboxFile[]> {
  const dir = outboxDir(dataDir, workspaceId);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith(".eml"))
      .map(async (name) => {
        const info = await stat(path.join(dir, name)).catch(() => null);
        return info ? { id: name.slice(0, -4), size: info.size, modifiedAt: info.mtime } : null;
      }),
  );
  return files
    .filter((file): file is OutboxFile => file !== null)
    .sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime() || b.id.localeCompare(a.id));
}

/** One message's bytes, or null when the id is not a file of this workspace's outbox. */
export async function readOutbox(dataDir: string, workspaceId: string, id: string): Promise<Buffer | null> {
  if (!SAFE_ID.test(id)) return null;
  try {
    return await readFile(path.join(outboxDir(dataDir, workspaceId), `${id}.eml`));
  } catch {
    return null;
  }
}
