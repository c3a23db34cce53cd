import { User } from "@common/user";
import { z } from "zod";

/**
 * The signed-in account as GET /api/user answers it: the shared `User`, with the workspace this
 * session works in and the person's role there.
 */
export const CurrentUser = User;
export type CurrentUser = User;

/** The answer to signing in or signing up (201): the account now signed in. */
export const SignedIn = z.object({ user: CurrentUser });
export type SignedIn = z.infer<typeof SignedIn>;
