import type { Accommodation } from '../db/schema.ts';
import { badRequest, type AppError } from '../http/errors.ts';
import { canonicalTimeZone } from '../shared/dates.ts';
import {
  currencyDecimals,
  MAX_AMOUNT_MINOR,
  ppmToRate,
  rateToPpm,
  toMajor,
  toMinor,
  withinAmountBound,
} from '../shared/money.ts';
import {
  GUEST_FACT_NAMES,
  type AccommodationCreateInput,
  type AccommodationJson,
  type AccommodationPatchInput,
} from './accommodation-schemas.ts';
import { applyMoneyInput, moneyRulesToJson } from './money-fields.ts';

/**
 * The admin API's accommodation (major units, fractions) to and from its row (minor units, ppm).
 * Pure: no I/O, so every rule is unit-tested. Bad values throw a 400 naming the field.
 */

/** Everything of a row that the admin edits (id and timestamps are the repository's). */
export type AccommodationFields = Omit<Accommodation, 'id' | 'created_at' | 'updated_at' | 'archived_at'>;

type RateField = 'tax_rate' | 'weekly_discount' | 'monthly_discount';
type ExtraName = 'breakfast' | 'linen' | 'late_checkin';

const EXTRA_COLUMNS = {
  breakfast: 'extra_breakfast',
  linen: 'extra_linen',
  late_checkin: 'extra_late_checkin',
} as const;
const EXTRA_NAMES = Object.keys(EXTRA_COLUMNS) as ExtraName[];
const RATE_COLUMNS = {
  tax_rate: 'tax_rate_ppm',
  weekly_discount: 'weekly_discount_ppm',
  monthly_discount: 'monthly_discount_ppm',
} as const;
const RATE_NAMES = Object.keys(RATE_COLUMNS) as RateField[];

/**
 * The defaults of docs/api.md#admin-accommodations. Name, base price and max guests are required on
 * create, so their placeholders never survive.
 */
const NEW_ACCOMMODATION: AccommodationFields = {
  name: '',
  currency: 'EUR',
  timezone: 'UTC',
  base_price: 0,
  cleaning_fee: 0,
  tax_rate_ppm: 0,
  weekly_discount_ppm: 0,
  monthly_discount_ppm: 0,
  min_stay: 1,
  max_stay: 365,
  max_guests: 1,
  checkin_time: '15:00',
  checkout_time: '10:00',
  extra_breakfast: null,
  extra_linen: null,
  extra_late_checkin: null,
  language: 'en',
  city_tax: null,
  extra_guest_fee: null,
  damage_deposit: null,
  cancellation_policy: null,
  payment_terms: null,
  registration_number: null,
  address: null,
  arrival_instructions: null,
  door_code: null,
  wifi_name: null,
  wifi_password: null,
  door_code_days: 2,
};

/** Decimals of a currency already stored; an unknown one there is a bug, not a client error. */
export function storedDecimals(currency: string): number {
  const decimals = currencyDecimals(currency);
  if (decimals === null) throw new Error(`stored currency ${currency} is unknown`);
  return decimals;
}

export function accommodationToJson(row: Accommodation): AccommodationJson {
  const decimals = storedDecimals(row.currency);
  const extras: AccommodationJson['extras'] = {};
  for (const name of EXTRA_NAMES) {
    const minor = row[EXTRA_COLUMNS[name]];
    if (minor !== null) extras[name] = toMajor(minor, decimals);
  }
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    timezone: row.timezone,
    base_price: toMajor(row.base_price, decimals),
    cleaning_fee: toMajor(row.cleaning_fee, decimals),
    tax_rate: ppmToRate(row.tax_rate_ppm),
    weekly_discount: ppmToRate(row.weekly_discount_ppm),
    monthly_discount: ppmToRate(row.monthly_discount_ppm),
    min_stay: row.min_stay,
    max_stay: row.max_stay,
    max_guests: row.max_guests,
    checkin_time: row.checkin_time,
    checkout_time: row.checkout_time,
    language: row.language,
    extras,
    ...moneyRulesToJson(row, decimals),
    address: row.address,
    arrival_instructions: row.arrival_instructions,
    door_code: row.door_code,
    wifi_name: row.wifi_name,
    wifi_password: row.wifi_password,
    door_code_days: row.door_code_days,
    created_at: row.created_at,
    updated_at: row.updated_at,
    archived_at: row.archived_at,
  };
}

