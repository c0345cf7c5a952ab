import { Type } from 'typebox';

/** The bodies that add and change an iCal feed, read by the admin API and the console's forms alike. */

export const FeedBody = Type.Object(
  {
    name: Type.String({
      pattern: '^[A-Za-z0-9_-]{1,50}$',
      description: 'channel name reported as the source of imported bookings, e.g. airbnb; stored lower-case',
    }),
    url: Type.String({
      minLength: 1,
      maxLength: 2000,
      description:
        'http(s) URL of the iCal feed; ' +
        'loopback, private and link-local addresses are refused unless ICAL_ALLOW_PRIVATE_NETWORKS=true',
    }),
  },
  { additionalProperties: false },
);

export const FeedPatchBody = Type.Object(
  {
    name: Type.Optional(FeedBody.properties.name),
    url: Type.Optional(FeedBody.properties.url),
  },
  { additionalProperties: false, minProperties: 1 },
);
