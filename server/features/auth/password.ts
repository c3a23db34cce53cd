import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id; the package declares it as a const enum, which isolated modules cannot import.
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifying against a throwaway hash when no account matches keeps the answer time the same,
 * so response timing does not reveal which usernames and emails exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-0000");
  await verifyPassword(await dummyHash, password);
}
