import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../messages.ts';
import {
  calendarDate,
  choiceField,
  currencyField,
  INT32_MAX,
  idField,
  int32,
  multilineText,
  nullableMultilineText,
  nullableText,
  optionalIdField,
  optionalString,
  paginationQuery,
  plainText,
  requiredMultilineText,
  requiredString,
  searchableText,
  searchQuery,
  textRules,
  withoutRefusedCharacters,
} from './common.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text helpers refuse control characters', () => {
  const singleLine = [
    ['plainText', plainText(100)],
    ['requiredString', requiredString('Name is required', 100)],
    ['optionalString', optionalString(100)],
    ['searchQuery', searchQuery(100)],
    ['nullableText', nullableText(100)],
  ] as const;
  const multiLine = [
    ['multilineText', multilineText(100)],
    ['requiredMultilineText', requiredMultilineText('Description is required', 100)],
    ['nullableMultilineText', nullableMultilineText(100)],
    ['textRules(multi)', textRules(z.string().trim(), 'multi')],
  ] as const;
  const helpers = [...singleLine, ...multiLine];

  it.each(helpers)('%s refuses NUL, escape and bell with a clear message', (_, schema) => {
    for (const value of ['a\u0000b', '\u0000', 'x\u001b[31m', 'ding\u0007', 'del\u007f']) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(firstMessage(result)).toBe(messages.textControlCharacters);
    }
  });

  it.each(helpers)('%s refuses C1 controls (U+0080-U+009F), NEL among them', (_, schema) => {
    for (const value of ['C1\u0085next', 'a\u0080b', 'csi\u009b31m', 'a\u009fb']) {
      expect(firstMessage(schema.safeParse(value)), JSON.stringify(value)).toBe(
        messages.textControlCharacters,
      );
    }
  });

  it.each(helpers)('%s refuses bidi embeddings, overrides and isolates', (_, schema) => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const control of controls) {
      const value = `invoice${control}gnp.exe`;
      expect(firstMessage(schema.safeParse(value)), JSON.stringify(value)).toBe(
        messages.textControlCharacters,
      );
    }
    expect(firstMessage(schema.safeParse('\u202Eevil'))).toBe(messages.textControlCharacters);
  });

  it.each(helpers)('%s keeps right-to-left text and its marks (LRM, RLM, ALM)', (_, schema) => {
    for (const value of ['مهمة عاجلة', 'עברית 2026', 'שלום\u200F!', 'A\u200Eב', 'رقم\u061C 5']) {
      expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
  });

  it.each(helpers)('%s refuses a lone surrogate, keeps a pair (an emoji)', (_, schema) => {
    for (const value of ['lone\ud800surrogate', '\udc00', 'é\udc00é', 'end\ud83d']) {
      expect(firstMessage(schema.safeParse(value)), JSON.stringify(value)).toBe(messages.textMalformed);
    }
    expect(schema.safeParse('Zoë 東京 🚀 👩🏽‍🚀').success).toBe(true);
  });

  it.each(singleLine)('%s refuses a line break of any kind, keeps a tab', (_, schema) => {
    for (const value of ['Line1\nLine2', 'Line1\rLine2', 'Line1\r\nLine2', 'a\u2028b', 'a\u2029b']) {
      expect(firstMessage(schema.safeParse(value)), JSON.stringify(value)).toBe(messages.textLineBreak);
    }
    // Around the text, a line break is trimmed away like any space.
    expect(schema.safeParse('\n  Name \r\n').success).toBe(true);
    expect(schema.safeParse('a\tb').success).toBe(true);
  });

  it.each(multiLine)('%s keeps tabs, line breaks and any other text', (_, schema) => {
    for (const value of ['Line one\r\nLine\ttwo', 'a\u2028b\u2029c', 'Zoë 東京 🚀', "O'Brien & <b>"]) {
      expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
  });

  it('names the control characters before a line break', () => {
    expect(firstMessage(plainText().safeParse('a\nb\u0000'))).toBe(messages.textControlCharacters);
  });

  it('requiredString still says "required" for a blank value', () => {
    expect(firstMessage(requiredString('Name is required').safeParse('  '))).toBe('Name is required');
    expect(firstMessage(requiredMultilineText('Description is required').safeParse('\n\n'))).toBe(
      'Description is required',
    );
  });

  it('nullableText makes an empty or missing value null', () => {
    for (const value of ['', '   ', null, undefined]) {
      expect(nullableText(10).parse(value)).toBeNull();
      expect(nullableMultilineText(10).parse(value)).toBeNull();
    }
  });
});

describe('calendarDate', () => {
  const date = calendarDate('Date is required');

  it('takes a day that exists, leap days included', () => {
    for (const value of ['2027-02-28', '2028-02-29', '2026-12-31', '0001-01-01']) {
      expect(date.parse(value)).toBe(value);
    }
  });

  it('refuses an impossible day with the invalid message (the database would fail on it)', () => {
    for (const value of [
      '2027-02-30',
      '2027-02-29',
      '2026-13-01',
      '2026-04-31',
      '0000-01-01',
      '2026-00-10',
    ]) {
      const result = date.safeParse(value);
      expect(result.success, value).toBe(false);
      expect(firstMessage(result)).toBe(messages.dateInvalid);
    }
  });

  it('says "required" for an empty value and "invalid" for another shape', () => {
    expect(firstMessage(date.safeParse(''))).toBe('Date is required');
    expect(firstMessage(date.safeParse('30/02/2027'))).toBe(messages.dateInvalid);
  });
});

