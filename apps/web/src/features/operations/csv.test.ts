import { PRODUCT_IMPORT_COLUMNS } from '@workhub/shared/schemas/operations-import';
import { describe, expect, it } from 'vitest';
import { csvRecords, parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted cells with commas, quotes and line breaks, CRLF and a byte order mark', () => {
    const text = '\uFEFFname,notes\r\n"Wheel, 26""","two\nlines"\r\nRim,plain\r\n\r\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'notes'],
      ['Wheel, 26"', 'two\nlines'],
      ['Rim', 'plain'],
    ]);
  });

  it('reads a semicolon-separated file and keeps empty cells', () => {
    expect(parseCsv('a;b;c\n1;;3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });
});

describe('csvRecords', () => {
  it('keys each row by the header’s columns, naming the unknown and the missing ones', () => {
    const records = csvRecords(
      parseCsv('Product Name,Price,Colour\nBike,400,red\nWheel,,blue'),
      PRODUCT_IMPORT_COLUMNS,
      ['product_name', 'price'],
    );
    expect(records.columns).toEqual(['product_name', 'price', 'colour']);
    expect(records.unknown).toEqual(['colour']);
    expect(records.missing).toEqual([]);
    expect(records.rows).toEqual([
      { product_name: 'Bike', price: '400' },
      { product_name: 'Wheel', price: '' },
    ]);
  });
});
