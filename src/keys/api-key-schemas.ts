import { Type } from 'typebox';

/** The body that creates an API key, read by the admin API and the console's form alike. */

export const CreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scope: Type.Optional(
      Type.Union([Type.Literal('api'), Type.Literal('admin')], {
        description: "default 'api'; 'admin' may also call /admin/api",
      }),
    ),
  },
  { additionalProperties: false },
);
