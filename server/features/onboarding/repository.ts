import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { onboardingChecklists } from "../../db/schema";

export type ChecklistRow = typeof onboardingChecklists.$inferSelect;

/** The onboarding area's own table: the choices its checklist keeps per workspace. */
export function onboardingRepository(db: Db) {
  const save = async (
    workspaceId: string,
    change: Partial<Pick<ChecklistRow, "simulatorChosenAt" | "dismissedAt">>,
  ): Promise<void> => {
    await db
      .insert(onboardingChecklists)
      .values({ workspaceId, ...change })
      .onConflictDoUpdate({ target: onboardingChecklists.workspaceId, set: change });
  };
  return {
    async checklist(workspaceId: string): Promise<ChecklistRow | undefined> {
      const [row] = await db
        .select()
        .from(onboardingChecklists)
        .where(eq(onboardingChecklists.workspaceId, workspaceId));
      return row;
    },

    setSimulatorChosen: (workspaceId: string, at: Date | null) =>
      save(workspaceId, { simulatorChosenAt: at }),

    dismiss: (workspaceId: string, at: Date) => save(workspaceId, { dismissedAt: at }),
  };
}

export type OnboardingRepository = ReturnType<typeof onboardingRepository>;
