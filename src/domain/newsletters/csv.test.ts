import { describe, expect, it } from 'vitest';
import { CsvError, formatCsv, parseCsv } from './csv.ts';

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, commas and line breaks in quotes, CRLF and LF, and a BOM', () => {
    const text = '\ufeffemail,name\r\na@example.com,"Smith, Ann"\n"b@example.com","He said ""hi"""\r\n"c@example.com","two\nlines"\n\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['email', 'name'] },
      { line: 2, cells: ['a@example.com', 'Smith, Ann'] },
      { line: 3, cells: ['b@example.com', 'He said "hi"'] },
      { line: 4, cells: ['c@example.com', 'two\nlines'] },
    ]);
  });

  it('says on which line it stops being CSV', () => {
    expect(() => parseCsv('email\na@example.com\nb"@example.com\n')).toThrow(
      new CsvError(3, 'a quote in the middle of a field (quote the whole field and double the quotes in it)'),
    );
    expect(() => parseCsv('email\n"a@example.com"x\n')).toThrow(/^Line 2: text after a closing quote/);
    expect(() => parseCsv('email\n"a@example.com\nb@example.com\n')).toThrow(/^Line 2: a quoted field is never closed/);
  });

  it('writes what it reads back, and defuses spreadsheet formulas', () => {
    const csv = formatCsv(
      ['email', 'name'],
      [
        ['a@example.com', 'Smith, Ann'],
        ['b@example.com', '=HYPERLINK("http://evil.example")'],
        ['c@example.com', null],
      ],
    );
    expect(csv).toBe(
      'email,name\r\na@example.com,"Smith, Ann"\r\nb@example.com,"\'=HYPERLINK(""http://evil.example"")"\r\nc@example.com,\r\n',
    );
    expect(parseCsv(csv).map((row) => row.cells)).toEqual([
      ['email', 'name'],
      ['a@example.com', 'Smith, Ann'],
      ['b@example.com', `'=HYPERLINK("http://evil.example")`],
      ['c@example.com', ''],
    ]);
  });
});
