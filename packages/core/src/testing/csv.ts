/**
 * RFC 4180 CSV read back in tests: what svc writes (WiGLE CSV) and what tools print of svc's
 * files (GPSBabel's unicsv), fields quoted or not, quotes doubled inside quotes.
 */

/** The rows of a CSV text, each a list of fields; a trailing line break makes no empty row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') (field += '"'), at++;
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(field), (field = '');
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
