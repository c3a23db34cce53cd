/**
 * `Account` lives in server/domain/account.ts. This re-export stays only until the last file
 * that still names this path is committed; nothing in the working tree imports it.
 */
export type { Account, AccountLoader, OwnerProfile } from "../domain/account";