describe('int32', () => {
  it('takes 1 to 2147483647, from a number or a string', () => {
    expect(int32().parse(1)).toBe(1);
    expect(int32().parse(String(INT32_MAX))).toBe(INT32_MAX);
  });

  it('refuses 2^31 and beyond, which a PostgreSQL integer cannot hold', () => {
    for (const value of [2_147_483_648, '2147483648', '1e15', '1e20', Number.MAX_SAFE_INTEGER + 1]) {
      const result = int32().safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(firstMessage(result)).toBe(messages.numberTooLarge);
    }
  });

  it('refuses fractions, infinities, unsafe integers and words', () => {
    for (const value of [
      1.5,
      '1e400',
      '1e20',
      Number.MAX_SAFE_INTEGER + 1,
      'abc',
      Number.POSITIVE_INFINITY,
    ]) {
      expect(int32().safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('says a fraction is not a whole number', () => {
    expect(firstMessage(int32().safeParse('1.5'))).toBe(messages.numberInvalid);
    expect(firstMessage(int32().safeParse('abc'))).toBe(messages.numberInvalid);
  });

  it('keeps the minimum and its message', () => {
    expect(firstMessage(int32({ message: 'Choose a plan' }).safeParse(0))).toBe('Choose a plan');
    expect(int32({ min: 0 }).parse(0)).toBe(0);
  });
});

describe('paginationQuery', () => {
  it('refuses a page past 2^31 and keeps the limit messages', () => {
    expect(paginationQuery.safeParse({ page: '2147483648' }).success).toBe(false);
    expect(firstMessage(paginationQuery.safeParse({ page: '0' }))).toBe('Page must be 1 or more');
    expect(firstMessage(paginationQuery.safeParse({ limit: '101' }))).toBe('Limit must be at most 100');
    expect(paginationQuery.parse({})).toEqual({ page: 1, limit: 14 });
  });
});

describe('idField', () => {
  it('takes a uuid and refuses anything else with the given message', () => {
    expect(idField().safeParse('7d2c3a4e-1b2c-4d5e-8f90-123456789abc').success).toBe(true);
    for (const value of ['1', 'a\u0000', '2147483648', '']) {
      expect(firstMessage(idField('Not an account id').safeParse(value))).toBe('Not an account id');
    }
  });
});

describe('optionalIdField', () => {
  it("takes a uuid, and missing, null or '' (a form's None) as null; refuses anything else", () => {
    const id = '7d2c3a4e-1b2c-4d5e-8f90-123456789abc';
    expect(optionalIdField().parse(id)).toBe(id);
    for (const none of ['', null, undefined]) expect(optionalIdField().parse(none)).toBeNull();
    for (const value of ['1', ' ', 'a\u0000', 7]) {
      expect(firstMessage(optionalIdField('No such teacher').safeParse(value))).toBe('No such teacher');
    }
  });
});

describe('choiceField', () => {
  const status = choiceField(['open', 'closed'], 'Status is required', 'Status');
  it('takes one of its values', () => {
    expect(status.parse('closed')).toBe('closed');
  });
  it("gives the spec's message when the value is missing, null or ''", () => {
    for (const missing of [undefined, null, '']) {
      expect(firstMessage(status.safeParse(missing))).toBe('Status is required');
    }
  });
  it('names the choices for any other value', () => {
    for (const wrong of ['gone', 'OPEN', ' open', 'open\u0000', 7, {}, ['open']]) {
      expect(firstMessage(status.safeParse(wrong))).toBe('Status must be one of open, closed');
    }
  });
});

describe('currencyField', () => {
  it("takes a known ISO code; '' and null are none; missing stays missing", () => {
    expect(currencyField.parse('KES')).toBe('KES');
    expect(currencyField.parse('USD')).toBe('USD');
    expect(currencyField.parse('')).toBeNull();
    expect(currencyField.parse(null)).toBeNull();
    expect(currencyField.parse(undefined)).toBeUndefined();
  });
  it('refuses anything else with one message', () => {
    for (const wrong of ['kes', 'XYZ', 'KSH', 'KESS', ' KES', 'KE\u0000', 7, ['KES']]) {
      expect(firstMessage(currencyField.safeParse(wrong)), JSON.stringify(wrong)).toBe(
        messages.currencyInvalid,
      );
    }
  });
});

describe('searchableText', () => {
  it('leaves out what a text field refuses, so a search pasted with a NUL still searches', () => {
    expect(searchableText('  Ada\u0000 Lovelace ')).toBe('Ada Lovelace');
    expect(searchableText('\u202Eevil\u202C')).toBe('evil');
    expect(searchableText('two\nlines')).toBe('two lines');
    expect(searchableText('half \uD800 pair, 🧪 whole')).toBe('half  pair, 🧪 whole');
    expect(searchableText('\u0000')).toBe('');
    expect(withoutRefusedCharacters('keeps spaces \u0007at the end ')).toBe('keeps spaces at the end ');
    // What is left passes the API's search schema.
    for (const typed of ['a\u0000b', '\u0085x', 'x\u2028y', '\uDFFF']) {
      expect(searchQuery().safeParse(searchableText(typed)).success).toBe(true);
    }
  });
});
