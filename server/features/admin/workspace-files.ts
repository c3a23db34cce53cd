import { rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * The folders under DATA_DIR that hold one workspace's files, each named by the workspace's id:
 * the email outbox (providers/mail/outbox.ts), AI Studio's voice lab audio
 * (ai-studio/voice-lab.ts), the voice profiles' samples (voice/service.ts) and the business
 * phone system's voicemails (phone-system/voicemail.ts). Deleting a
 * workspace's rows leaves them behind; deleting a person "with all their data" removes them too.
 */
export const WORKSPACE_FOLDERS = ["outbox", "ai-studio-audio", "voice-samples", "voicemails"] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Removes the deleted workspaces' folders; answers how many existed. Never a path outside DATA_DIR. */
export function workspaceFiles(dataDir: string) {
  return async function removeWorkspaceFiles(workspaceIds: readonly string[]): Promise<number> {
    let removed = 0;
    for (const workspaceId of workspaceIds) {
      if (!UUID.test(workspaceId)) continue;
      for (const folder of WORKSPACE_FOLDERS) {
        const target = path.join(dataDir, folder, workspaceId);
        const found = await stat(target).then(
          () => true,
          () => false,
        );
        if (!found) continue;
        await rm(target, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  };
}
