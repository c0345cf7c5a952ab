import type { CityTaxRule, ExtraGuestFeeRule } from '../accommodations/money-rules.ts';

/**
 * The two charges that depend on who stays (docs/money.md#city-tax-and-extra-guests), in minor
 * units. Both are exact integer products: no rounding happens here.
 */

/** Who a stay is for: adults and children (babies are never counted, so they are not here). */
export interface Party {
  adults: number;
  children: number;
}

/** The persons a city tax counts: the adults, plus the children when the rule says so. */
export function countedPersons(rule: CityTaxRule, party: Party): number {
  return party.adults + (rule.counts.includes('children') ? party.children : 0);
}

/** The nights a city tax is charged for: every night, or at most `max_nights`. */
export function taxedNights(rule: CityTaxRule, nights: number): number {
  return rule.max_nights === null ? nights : Math.min(nights, rule.max_nights);
}

/** amount × counted persons × min(nights, max_nights); 0 without a rule. */
export function cityTaxOf(rule: CityTaxRule | null, party: Party, nights: number): number {
  if (rule === null) return 0;
  return rule.amount * countedPersons(rule, party) * taxedNights(rule, nights);
}

/** amount × max(0, guests − included_guests) × nights, guests = adults + children; 0 without a rule. */
export function extraGuestFeeOf(rule: ExtraGuestFeeRule | null, guests: number, nights: number): number {
  if (rule === null) return 0;
  return rule.amount * Math.max(0, guests - rule.included_guests) * nights;
}
