// Welsh names of NHS Wales facilities and of streets, whose type word comes first: "Ysbyty <Name>" (hospital),
// "Meddygfa <Name>" (surgery), "Canolfan Iechyd <Name>" (health centre), "Heol <Name>" (road), "Ffordd", "Stryd",
// "Lôn", "Rhodfa", "Cilgant", "Teras". The name is one to three capitalised words, with the article "y"/"yr" or a glued
// "'r" between ("Meddygfa'r <Name>", "Heol y <Name>"); in capitals or in title case.
import type { Candidate } from "./candidates.js";

const NAME_WORDS = String.raw`(?:[ \t]+(?:[Yy][Rr]?[ \t]+)?\p{Lu}[\p{L}'’\-]*){1,3}`;
const FACILITY = new RegExp(String.raw`(?<![\p{L}])(?:Ysbyty|YSBYTY|Meddygfa|MEDDYGFA|Canolfan[ \t]+Iechyd|CANOLFAN[ \t]+IECHYD)(?:['’][Rr])?${NAME_WORDS}`, "gu");
const STREET = new RegExp(String.raw`(?<![\p{L}])(?:Heol|HEOL|Ffordd|FFORDD|Stryd|STRYD|Lôn|LÔN|Rhodfa|RHODFA|Cilgant|CILGANT|Teras|TERAS)${NAME_WORDS}`, "gu");

export function welshCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  if (!/ysbyty|meddygfa|canolfan|heol|ffordd|stryd|lôn|rhodfa|cilgant|teras/i.test(text)) return out;
  for (const m of text.matchAll(FACILITY)) out.push({ start: m.index, end: m.index + m[0].length, label: "Organization:Healthcare", score: 0.8, rule: "welsh-facility" });
  for (const m of text.matchAll(STREET)) out.push({ start: m.index, end: m.index + m[0].length, label: "Address_Location:Other", score: 0.7, rule: "welsh-street" });
  return out;
}
