import assert from 'node:assert/strict';
import { scryptSync } from 'node:crypto';
import { describe, test } from 'node:test';
import { generatePassword, hashPassword, verifyPassword } from '../../src/auth/passwords.ts';

describe('hashPassword', () => {
  test('stores scrypt$N$r$p$salt$hash, never the password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    assert.match(stored, /^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    assert.ok(!stored.includes('correct horse'));
  });

  test('the hash is scrypt of the password with the stored salt and parameters', async () => {
    const stored = await hashPassword('s3cret!');
    const [, n, r, p, salt, hash] = stored.split('$') as [string, string, string, string, string, string];
    const independent = scryptSync('s3cret!', Buffer.from(salt, 'base64url'), 32, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    assert.equal(independent.toString('base64url'), hash);
  });

  test('the same password hashes differently each time (random salt)', async () => {
    const [first, second] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    assert.notEqual(first, second);
  });
});

describe('verifyPassword', () => {
  test('accepts the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    assert.equal(await verifyPassword('correct horse battery staple', stored), true);
  });

  test('refuses a wrong password, a near miss, and the empty string', async () => {
    const stored = await hashPassword('correct horse battery staple');
    assert.equal(await verifyPassword('wrong', stored), false);
    assert.equal(await verifyPassword('correct horse battery stapl', stored), false);
    assert.equal(await verifyPassword('Correct horse battery staple', stored), false);
    assert.equal(await verifyPassword('', stored), false);
  });

  test('Unicode passwords verify whatever normal form they are typed in', async () => {
    const stored = await hashPassword('caf\u00e9');
    assert.equal(await verifyPassword('cafe\u0301', stored), true);
  });

  test('a generated password round-trips', async () => {
    const password = generatePassword();
    assert.equal(await verifyPassword(password, await hashPassword(password)), true);
  });

  const valid = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
  const malformed = [
    '',
    'hunter2',
    'correct horse battery staple',
    'scrypt',
    'scrypt$16384$8$1$salt',
    `${valid}$extra`,
    valid.replace('scrypt', 'bcrypt'),
    '$2b$10$abcdefghijklmnopqrstuuR6Q1b8c3c7mM0a9Qe1rKQyKfXvP2a7m',
    'scrypt$16384$8$1$c2FsdA$',
    'scrypt$x$y$z$c2FsdA$aGFzaA',
    'scrypt$-1$8$1$c2FsdA$aGFzaA',
    'scrypt$3$8$1$c2FsdA$aGFzaA',
    'scrypt$1073741824$8$1$c2FsdA$aGFzaA',
    'scrypt$16384$0$1$c2FsdA$aGFzaA',
  ];
  for (const stored of malformed) {
    test(`a malformed stored hash ${JSON.stringify(stored.slice(0, 40))} is refused, not thrown`, async () => {
      assert.equal(await verifyPassword('hunter2', stored), false);
    });
  }

  test('a stored clear-text password does not verify even when it equals the password', async () => {
    assert.equal(await verifyPassword('hunter2', 'hunter2'), false);
  });
});

describe('generatePassword', () => {
  test('24 base64url characters, different every time', () => {
    const passwords = Array.from({ length: 50 }, () => generatePassword());
    for (const p of passwords) assert.match(p, /^[A-Za-z0-9_-]{24}$/);
    assert.equal(new Set(passwords).size, passwords.length);
  });
});
