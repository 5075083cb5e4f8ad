import { describe, expect, it } from 'vitest';
import { idField } from './schemas/common.ts';
import { isUuid } from './text.ts';

describe('isUuid', () => {
  // The web checks an address's id with isUuid before it asks (an id the API would refuse is a
  // 'no such record' page, not a request): the two must take and refuse the same strings.
  const values = [
    '7d2c3a4e-1b2c-4d5e-8f90-123456789abc',
    '7D2C3A4E-1B2C-4D5E-8F90-123456789ABC',
    '7d2c3a4e-1b2c-7d5e-bf90-123456789abc',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    '7d2c3a4e-1b2c-0d5e-8f90-123456789abc',
    '7d2c3a4e-1b2c-9d5e-8f90-123456789abc',
    '7d2c3a4e-1b2c-4d5e-7f90-123456789abc',
    '7d2c3a4e-1b2c-4d5e-cf90-123456789abc',
    '7d2c3a4e1b2c4d5e8f90123456789abc',
    '{7d2c3a4e-1b2c-4d5e-8f90-123456789abc}',
    ' 7d2c3a4e-1b2c-4d5e-8f90-123456789abc',
    '7d2c3a4e-1b2c-4d5e-8f90-123456789abc\n',
    '7d2c3a4e-1b2c-4d5e-8f90-123456789abc\u0000',
    '7d2c3a4e-1b2c-4d5e-8f90-123456789abg',
    '1',
    '2147483648',
    '',
  ];

  it('takes what idField takes and refuses what it refuses', () => {
    for (const value of values)
      expect([value, isUuid(value)]).toEqual([value, idField().safeParse(value).success]);
  });

  it('takes a version 4 id in either case and refuses a number, a wrong variant and a trailing line break', () => {
    expect(isUuid('7d2c3a4e-1b2c-4d5e-8f90-123456789abc')).toBe(true);
    expect(isUuid('7D2C3A4E-1B2C-4D5E-8F90-123456789ABC')).toBe(true);
    expect(isUuid('7d2c3a4e-1b2c-4d5e-7f90-123456789abc')).toBe(false);
    expect(isUuid('7d2c3a4e-1b2c-4d5e-8f90-123456789abc\n')).toBe(false);
    expect(isUuid('1')).toBe(false);
  });
});
