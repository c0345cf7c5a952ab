// Money is computed in integer minor units of the accommodation's currency (docs/api.md#money) and
// only converted to JSON numbers in major units at the edge. Rates (tax, discounts) are held as
// integer parts-per-million so that every multiplication can be done exactly with BigInt.

const PPM = 1_000_000;

/**
 * The largest amount, in minor units, that a price, fee, extra or computed total may be (10
 * million in a two-decimal currency). Every money schema is bounded by it and every computed
 * total is checked against it (`amount_too_large`), so what is stored always fits the 64-bit
 * columns and sums of such amounts stay exact JavaScript numbers.
 */
export const MAX_AMOUNT_MINOR = 1_000_000_000;

/** Whether a minor-unit amount is a safe integer no larger than MAX_AMOUNT_MINOR either way. */
export function withinAmountBound(minor: number): boolean {
  return Number.isSafeInteger(minor) && Math.abs(minor) <= MAX_AMOUNT_MINOR;
}
const MAX_DECIMALS = 20; // far beyond any currency (max 4) or ppm (6); guards 10n ** n

// ---- currencies -------------------------------------------------------------------------------

let knownCurrencies: ReadonlySet<string> | undefined;
const decimalsCache = new Map<string, number | null>();

/**
 * Minor-unit decimals of an ISO 4217 code (EUR 2, JPY 0, KWD 3), or null if Intl does not know
 * the code. Codes must be upper case, as ISO 4217 writes them.
 */
export function currencyDecimals(code: string): number | null {
  if (typeof code !== 'string') return null;
  // Only a well-formed code is ever stored (below), so looking any string up first is safe.
  const cached = decimalsCache.get(code);
  if (cached !== undefined) return cached;
  // Format first, so the cache holds at most 26^3 entries whatever callers send.
  if (!/^[A-Z]{3}$/.test(code)) return null;
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  let result: number | null = null;
  if (knownCurrencies.has(code)) {
    result =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ??
      null;
  }
  decimalsCache.set(code, result);
  return result;
}

// ---- exact decimal view of a JSON number ------------------------------------------------------

// value = digits × 10^exponent, read from String(x): the shortest decimal that round-trips to x,
// i.e. what the client most plausibly wrote ("120.5", not 120.5's binary expansion).
interface Decimal {
  digits: bigint;
  exponent: number;
}

function decimalOf(x: number): Decimal {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (m === null) throw new RangeError(`not a finite number: ${x}`);
  const frac = m[3] ?? '';
  return {
    digits: BigInt(`${m[1] ?? ''}${m[2] ?? '0'}${frac}`),
    exponent: Number(m[4] ?? '0') - frac.length,
  };
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer in 0..${MAX_DECIMALS}, got ${decimals}`);
  }
}

function abs(n: bigint): bigint {
  return n < 0n ? -n : n;
}

// ---- rounding ---------------------------------------------------------------------------------

/** numerator / denominator rounded half away from zero (docs/api.md#money), exactly. */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = abs(numerator);
  const d = abs(denominator);
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

/**
 * Integers up to this size, and the products, quotients and remainders the rounding below forms
 * of them, are exact as doubles, so roundDivExact needs no BigInt (which allocates on every
 * step, on the hot path of every quote).
 */
const EXACT_BOUND = 2 ** 52;

/**
 * numerator / denominator rounded half away from zero, as roundDiv, for safe integers up to
 * EXACT_BOUND either way (null beyond, where the caller takes roundDiv). The double quotient is
 * the exact one rounded once, so its floor is the true floor or one more (an integer is never
 * rounded below); the remainder, exact, says which.
 */
function roundDivExact(numerator: number, denominator: number): number | null {
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  if (n > EXACT_BOUND || d > EXACT_BOUND || d === 0) return null;
  let q = Math.floor(n / d);
  let r = n - q * d;
  if (r < 0) {
    q -= 1;
    r += d;
  }
  if (2 * r >= d) q += 1;
  // 0, not -0.
  return q === 0 ? 0 : numerator < 0 !== denominator < 0 ? -q : q;
}

function checkSafeInteger(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a safe integer, got ${n}`);
}

function toSafeNumber(n: bigint, what: string): number {
  const out = Number(n);
  if (!Number.isSafeInteger(out)) throw new RangeError(`${what} overflows a safe integer`);
  return out;
}

/** a / b for integers, rounded half away from zero (e.g. average price per night). */
export function divideRounded(a: number, b: number): number {
  checkSafeInteger(a, 'dividend');
  checkSafeInteger(b, 'divisor');
  return roundDivExact(a, b) ?? toSafeNumber(roundDiv(BigInt(a), BigInt(b)), 'quotient');
}

/** amountMinor × ppm / 1e6, rounded half away from zero, computed without floats. */
export function applyPpm(amountMinor: number, ppm: number): number {
  checkSafeInteger(amountMinor, 'amount');
  checkSafeInteger(ppm, 'ppm');
  // A product beyond EXACT_BOUND may have been rounded, but then reads as beyond it too.
  return (
    roundDivExact(amountMinor * ppm, PPM) ??
    toSafeNumber(roundDiv(BigInt(amountMinor) * BigInt(ppm), BigInt(PPM)), 'result')
  );
}

