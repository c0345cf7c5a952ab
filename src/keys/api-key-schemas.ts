import { Type } from 'typebox';

/** How many event endpoints one key may have, where the host sets it for that key. */
export const EndpointLimit = Type.Union([Type.Integer({ minimum: 1, maximum: 10_000 }), Type.Null()], {
  description: 'how many event endpoints the key may have (1 to 10000); null: the ENDPOINTS_PER_KEY of the server',
});

/**
 * A live key's bookings are real; a test key (`sdk_test_…`, v1 only) makes test bookings that never
 * take a live night.
 */
export const KeyMode = Type.Union([Type.Literal('live'), Type.Literal('test')], {
  description:
    "default 'live'; 'test' makes a test key (sdk_test_…, v1 API only): its bookings see the live calendar " +
    'but never take a live night, mail no guest and appear in no live list',
});

/** The body that creates an API key, read by the admin API and the console's form alike. */
export const CreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scope: Type.Optional(
      Type.Union([Type.Literal('api'), Type.Literal('admin')], {
        description: "default 'api'; 'admin' may also call /admin/api",
      }),
    ),
    endpoint_limit: Type.Optional(EndpointLimit),
    mode: Type.Optional(KeyMode),
  },
  { additionalProperties: false },
);
