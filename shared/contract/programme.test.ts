import { describe, expect, it } from 'vitest';
import { isIsbn13, normaliseIsbn } from './programme.ts';

describe('ISBN-13 as people type it (decision 0138)', () => {
  it('drops spaces and hyphens, nothing else', () => {
    expect(normaliseIsbn('978-89-374-6123-2')).toBe('9788937461232');
    expect(normaliseIsbn(' 978 89 374 6123 2\t')).toBe('9788937461232');
    expect(normaliseIsbn('9788937461232')).toBe('9788937461232');
    expect(normaliseIsbn('978-89-374-612X')).toBe('97889374612X');
    expect(normaliseIsbn('')).toBe('');
  });
  it('leaves the check to isIsbn13', () => {
    expect(isIsbn13(normaliseIsbn('979-11-6040-123-4'))).toBe(true);
    expect(isIsbn13(normaliseIsbn('977-89-374-6123-2'))).toBe(false);
    expect(isIsbn13(normaliseIsbn('978-89-374'))).toBe(false);
    expect(isIsbn13(normaliseIsbn('978.89.374.6123.2'))).toBe(false);
  });
});