/**
 * A minor amount re-expressed in another currency's minor units, keeping its major value
 * (100.00 EUR → 100 JPY), or null when the new currency cannot hold it (100.50 EUR → JPY).
 */
export function rescaleMinor(amount: number, fromDecimals: number, toDecimals: number): number | null {
  if (toDecimals >= fromDecimals) {
    const out = amount * 10 ** (toDecimals - fromDecimals);
    return Number.isSafeInteger(out) ? out : null;
  }
  const factor = 10 ** (fromDecimals - toDecimals);
  return amount % factor === 0 ? amount / factor : null;
}

export function newAccommodationFields(input: AccommodationCreateInput): AccommodationFields {
  return applyAccommodationInput(NEW_ACCOMMODATION, input);
}

/**
 * The row after applying an admin's input to `current`. A field left out keeps its value; when
 * the currency changes, amounts left out keep their major value in the new currency.
 */
export function applyAccommodationInput(
  current: AccommodationFields,
  input: AccommodationPatchInput,
): AccommodationFields {
  const currency = input.currency ?? current.currency;
  const decimals = currencyDecimals(currency);
  if (decimals === null) {
    throw badRequest('unknown_currency', `Unknown currency ${currency}: expected an ISO 4217 code such as EUR.`, {
      parameter: 'currency',
      expected: 'ISO 4217 currency code',
      received: currency,
    });
  }
  const currentDecimals = storedDecimals(current.currency);

  const amount = (parameter: string, sent: number | undefined, stored: number): number => {
    if (sent !== undefined) return toMinorOrFail(parameter, sent, currency, decimals);
    const rescaled = rescaleMinor(stored, currentDecimals, decimals);
    if (rescaled !== null && !withinAmountBound(rescaled))
      throw amountTooLarge(parameter, toMajor(stored, currentDecimals), currency, decimals);
    if (rescaled === null) {
      throw badRequest(
        'invalid_amount',
        `${parameter} (${toMajor(stored, currentDecimals)} ${current.currency}) cannot be expressed in ${currency}; ` +
          `send ${parameter} with the new currency.`,
        {
          parameter,
          expected: `amount with at most ${decimals} decimals`,
          received: toMajor(stored, currentDecimals),
        },
      );
    }
    return rescaled;
  };

  const next: AccommodationFields = {
    ...current,
    currency,
    base_price: amount('base_price', input.base_price, current.base_price),
    cleaning_fee: amount('cleaning_fee', input.cleaning_fee, current.cleaning_fee),
    ...applyMoneyInput(current, input, {
      sent: (parameter, major) => toMinorOrFail(parameter, major, currency, decimals),
      kept: (parameter, stored) => amount(parameter, undefined, stored),
    }),
  };
  if (input.name !== undefined) next.name = nonBlankName(input.name);
  if (input.timezone !== undefined) next.timezone = timeZoneOrFail(input.timezone);
  if (input.language !== undefined) next.language = input.language;
  for (const rate of RATE_NAMES) {
    const sent = input[rate];
    if (sent !== undefined) next[RATE_COLUMNS[rate]] = ppmOrFail(rate, sent);
  }
  for (const name of EXTRA_NAMES) {
    const column = EXTRA_COLUMNS[name];
    const stored = current[column];
    if (input.extras !== undefined) {
      // `extras` replaces the whole set: an extra left out is no longer offered.
      const sent = input.extras[name];
      next[column] = sent === undefined ? null : toMinorOrFail(`extras.${name}`, sent, currency, decimals);
    } else {
      next[column] = stored === null ? null : amount(`extras.${name}`, undefined, stored);
    }
  }
  if (input.min_stay !== undefined) next.min_stay = input.min_stay;
  if (input.max_stay !== undefined) next.max_stay = input.max_stay;
  if (input.max_guests !== undefined) next.max_guests = input.max_guests;
  if (input.checkin_time !== undefined) next.checkin_time = input.checkin_time;
  if (input.checkout_time !== undefined) next.checkout_time = input.checkout_time;
  if (input.door_code_days !== undefined) next.door_code_days = input.door_code_days;
  for (const fact of GUEST_FACT_NAMES) {
    const sent = input[fact];
    // An empty text is no fact: stored as null.
    if (sent !== undefined) next[fact] = sent === null || sent.trim() === '' ? null : sent;
  }

  const stayRange = stayLengthProblem(current, input);
  if (stayRange !== null) throw stayRange;
  return next;
}