/**
 * The tax contained in an amount that includes it at `ppm` (amount × ppm / (1e6 + ppm)), rounded
 * half away from zero, computed without floats: what an invoice states for a price set by hand.
 */
export function includedTax(amountMinor: number, ppm: number): number {
  checkSafeInteger(amountMinor, 'amount');
  checkSafeInteger(ppm, 'ppm');
  return (
    roundDivExact(amountMinor * ppm, PPM + ppm) ??
    toSafeNumber(roundDiv(BigInt(amountMinor) * BigInt(ppm), BigInt(PPM) + BigInt(ppm)), 'result')
  );
}

// ---- major <-> minor --------------------------------------------------------------------------

/**
 * Major units (a JSON number such as 120.5) to integer minor units, or null when the number is
 * not finite, has more decimals than the currency allows (120.555 EUR), or does not fit a safe
 * integer. Arithmetic noise from the client (0.1 + 0.2 = 0.30000000000000004) is tolerated when
 * it is below 1e-9 of a minor unit or within a few float ULPs of an exact amount; anything larger
 * is a real extra decimal and is refused rather than silently rounded.
 */
export function toMinor(amount: number, decimals: number): number | null {
  checkDecimals(decimals);
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  const { digits, exponent } = decimalOf(amount);
  const shift = exponent + decimals;
  let minor: bigint;
  if (shift >= 0) {
    minor = digits * 10n ** BigInt(shift);
  } else {
    const scale = 10n ** BigInt(-shift);
    minor = roundDiv(digits, scale);
    // residue / scale is how far (in minor units) the amount is from `minor`.
    const residue = abs(digits - minor * scale);
    const negligible = residue * 1_000_000_000n < scale;
    if (!negligible) {
      const nearest = Number(`${minor}e-${decimals}`);
      if (Math.abs(amount - nearest) > 4 * Number.EPSILON * Math.abs(nearest)) return null;
    }
  }
  const out = Number(minor); // Number(0n) is +0, so -0 never escapes
  return Number.isSafeInteger(out) ? out : null;
}

/** 10 ** n for n in 0..MAX_DECIMALS, each exact (every power of ten up to 1e22 is a double). */
const POWERS_OF_TEN = Array.from({ length: MAX_DECIMALS + 1 }, (_, n) => Number(`1e${n}`));

/**
 * Integer minor units to the JSON number in major units (93280, 2 → 932.8): the double nearest
 * to the exact value, i.e. the same number as the literal 932.8, so no float noise such as
 * 932.8000000000001 can appear. A division of two exact doubles is rounded once, to the double
 * nearest its exact quotient: the same number parsing the decimal string `93280e-2` gives
 * (test/unit/money.test.ts compares the two), without building and parsing a string.
 */
export function toMajor(minor: number, decimals: number): number {
  checkDecimals(decimals);
  checkSafeInteger(minor, 'minor amount');
  // 0, not -0: the amount of nothing prints as 0.
  return minor === 0 ? 0 : minor / (POWERS_OF_TEN[decimals] ?? 1);
}

/**
 * docs/api.md#money: the caller's amount matches when it differs from the computed one by less than
 * half a minor unit. Compared exactly on the decimal the caller sent; exactly half does not match.
 */
export function amountMatches(receivedMajor: number, expectedMinor: number, decimals: number): boolean {
  checkDecimals(decimals);
  if (typeof receivedMajor !== 'number' || !Number.isFinite(receivedMajor)) return false;
  if (!Number.isSafeInteger(expectedMinor)) return false;
  const { digits, exponent } = decimalOf(receivedMajor);
  const shift = exponent + decimals;
  // Bring both sides to a common integer scale of 10^k per minor unit.
  const k = shift < 0 ? -shift : 0;
  const received = shift >= 0 ? digits * 10n ** BigInt(shift) : digits;
  const expected = BigInt(expectedMinor) * 10n ** BigInt(k);
  return abs(received - expected) * 2n < 10n ** BigInt(k);
}

// ---- rates ------------------------------------------------------------------------------------

/**
 * A fraction such as tax 0.10 to integer parts-per-million (100000), or null when it is not
 * finite, outside 0..1, or has more than 6 decimal places.
 */
export function rateToPpm(rate: number): number | null {
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 1) return null;
  return toMinor(rate, 6);
}

/** ppm back to the fraction, exactly as written (100000 → 0.1). */
export function ppmToRate(ppm: number): number {
  return toMajor(ppm, 6);
}

/** 93280 EUR → "932.80 EUR", from the integer, so no float noise can appear. */
export function formatMoney(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency) ?? 2;
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  return decimals === 0 ? `${sign}${whole} ${currency}` : `${sign}${whole}.${digits.slice(-decimals)} ${currency}`;
}
