/**
 * Prints a scrypt hash for the reference homepage API's members table, in the format
 * the API stores. Used to write the seeded members' hashes (seed/members.ts) so the
 * seed needs no scrypt at start.  Usage: node scripts/hash-password-api.ts 'password'
 */
import { hashPassword } from '#server/homepage-api/auth/passwords.ts';

const password = process.argv[2];
if (!password) {
  console.error('usage: node scripts/hash-password-api.ts <password>');
  process.exit(2);
}
console.log(await hashPassword(password));
