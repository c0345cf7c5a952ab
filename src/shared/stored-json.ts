/**
 * A JSON object stored as text in a column, as its one reader takes it: the object's own fields,
 * or no fields at all when the text is not JSON or not an object (a damaged row reads as empty
 * rather than failing the page or the document that shows it). Each reader then keeps the fields
 * of the type it expects.
 */
export function storedObject(text: string | null): Readonly<Record<string, unknown>> {
  if (text === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { ...parsed } : {};
}