/**
 * The minimum and maximum stay an input leaves an accommodation with, checked together: a 400
 * `invalid_range` naming the field the input changed when the maximum is below the minimum, else
 * null. Pure, so that a form can name this beside its other errors in one pass.
 */
export function stayLengthProblem(
  current: Pick<AccommodationFields, 'min_stay' | 'max_stay'>,
  input: { min_stay?: unknown; max_stay?: unknown },
): AppError | null {
  const min = typeof input.min_stay === 'number' ? input.min_stay : current.min_stay;
  const max = typeof input.max_stay === 'number' ? input.max_stay : current.max_stay;
  if (max >= min) return null;
  const parameter = typeof input.max_stay === 'number' ? 'max_stay' : 'min_stay';
  return badRequest('invalid_range', `max_stay (${max}) must be at least min_stay (${min}).`, {
    parameter,
    expected: parameter === 'max_stay' ? `integer >= ${min}` : `integer <= ${max}`,
    received: parameter === 'max_stay' ? max : min,
  });
}

/** The minimum and maximum stay of a new accommodation, for `stayLengthProblem`. */
export const NEW_STAY_LENGTHS = { min_stay: NEW_ACCOMMODATION.min_stay, max_stay: NEW_ACCOMMODATION.max_stay };

/** An amount the admin sent, in minor units of `currency`; more decimals than it has is a 400. */
export function toMinorOrFail(parameter: string, value: number, currency: string, decimals: number): number {
  const minor = toMinor(value, decimals);
  if (minor === null) {
    throw badRequest(
      'invalid_amount',
      `${parameter} must be an amount with at most ${decimals} decimals in ${currency}.`,
      {
        parameter,
        expected: `amount with at most ${decimals} decimals`,
        received: value,
      },
    );
  }
  if (!withinAmountBound(minor)) throw amountTooLarge(parameter, value, currency, decimals);
  return minor;
}

/** 400 for an amount above MAX_AMOUNT_MINOR (docs/api.md#money). */
export function amountTooLarge(parameter: string, received: number, currency: string, decimals: number) {
  const max = toMajor(MAX_AMOUNT_MINOR, decimals);
  return badRequest('amount_too_large', `${parameter} is too large: at most ${max} ${currency}.`, {
    parameter,
    expected: `amount from 0 to ${max}`,
    received,
  });
}

function ppmOrFail(parameter: string, value: number): number {
  const ppm = rateToPpm(value);
  if (ppm === null) {
    throw badRequest('invalid_rate', `${parameter} must be a fraction from 0 to 1 with at most 6 decimals.`, {
      parameter,
      expected: 'fraction 0..1 with at most 6 decimals',
      received: value,
    });
  }
  return ppm;
}

function nonBlankName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') {
    throw badRequest('blank', 'name must not be blank.', {
      parameter: 'name',
      expected: 'non-blank string',
      received: name,
    });
  }
  return trimmed;
}

function timeZoneOrFail(timezone: string): string {
  const canonical = canonicalTimeZone(timezone);
  if (canonical === null) {
    throw badRequest(
      'unknown_timezone',
      `Unknown time zone "${timezone}": expected an IANA name such as Europe/Paris.`,
      {
        parameter: 'timezone',
        expected: 'IANA time zone',
        received: timezone,
      },
    );
  }
  return canonical;
}
