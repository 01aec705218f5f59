/**
 * CSV for subscriber lists (RFC 4180): quoted fields with doubled quotes, commas and line breaks
 * inside quotes, CRLF or LF line ends. The export guards spreadsheet formulas: a cell that starts
 * with =, +, -, @, tab or carriage return gets a leading apostrophe (OWASP's CSV injection advice).
 */

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

/** The rows of a CSV text, each with the line it starts on (1-based). Throws CsvError where it is not CSV. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let rowLine = 1;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    afterQuote = false;
  };
  const endRow = () => {
    endCell();
    if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: rowLine, cells });
    cells = [];
  };
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      if (cell !== '' || afterQuote)
        throw new CsvError(line, 'a quote in the middle of a field (quote the whole field and double the quotes in it)');
      quoted = true;
    } else if (char === ',') {
      endCell();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      if (afterQuote) throw new CsvError(line, 'text after a closing quote');
      cell += char;
    }
  }
  if (quoted) throw new CsvError(rowLine, 'a quoted field is never closed');
  endRow();
  return rows;
}

function cellText(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function formatCsv(header: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(cellText).join(',')).join('\r\n') + '\r\n';
}
