import { describe, expect, it } from 'vitest';
import { SignInThrottle } from '../../src/server/throttle.js';

describe('SignInThrottle', () => {
  it('blocks a name and an address after the allowed failures, and lets them try again when the window passes', () => {
    let now = 0;
    const throttle = new SignInThrottle({ failures: 2, windowMs: 10 * 60_000 }, () => now);
    throttle.check('alice', 'a');
    throttle.fail('alice', 'a');
    now += 60_000;
    throttle.fail('alice', 'a');
    expect(() => throttle.check('alice', 'b')).toThrow(/try again in 9 minutes/);
    expect(() => throttle.check('bob', 'a')).toThrow(/too many failed sign-ins/);
    expect(() => throttle.check('bob', 'b')).not.toThrow();
    now += 9 * 60_000 + 1;
    expect(() => throttle.check('alice', 'b')).not.toThrow();
  });

  it('forgives a name on success', () => {
    const throttle = new SignInThrottle({ failures: 2, windowMs: 60_000 }, () => 0);
    throttle.fail('alice', 'a');
    throttle.succeed('alice');
    throttle.fail('alice', 'c');
    expect(() => throttle.check('alice', 'd')).not.toThrow();
  });
});
