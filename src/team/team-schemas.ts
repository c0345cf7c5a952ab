import { Type } from 'typebox';
import { IdInteger } from '../http/ids.ts';
import { LOGIN_PATTERN } from '../users/user-repository.ts';

/** The admin API's shapes of the console's users (docs/team-and-tasks.md). */

export const Role = Type.Union(
  [
    Type.Literal('owner'),
    Type.Literal('manager'),
    Type.Literal('front_desk'),
    Type.Literal('cleaner'),
    Type.Literal('accountant'),
  ],
  { description: 'owner: everything; manager: all but users, secrets and keys; front_desk; cleaner; accountant' },
);

const HomeIds = Type.Array(IdInteger, {
  maxItems: 1000,
  description: 'the homes a cleaner works in (cleaners only)',
});

const Email = Type.Union([Type.String({ format: 'email', maxLength: 320 }), Type.Null()]);

/** A console user: never their password or a token. */
export const TeamMemberSchema = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  name: Type.String(),
  role: Role,
  email: Type.Union([Type.String(), Type.Null()]),
  accommodation_ids: Type.Array(Type.Integer()),
  created_at: Type.String(),
});

export const NewTeamMemberSchema = Type.Object({
  ...TeamMemberSchema.properties,
  password: Type.String({ description: 'the generated password, shown this once' }),
});

export const CreateUserBody = Type.Object(
  {
    login: Type.String({ pattern: LOGIN_PATTERN.source, description: '3 to 64 letters, digits, ".", "_", "@" or "-"' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    role: Role,
    email: Type.Optional(Email),
    accommodation_ids: Type.Optional(HomeIds),
  },
  { additionalProperties: false },
);

export const ChangeUserBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    role: Type.Optional(Role),
    email: Type.Optional(Email),
    accommodation_ids: Type.Optional(HomeIds),
  },
  { additionalProperties: false },
);
