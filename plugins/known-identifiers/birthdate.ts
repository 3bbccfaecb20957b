// Renderings of a birth date as clinicians write it in Dutch, French and English notes.
import { MONTHS } from "../../src/contract/index.js";

/** Parses an ISO date (YYYY-MM-DD); undefined when it is not one. */
export function parseIsoDate(value: string): { y: number; m: number; d: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  return { y, m: mo, d };
}

/** Every rendering of the date to search for (lower case; accents kept, matching folds them). */
export function birthDateRenderings(iso: string): string[] {
  const p = parseIsoDate(iso);
  if (!p) return [];
  const { y, m, d } = p;
  const dd = String(d).padStart(2, "0");
  const mm = String(m).padStart(2, "0");
  const yy = String(y % 100).padStart(2, "0");
  const out = new Set<string>();
  for (const sep of ["/", "-", "."]) {
    for (const day of [String(d), dd]) {
      for (const mon of [String(m), mm]) {
        for (const year of [String(y), yy, `'${yy}`]) out.add(`${day}${sep}${mon}${sep}${year}`);
        // US order month/day/year
        out.add(`${mon}${sep}${day}${sep}${y}`);
      }
    }
  }
  out.add(`${y}-${mm}-${dd}`);
  out.add(`${y}/${mm}/${dd}`);
  out.add(`${y}${mm}${dd}`);
  out.add(`${dd}${mm}${y}`);
  for (const lang of Object.keys(MONTHS) as (keyof typeof MONTHS)[]) {
    const full = MONTHS[lang].full[m - 1];
    const abbr = MONTHS[lang].abbr[m - 1];
    for (const mon of [full, abbr, `${abbr}.`]) {
      for (const day of [String(d), dd, ...(lang === "fr" && d === 1 ? ["1er"] : [])]) {
        out.add(`${day} ${mon} ${y}`);
        out.add(`${day}-${mon}-${y}`);
        out.add(`${day} ${mon} '${yy}`);
      }
      if (lang === "en") {
        const suffix = d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th";
        out.add(`${mon} ${d}, ${y}`);
        out.add(`${mon} ${d} ${y}`);
        out.add(`${mon} ${d}${suffix}, ${y}`);
        out.add(`${d}${suffix} ${mon} ${y}`);
        out.add(`${d}${suffix} of ${mon} ${y}`);
      }
    }
  }
  return [...out];
}

/** Every month name and abbreviation of every language here, lower case. */
export function monthWords(): string[] {
  return [...new Set(Object.values(MONTHS).flatMap((m) => [...m.full, ...m.abbr]))];
}
