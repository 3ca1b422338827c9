// A roster as an instructor gives it (issue 46, part 3): names pasted one per line, or a CSV file exported from a
// class list. Pure (node --test tests/js/practice/roster_parse.test.js); the server checks each name again and
// refuses a repeat naming roster[i]. Also the CSV the maker offers back: name,link, formula-safe.

const HEADERS = ["name", "student", "students", "full name", "student name"];
// A cell that a spreadsheet would read as a formula gets a ' in front (as server/practice/results_csv.py's cell()).
const FORMULA = /^[=+\-@\t\r]/;

// The names of a pasted list: one per line, trimmed, blank lines skipped.
export function namesFromLines(text) {
  return String(text).replace(/^\ufeff/, "").split(/\r\n|\r|\n/).map((line) => line.trim()).filter(Boolean);
}

// The rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks); a ; separates
// when the first line has more of them than commas (a spreadsheet of a comma-decimal locale).
export function csvRows(text) {
  const source = String(text).replace(/^\ufeff/, "");
  const firstLine = source.split(/\r\n|\r|\n/, 1)[0];
  const sep = (firstLine.match(/;/g) || []).length > (firstLine.match(/,/g) || []).length ? ";" : ",";
  const rows = [];
  let row = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && source[i + 1] === "\n") i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// The names of a CSV: the column headed "name" (or "student", "full name", ...), else the first column of every row.
export function namesFromCsv(text) {
  const rows = csvRows(text).filter((r) => r.some((c) => c.trim() !== ""));
  if (!rows.length) return [];
  const headed = rows[0].findIndex((c) => HEADERS.includes(c.trim().toLowerCase()));
  const column = headed === -1 ? 0 : headed;
  return rows.slice(headed === -1 ? 0 : 1).map((r) => (r[column] || "").trim()).filter(Boolean);
}

const csvCell = (text) => {
  const safe = FORMULA.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

// name,link rows (CRLF, a byte-order mark first so spreadsheets read UTF-8), as GET /api/exercises/<id>/roster.csv.
export function linksCsv(links, origin) {
  const lines = [["name", "link"], ...links.map((l) => [l.student, new URL(l.url, origin).href])];
  return `\ufeff${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

const shown = (v) => (Array.isArray(v) ? v.join(", ") : String(v));

// A stored answer ({values, bounds, pruned}, as a check sent it) as the exercise tree's boxes hold it (text).
export function typedFrom(answer) {
  const values = Object.fromEntries(Object.entries(answer.values || {}).map(([node, v]) => [node, shown(v)]));
  const bounds = Object.fromEntries(Object.entries(answer.bounds || {}).map(([node, [a, b]]) => [node, [String(a), String(b)]]));
  return { values, bounds, pruned: [...(answer.pruned || [])] };
}
