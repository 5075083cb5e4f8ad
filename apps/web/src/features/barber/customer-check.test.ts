import { BARBER_MESSAGES } from '@workhub/shared/schemas/barber';
import { describe, expect, it } from 'vitest';
import { customerBody, customerProblems } from './customer-check.ts';

describe('a customer typed at the desk', () => {
  it('may be a name alone, or with a phone and an e-mail as people write them', () => {
    expect(customerProblems({ name: 'Amina', phone: '' })).toEqual({});
    expect(customerProblems({ name: 'Amina', phone: '+254 (0) 712-345-678', email: 'a@b.co' })).toEqual({});
    expect(customerBody({ name: 'Amina', phone: ' ', email: '' })).toEqual({ name: 'Amina' });
    expect(customerBody({ name: 'Amina', phone: '0712 345678' })).toEqual({
      name: 'Amina',
      phone: '0712 345678',
    });
  });

  it('names each problem under the field the API would name', () => {
    expect(customerProblems({ name: 'Amina', phone: 'abc' })).toEqual({
      'customer.phone': BARBER_MESSAGES.phoneInvalid,
    });
    expect(customerProblems({ name: ' ', phone: '12', email: 'nope' })).toEqual({
      'customer.name': 'A name is required',
      'customer.phone': BARBER_MESSAGES.phoneInvalid,
      'customer.email': expect.any(String),
    });
  });
});
