// A count and its noun, singular for one: "1 node", "2 nodes", "1 leaf", "12,345 positions".
// The one place the page's sentences make a plural (tally, narration, iterations, editor), so
// none says "1 nodes" again.

// Nouns whose plural is not the singular plus "s".
const IRREGULAR = { leaf: "leaves", child: "children", entry: "entries", "cut-off": "cut-offs" };

// The plural of `noun` (lower case, as the sentences write it).
export function pluralOf(noun) {
  return IRREGULAR[noun] || `${noun}s`;
}

// `n` written with thousands separators, then the noun in the number it needs.
export function plural(n, noun, many = pluralOf(noun)) {
  const count = typeof n === "number" ? n.toLocaleString("en") : String(n);
  return `${count} ${n === 1 ? noun : many}`;
}
