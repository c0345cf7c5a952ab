// docs/api.md#pricing, step 1: nightly(d) = the price set for night d, else the accommodation's base price.

/** One price per night (minor units), in the order of `nights`. An override of 0 is a real price. */
export function resolveNightlyPrices(
  nights: readonly string[],
  overrides: ReadonlyMap<string, number>,
  basePrice: number,
): number[] {
  return nights.map((night) => overrides.get(night) ?? basePrice);
}
