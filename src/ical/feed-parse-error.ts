/** A feed that is not an iCalendar file. Its own module so that a pull can recognise it without loading ical.js. */
export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}
