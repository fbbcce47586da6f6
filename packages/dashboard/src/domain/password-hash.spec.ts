import { hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it('verifies the password it hashed and no other, with a new salt each time', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    await expect(verifyPassword('correct horse battery staple', first)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery stapler', first)).resolves.toBe(false);
    await expect(verifyPassword('correct horse battery staple', 'bcrypt$whatever')).resolves.toBe(false);
  });
});
