// Personal list addresses: LOCAL+ALIAS.TOKEN@DOMAIN, the token an HMAC of game and person, so a message to one proves its sender knows the secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeAddress } from '../links.js';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export function splitAddress(address: string): { local: string; domain: string } {
  const a = normalizeAddress(address);
  const at = a.lastIndexOf('@');
  return { local: a.slice(0, at), domain: a.slice(at + 1) };
}

/** The part of a personal address that names the person (letters, digits, - and _). */
export function aliasOf(person: string): string {
  return person.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
}

/** 16 base32 characters (80 bits) of HMAC-SHA256(secret, game + person). */
export function tokenFor(secret: string, game: string, person: string): string {
  return base32(createHmac('sha256', secret).update(`${game}\u0000${person}`).digest()).slice(0, 16);
}

export function personalAddress(list: string, secret: string, game: string, person: string): string {
  const { local, domain } = splitAddress(list);
  return `${local}+${aliasOf(person)}.${tokenFor(secret, game, person)}@${domain}`;
}

export type Recipient = { kind: 'list' } | { kind: 'personal'; alias: string; token: string };

/** What a recipient address is to this list: the list itself, a personal address, or nothing (undefined). */
export function readRecipient(list: string, address: string): Recipient | undefined {
  const l = splitAddress(list);
  const a = splitAddress(address);
  if (a.domain !== l.domain) return undefined;
  if (a.local === l.local) return { kind: 'list' };
  const m = a.local.match(/^(.+?)\+([a-z0-9_-]+)\.([a-z2-7]{16})$/);
  if (!m || m[1] !== l.local) return undefined;
  return { kind: 'personal', alias: m[2]!, token: m[3]! };
}

/** The person among `candidates` a personal address belongs to, if its token is right. */
export function verifyPersonal(secret: string, game: string, recipient: { alias: string; token: string }, candidates: Iterable<string>): string | undefined {
  for (const person of candidates) {
    if (aliasOf(person) !== recipient.alias) continue;
    const expected = Buffer.from(tokenFor(secret, game, person));
    const given = Buffer.from(recipient.token);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return person;
  }
  return undefined;
}
