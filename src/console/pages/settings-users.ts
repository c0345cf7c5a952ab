import { Type } from 'typebox';
import type { Accommodation, ConsoleRole } from '../../db/schema.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import type { TeamMember } from '../../users/user-repository.ts';
import type { FormBody } from '../console-request.ts';
import type { Formatter } from '../format.ts';
import { Text } from '../console-schemas.ts';
import { csrfField, errorSummary, field, fieldError } from '../layout.ts';
import type { TeamMemberInput } from '../../team/manage-team.ts';

/** Settings' Users section (owner only): the team with their roles and homes, and a form to add one. */

export const ROLE_LABELS: Readonly<Record<ConsoleRole, string>> = {
  owner: 'Owner',
  manager: 'Manager',
  front_desk: 'Front desk',
  cleaner: 'Cleaner',
  accountant: 'Accountant',
};

const ROLE_HINTS: Readonly<Record<ConsoleRole, string>> = {
  owner: 'everything',
  manager: 'all but users, secrets and keys',
  front_desk: 'bookings, calendar, guests, payments, messages, tasks',
  cleaner: 'their tasks in the homes given to them',
  accountant: 'reads bookings, payments, documents and reports',
};

/** The add-a-user form: a home is a checkbox `home_<id>`, since a form field repeats as one value. */
export const TeamMemberForm = Type.Object({
  login: Text(200),
  name: Text(200),
  role: Text(40),
  email: Text(320),
});

export const USER_LABELS = {
  login: 'Login',
  name: 'Name',
  role: 'Role',
  email: 'E-mail',
  accommodation_ids: 'Homes',
};

/** The form read into what the use case takes; the role is checked there against the roles. */
export function teamMemberInput(values: FormBody): TeamMemberInput | { errors: Record<string, string> } {
  const login = (values.login ?? '').trim();
  const role = values.role ?? '';
  const email = (values.email ?? '').trim();
  const errors: Record<string, string> = {};
  if (!/^[A-Za-z0-9._@-]{3,64}$/.test(login)) errors.login = 'Use 3 to 64 letters, digits, “.”, “_”, “@” or “-”.';
  if (!isRole(role)) errors.role = 'Choose one of the roles.';
  if (email !== '' && !/^[^\s@]+@[^\s@]+$/.test(email)) errors.email = 'Give an e-mail address, or none.';
  if (!isRole(role) || Object.keys(errors).length > 0) return { errors };
  const homes = Object.entries(values)
    .filter(([name, on]) => /^home_[0-9]{1,9}$/.test(name) && on !== undefined)
    .map(([name]) => Number(name.slice(5)));
  return {
    login,
    name: (values.name ?? '').trim() || login,
    role,
    email: email === '' ? null : email,
    accommodation_ids: role === 'cleaner' ? homes : [],
  };
}

const isRole = (role: string): role is ConsoleRole => Object.hasOwn(ROLE_LABELS, role);

export function usersSection(
  team: readonly TeamMember[],
  homes: readonly Pick<Accommodation, 'id' | 'name'>[],
  f: Formatter,
  csrf: string,
  values: FormBody,
  errors: Readonly<Record<string, string>>,
): Html {
  const homeName = new Map(homes.map((h) => [h.id, h.name]));
  const member = (u: TeamMember) => {
    const given = u.role === 'cleaner' ? u.accommodation_ids.map((id) => homeName.get(id) ?? `#${id}`).join(', ') : '';
    return html`<li><strong>${u.name}</strong> <span class="muted">${u.login}</span> · ${ROLE_LABELS[u.role]}${
      given === '' ? '' : html` · ${given}`
    } <span class="muted">since ${f.instant(u.created_at)}</span></li>`;
  };
  const role = values.role ?? 'front_desk';
  const roles = (Object.keys(ROLE_LABELS) as ConsoleRole[]).map(
    (r) => html`<option${attributes({ value: r, selected: r === role })}>${ROLE_LABELS[r]} (${ROLE_HINTS[r]})</option>`,
  );
  const roleInvalid = errors.role !== undefined;
  const boxes = homes.map((h) => {
    const name = `home_${h.id}`;
    return html`<label class="check"><input${attributes({
      type: 'checkbox',
      name,
      checked: values[name] !== undefined,
    })}> ${h.name}</label>`;
  });
  return html`<h2 id="users">Users</h2>
<ul>${team.map(member)}</ul>
${errorSummary(errors, USER_LABELS, { whole: null })}
<form method="post" action="/admin/settings/console-users">${csrfField(csrf)}
${field('Login', 'login', errors, {
  value: values.login ?? null,
  required: true,
  hint: '3 to 64 letters, digits, “.”, “_”, “@” or “-”',
  attributes: { autocomplete: 'off' },
})}
${field('Name', 'name', errors, { value: values.name ?? null, hint: 'shown in the history; the login if left empty' })}
<div class="field${roleInvalid ? ' invalid' : ''}"><label for="f-role">Role</label>
<select${attributes({
    id: 'f-role',
    name: 'role',
    'aria-invalid': roleInvalid && 'true',
  })}>${roles}</select>${fieldError(errors, 'role')}</div>
${field('E-mail', 'email', errors, { type: 'email', value: values.email ?? null, hint: 'optional' })}
<fieldset><legend>Homes of a cleaner</legend>${boxes}${fieldError(errors, 'accommodation_ids')}</fieldset>
<button type="submit">Add user</button></form>
<p class="muted">A password is generated and shown once.
<code>staydesk admin create --login NAME</code> adds an owner from the command line.</p>`;
}
