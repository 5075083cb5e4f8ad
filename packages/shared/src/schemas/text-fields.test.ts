import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * Every text field a client sends (a field refusing a NUL byte: answers' fields do not check) is
 * single-line unless its name says it holds several lines. A name, a title or a code with a line
 * break reaches a mail's Subject and splits a list's row; a description or notes may hold lines.
 */
const MULTI_LINE_FIELDS = new Set(['description', 'notes', 'comment', 'remarks', 'address']);

type TextField = { where: string; field: string; schema: z.ZodType };

/**
 * The text fields of `schema`, an object, an array of objects, or either behind a refinement; each
 * schema once (an answer's tree, a BOM's, refers to itself).
 */
function textFields(where: string, schema: z.ZodType, found: TextField[], seen: Set<z.ZodType>): TextField[] {
  if (seen.has(schema)) return found;
  seen.add(schema);
  if (schema instanceof z.ZodPipe) return textFields(where, schema.in as z.ZodType, found, seen);
  if (schema instanceof z.ZodArray) return textFields(`${where}[]`, schema.element as z.ZodType, found, seen);
  if (!(schema instanceof z.ZodObject)) return found;
  for (const [field, value] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const unwrapped =
      value instanceof z.ZodOptional || value instanceof z.ZodDefault || value instanceof z.ZodNullable
        ? (value.unwrap() as z.ZodType)
        : value;
    if (unwrapped instanceof z.ZodObject || unwrapped instanceof z.ZodArray) {
      textFields(`${where}.${field}`, unwrapped, found, seen);
    } else if (issueMessages(value, 'a\u0000b').includes(messages.textControlCharacters)) {
      found.push({ where, field, schema: value });
    }
  }
  return found;
}

function issueMessages(schema: z.ZodType, value: string): string[] {
  // A parse-level message stands in for zod's own (some enums are too long for its wording).
  const result = schema.safeParse(value, { error: () => 'invalid' });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const schemaFiles = readdirSync(new URL('.', import.meta.url)).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);
const fields: TextField[] = [];
for (const file of schemaFiles) {
  const exported = (await import(/* @vite-ignore */ `./${file}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(exported)) {
    if (value instanceof z.ZodType) textFields(`${file} ${name}`, value, fields, new Set());
  }
}

describe('text fields of the shared schemas', () => {
  it('finds the text fields (names, descriptions, notes, search boxes)', () => {
    const names = new Set(fields.map((f) => f.field));
    for (const field of ['name', 'workspace_name', 'first_name', 'description', 'notes', 'q', 'phone']) {
      expect(names, field).toContain(field);
    }
  });

  /** `where: field` of each field for which `wrong` holds: the test expects none. */
  const offenders = (list: TextField[], wrong: (schema: z.ZodType) => boolean) =>
    list.filter((f) => wrong(f.schema)).map((f) => `${f.where}: ${f.field}`);

  it('keeps names, titles, codes and searches to one line', () => {
    const singleLine = fields.filter((f) => !MULTI_LINE_FIELDS.has(f.field));
    expect(singleLine.length).toBeGreaterThan(50);
    for (const value of ['Line1\nLine2', 'Line1\r\nLine2', 'Line1\rLine2', 'a\u2028b', 'a\u2029b']) {
      expect(
        offenders(singleLine, (schema) => !issueMessages(schema, value).includes(messages.textLineBreak)),
        JSON.stringify(value),
      ).toEqual([]);
    }
  });

  it('lets descriptions, notes, comments, remarks and addresses hold several lines', () => {
    const multiLine = fields.filter((f) => MULTI_LINE_FIELDS.has(f.field));
    expect(multiLine.length).toBeGreaterThan(10);
    expect(
      offenders(multiLine, (schema) =>
        issueMessages(schema, 'Line one,\r\nline two and\na third').includes(messages.textLineBreak),
      ),
    ).toEqual([]);
  });

  it('refuses bidi controls, C1 controls and lone surrogates in every text field', () => {
    for (const value of ['x\u202Egnp.exe', 'x\u2066y', 'x\u0085y']) {
      expect(
        offenders(fields, (schema) => !issueMessages(schema, value).includes(messages.textControlCharacters)),
        JSON.stringify(value),
      ).toEqual([]);
    }
    expect(
      offenders(fields, (schema) => !issueMessages(schema, 'x\ud800y').includes(messages.textMalformed)),
    ).toEqual([]);
  });

  it('takes a required text made only of what shows nothing (zero-width spaces, joiners, blank letters) as blank', () => {
    const required = fields.filter((f) => issueMessages(f.schema, '').length > 0);
    expect(required.length).toBeGreaterThan(30);
    for (const value of ['\u200b', ' \u200b\u200d ', '\u2060\ufeff', '\u3164', '\u2800', '\u00a0\u3000']) {
      expect(
        offenders(required, (schema) => issueMessages(schema, value).length === 0),
        JSON.stringify(value),
      ).toEqual([]);
    }
  });
});
