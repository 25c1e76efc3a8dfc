// Slows password guessing: after too many failed sign-ins for one name (from anywhere) or from one
// address (for any name) within a window, further attempts are refused with 429 until it passes.
// In memory per process: a restart forgives, which is acceptable for a game server.
import { HttpError } from './errors.js';

export interface ThrottleLimits {
  /** Failures allowed per name, and per address, within the window. */
  failures: number;
  windowMs: number;
}

export const SIGN_IN_LIMITS: ThrottleLimits = { failures: 10, windowMs: 15 * 60_000 };

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits = SIGN_IN_LIMITS, private readonly now: () => number = Date.now) {}

  /** Refuses the attempt when the name or the address has failed too often lately. */
  check(name: string, address: string): void {
    const wait = Math.max(this.waitFor(`name:${name}`), this.waitFor(`addr:${address}`));
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      throw new HttpError(429, `too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`);
    }
  }

  fail(name: string, address: string): void {
    for (const key of [`name:${name}`, `addr:${address}`]) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
    if (this.failures.size > 100_000) this.prune();
  }

  succeed(name: string): void {
    this.failures.delete(`name:${name}`);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    return (this.failures.get(key) ?? []).filter((t) => t > since);
  }

  /** Milliseconds until the key may try again (0: now). */
  private waitFor(key: string): number {
    const list = this.recent(key);
    if (list.length < this.limits.failures) return 0;
    return list[list.length - this.limits.failures]! + this.limits.windowMs - this.now();
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) {
      const list = this.recent(key);
      if (list.length === 0) this.failures.delete(key);
      else this.failures.set(key, list);
    }
  }
}
