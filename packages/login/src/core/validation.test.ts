import { describe, expect, it } from 'vitest';
import { isValidPassword, isValidUsername, parseEmail, parseUsername } from './validation';

describe('username rule', () => {
  it('trims and accepts 1 to 64 characters', () => {
    expect(parseUsername('  student ')).toBe('student');
    expect(isValidUsername('a'.repeat(64))).toBe(true);
    expect(isValidUsername('a'.repeat(65))).toBe(false);
  });
  it('refuses empty, blank and control characters', () => {
    expect(isValidUsername('')).toBe(false);
    expect(isValidUsername('   ')).toBe(false);
    expect(isValidUsername('stu\u0000dent')).toBe(false);
  });
  it('accepts hostile-looking text as plain text (it is shown, never run)', () => {
    expect(parseUsername('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('password rule', () => {
  it('needs 1 to 256 characters and keeps spaces', () => {
    expect(isValidPassword('')).toBe(false);
    expect(isValidPassword(' ')).toBe(true);
    expect(isValidPassword('x'.repeat(256))).toBe(true);
    expect(isValidPassword('x'.repeat(257))).toBe(false);
  });
});

describe('e-mail rule', () => {
  it('trims a valid address and refuses the rest', () => {
    expect(parseEmail(' jo@example.edu ')).toBe('jo@example.edu');
    expect(parseEmail('')).toBeNull();
    expect(parseEmail('not-an-address')).toBeNull();
    expect(parseEmail(`${'a'.repeat(250)}@x.io`)).toBeNull();
  });
});
