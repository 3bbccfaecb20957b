// Development cases written with their answers inline: "Seen by [Dr. Smith] on [April 12, 2023]". Square brackets
// mark every span the detector must find (overlap, any label); text outside brackets must stay untouched.
export interface MarkedCase {
  text: string;
  spans: { start: number; end: number }[];
}

export function parseMarkup(marked: string): MarkedCase {
  let text = "";
  const spans: { start: number; end: number }[] = [];
  let open = -1;
  for (const ch of marked) {
    if (ch === "[" && open < 0) open = text.length;
    else if (ch === "]" && open >= 0) {
      spans.push({ start: open, end: text.length });
      open = -1;
    } else text += ch;
  }
  if (open >= 0) throw new Error("unclosed [ in a case");
  return { text, spans };
}

/** Renders spans back as markup (for a failing case's diff). */
export function renderMarkup(text: string, spans: readonly { start: number; end: number }[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = "";
  let pos = 0;
  for (const s of sorted) {
    if (s.start < pos) continue;
    out += text.slice(pos, s.start) + "[" + text.slice(s.start, s.end) + "]";
    pos = s.end;
  }
  return out + text.slice(pos);
}
