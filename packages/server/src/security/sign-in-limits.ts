/**
 * The sign-in limits (docs/security.md, "Password guessing"): failed sign-ins per client address and per
 * account, and external sign-in starts per address, counted with rate-limiter-flexible in Redis when
 * instances share it, else in this process.
 *
 * Failures are counted, not attempts: an attempt reserves one failure before the secret is checked and gives
 * it back when it succeeds. So a whole computer lab behind one NAT address signs in at the same minute,
 * while guesses (and guesses sent in parallel, each holding its reservation while it is checked) still run
 * out. Reserving before the check is also what makes the limits fail closed: when Redis is connected but
 * refuses the write (memory full with `noeviction`, a read-only replica after a fail-over), the attempt is
 * refused with a 503 before any password is looked at, so no answer tells a right password from a wrong one.
 * External starts check no secret, so while Redis fails they are counted in this process instead: a limit
 * that falls back, never one that switches off.
 */
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { HttpError } from '../errors.js';
import { comparableUsername } from './username.js';

export const ADDRESS_LIMIT_MESSAGE =
  'Too many sign-in attempts from this address. Wait a minute and try again.';
export const ACCOUNT_LIMIT_MESSAGE =
  'Too many failed sign-ins for this account. Wait a few minutes and try again.';
export const LIMITS_UNAVAILABLE_MESSAGE =
  'Sign-in is unavailable right now: sign-in attempts cannot be counted. Try again in a minute.';

/** The Redis keys' prefix (tests clear `atrium-rate-limit:*` between cases). */
const KEY_PREFIX = 'atrium-rate-limit';
const ADDRESS_WINDOW_MS = 60_000;

export interface SignInLimitSettings {
  /** Failed sign-ins allowed per client address per minute. */
  addressFailures: number;
  /** Failed sign-ins allowed per account per `accountWindowMs`. */
  accountFailures: number;
  accountWindowMs: number;
  /** External sign-in starts allowed per client address per minute. */
  externalStarts: number;
}

/** One attempt's reserved failures: `succeeded` gives them back. */
export interface Reservation {
  succeeded(): Promise<void>;
}

/** rate-limiter-flexible counts in whole seconds: a window is rounded up to the next one. */
const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

function limiter(
  redis: Redis | null,
  name: string,
  points: number,
  windowMs: number,
  insured: boolean,
): RateLimiterAbstract {
  const options = { keyPrefix: `${KEY_PREFIX}:${name}`, points, duration: seconds(windowMs) };
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    // Without a ready connection, fail (or fall back) at once rather than wait for a command time-out.
    rejectIfRedisNotReady: true,
    ...(insured ? { insuranceLimiter: new RateLimiterMemory(options) } : {}),
  });
}

const over = (message: string): HttpError => new HttpError(429, 'rate-limited', message);
const unavailable = (): HttpError => new HttpError(503, 'unavailable', LIMITS_UNAVAILABLE_MESSAGE);

export class SignInLimits {
  private readonly address: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;
  private readonly externalStarts: RateLimiterAbstract;

  constructor(
    settings: SignInLimitSettings,
    redis: Redis | null,
    private readonly warn: (message: string) => void,
  ) {
    this.address = limiter(redis, 'address', settings.addressFailures, ADDRESS_WINDOW_MS, false);
    this.account = limiter(redis, 'account', settings.accountFailures, settings.accountWindowMs, false);
    this.externalStarts = limiter(redis, 'sso-start', settings.externalStarts, ADDRESS_WINDOW_MS, true);
  }

  /**
   * Reserves one failure for `address` and, when given, for the account `username` names (as the backend
   * compares it). 429 when either has none left, 503 when the count cannot be written.
   */
  async reserve(address: string, username?: string): Promise<Reservation> {
    const taken: Array<[RateLimiterAbstract, string]> = [];
    await this.take(this.address, address, ADDRESS_LIMIT_MESSAGE);
    taken.push([this.address, address]);
    if (username !== undefined) {
      const key = comparableUsername(username);
      await this.take(this.account, key, ACCOUNT_LIMIT_MESSAGE);
      taken.push([this.account, key]);
    }
    return {
      succeeded: async () => {
        for (const [counter, key] of taken) {
          // A refund that fails leaves one failure too many for a minute: worth a line, not a refusal.
          await counter.reward(key).catch((error: unknown) => {
            this.warn(`A sign-in's reserved failure could not be given back: ${String(error)}`);
          });
        }
      },
    };
  }

  /** Counts an external sign-in start for `address`: 429 when it has none left. */
  async countExternalStart(address: string): Promise<void> {
    await this.take(this.externalStarts, address, ADDRESS_LIMIT_MESSAGE);
  }

  private async take(counter: RateLimiterAbstract, key: string, message: string): Promise<void> {
    try {
      await counter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw over(message);
      this.warn(`Sign-in attempts could not be counted: ${String(error)}`);
      throw unavailable();
    }
  }
}
