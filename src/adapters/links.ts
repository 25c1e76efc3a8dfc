// Links from chat accounts and mail addresses to Nomicon persons, made with one-time codes a person gets on the web (or from the operator).
import { createHash, randomInt } from 'node:crypto';
import { JsonFile } from './json-file.js';

export type LinkMedium = 'discord' | 'mail';

interface CodeRecord {
  person: string;
  expires: number;
  issuedAt: number;
}

interface LinkRecord {
  person: string;
  linkedAt: number;
}

export interface LinkData {
  /** sha256 of a code -> who it links; a code is used once. */
  codes: Record<string, CodeRecord>;
  /** Discord user id -> person. */
  discord: Record<string, LinkRecord>;
  /** Lower-cased mail address -> person. */
  mail: Record<string, LinkRecord>;
}

/** Crockford's base32 without I, L, O, U: easy to read aloud and to type. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const HOUR = 3_600_000;

function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

function hashCode(code: string): string {
  return createHash('sha256').update(`nomicon-link:${normalizeCode(code)}`).digest('hex');
}

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

export class LinkStore {
  private readonly file: JsonFile<LinkData>;

  constructor(path: string | undefined, private readonly clock: () => number = Date.now) {
    this.file = new JsonFile<LinkData>(path, () => ({ codes: {}, discord: {}, mail: {} }));
  }

  /** A new one-time code for `person`, valid for `ttlMs` (one hour by default). Only its hash is kept. */
  issueCode(person: string, ttlMs = HOUR): string {
    if (!person.trim()) throw new Error('a link code is for a person: name one');
    let raw = '';
    for (let i = 0; i < 10; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
    const code = `${raw.slice(0, 5)}-${raw.slice(5)}`;
    const now = this.clock();
    this.file.update((d) => {
      for (const [hash, c] of Object.entries(d.codes)) if (c.expires <= now) delete d.codes[hash];
      d.codes[hashCode(code)] = { person, expires: now + ttlMs, issuedAt: now };
    });
    return code;
  }

  /** Uses a code: links `account` (a Discord user id or a mail address) to the code's person. */
  redeem(code: string, medium: LinkMedium, account: string): { person: string } | { error: string } {
    const hash = hashCode(code);
    const record = this.file.data.codes[hash];
    if (!record) return { error: 'this link code is not known (it may have been used already): get a new one on the web' };
    if (record.expires <= this.clock()) {
      this.file.update((d) => delete d.codes[hash]);
      return { error: 'this link code has expired: get a new one on the web' };
    }
    const key = medium === 'mail' ? normalizeAddress(account) : account;
    this.file.update((d) => {
      delete d.codes[hash];
      d[medium][key] = { person: record.person, linkedAt: this.clock() };
    });
    return { person: record.person };
  }

  /** Links directly (the operator's command, or tests). */
  link(medium: LinkMedium, account: string, person: string): void {
    const key = medium === 'mail' ? normalizeAddress(account) : account;
    this.file.update((d) => void (d[medium][key] = { person, linkedAt: this.clock() }));
  }

  unlink(medium: LinkMedium, account: string): boolean {
    const key = medium === 'mail' ? normalizeAddress(account) : account;
    if (!this.file.data[medium][key]) return false;
    this.file.update((d) => delete d[medium][key]);
    return true;
  }

  person(medium: LinkMedium, account: string): string | undefined {
    return this.file.data[medium][medium === 'mail' ? normalizeAddress(account) : account]?.person;
  }

  /** Every person linked on a medium. */
  persons(medium: LinkMedium): string[] {
    return [...new Set(Object.values(this.file.data[medium]).map((l) => l.person))];
  }

  /** The accounts linked to a person on a medium (a person may have several). */
  accounts(medium: LinkMedium, person: string): string[] {
    return Object.entries(this.file.data[medium]).filter(([, l]) => l.person === person).map(([account]) => account);
  }
}
