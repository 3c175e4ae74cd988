import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), spelled out so a
 * library default changing does not silently change our hashes.
 */
const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a random password: checked when there is no user, so both cases take as long. */
let dummyHash: Promise<string> | null = null;

/**
 * Whether `password` matches `passwordHash`. Without a hash (unknown user, or an account
 * made by social sign-in) it still spends the time of one check, then answers false, so the
 * answer time does not tell whether an account exists.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
