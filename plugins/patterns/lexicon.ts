// Words per language: month and weekday names, context words that admit or veto a number.
// Numeric formats (phones, IBAN, national numbers) do not depend on the language; only these words do.

export const LANGUAGES = ["nl", "fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

interface LanguageWords {
  /** Month words in lower case without a trailing dot → month number. */
  months: Record<string, number>;
  weekdays: string[];
  /** Whether a day number may follow the month word ("March 3rd"). */
  dayAfterMonth: boolean;
  /** Ordinal suffixes after a day number ("1er", "3rd", "2de"). */
  ordinalSuffixes: string[];
  /** A word right before "12/03" that makes it a date. */
  dateContextWords: string[];
  /** A word right before a number that makes it a duration, not an age ("sinds 3 jr", "pendant 2 ans"). */
  durationWords: string[];
  /** Regex sources of phrases after which an identifier follows (case-insensitive). */
  recordContexts: string[];
  /**
   * Regex sources of words after which a patient's identifier follows only when it holds six digits or more
   * ("Opn 0019364852", "ordernr A25307621", "rit 20250622-0526"; "opn 2019" is a year).
   */
  weakRecordContexts?: string[];
  /** Regex sources of phrases after which a caregiver identifier follows. */
  caregiverRecordContexts: string[];
  /** Regex sources of phrases after which another identifier follows (serial numbers, licence plates). */
  otherRecordContexts: string[];
  /** A word right before a 4-digit number that makes it a year ("sinds 2008", "depuis 2010", "since 2022"). */
  yearContextWords: string[];
  /** Regex sources of phrases that introduce a phone or fax number. */
  phoneContexts: string[];
  /** Regex sources of headings of a medical history, whose items may open with a bare year ("Voorgeschiedenis:"). */
  historyHeadings?: string[];
}

const NL: LanguageWords = {
  months: {
    januari: 1, februari: 2, maart: 3, april: 4, mei: 5, juni: 6, juli: 7, augustus: 8, september: 9,
    oktober: 10, november: 11, december: 12,
    jan: 1, feb: 2, febr: 2, mrt: 3, maa: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, okt: 10,
    nov: 11, dec: 12,
  },
  weekdays: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag",
    "ma", "di", "wo", "do", "vr", "za", "zo"],
  dayAfterMonth: false,
  ordinalSuffixes: ["ste", "de", "e"],
  dateContextWords: ["op", "dd", "d.d.", "d.d", "datum", "van", "tot", "vanaf", "sinds", "sedert", "voor", "na",
    "tussen", "en", "gezien", "opname", "ontslag", "controle", "consultatie", "geboren",
    // An examination, a procedure or an event verb before a day and month dates them ("MRI 01/03", "opn 3/11",
    // "ingebracht 4/11"); a score or lab value is not written after these words.
    "echo", "mri", "nmr", "ct", "rx", "emg", "eeg", "ecg", "ekg", "pet", "scan", "scopie", "biopsie", "punctie",
    "operatie", "ingreep", "opn", "opgenomen", "ontslagen", "heropname", "ingebracht", "geplaatst", "verwijderd",
    "afgenomen", "afname", "uitgevoerd", "gepland", "geopereerd", "bezoek", "afspraak", "tem"],
  durationWords: ["sinds", "sedert", "gedurende", "reeds", "al", "na", "binnen", "over", "afgelopen", "laatste",
    "ruim", "nog", "per", "elke", "iedere", "om", "voor", "in", "tot", "vanaf", "jaar", "periode", "termijn"],
  recordContexts: [
    "pati[eë]nt(?:en)?[- ]?(?:nummer|nr|id)", "pat\\.? ?(?:nr|id)", "patnr", "dossier[- ]?(?:nummer|nr)", "dossier",
    "ead[- ]?(?:nummer|nr)?", "opname[- ]?(?:nummer|nr)", "insz(?:[- ]?(?:nummer|nr))?",
    "rijksregister[- ]?(?:nummer|nr)?", "rr[- ]?(?:nummer|nr)", "rrn", "identificatie[- ]?nummer",
    "ziekenhuis[- ]?(?:nummer|nr)", "bsn", "burgerservice[- ]?nummer", "sofi[- ]?nummer", "mrn", "pid",
    "epd(?:[- ]?(?:nummer|nr))?", "polis(?:[- ]?(?:nummer|nr))?", "schade(?:dossier|[- ]?(?:nummer|nr))",
    // Samples, reports and identity documents (session six): "Labnummer: 24-158-03311", "Protocol: 24J091187",
    // "biopt 23/S/18842", "Kenmerk: TBC-2023-0418", "ID-kaart 592-...", "paspoort NXF3R2K97".
    "labo?[- ]?(?:nummer|nr)", "staal[- ]?(?:nummer|nr)", "monster[- ]?(?:nummer|nr)", "protocol(?:[- ]?(?:nummer|nr))?",
    "(?:ons |uw )?kenmerk", "biopt(?:[- ]?(?:nummer|nr))?", "id[- ]?kaart(?:[- ]?(?:nummer|nr))?",
    "identiteitskaart(?:[- ]?(?:nummer|nr))?", "eid(?:[- ]?kaart)?", "paspoort(?:[- ]?(?:nummer|nr))?", "verblijfskaart",
    // Requests, orders and references (issue 11): "Aanvraagnr.: 24-118812", "Referentie afspraak: AFS-2025-1182".
    "aanvraag[- ]?(?:nummer|nr)", "onderzoeks?[- ]?(?:nummer|nr)",
    "referentie(?:[- ]?(?:nummer|nr))?(?: (?:afspraak|aanvraag|onderzoek|\\p{L}+))?", "(?:nr|nummer) (?:aanvraag|afspraak|onderzoek)",
    // Police reports: "PV nr GE.12.L3.004417/2024", "proces-verbaal 2024/5531".
    "pv(?:[- ]?(?:nummer|nr))?", "proces[- ]?verbaal(?:[- ]?(?:nummer|nr))?",
    // A letter's own reference and the addressee's (session twelve): "Onze ref.: 2025-0681524", "uw ref: 12345".
    "(?:ons|onze|uw|mijn) ?ref(?:erentie)?",
  ],
  weakRecordContexts: ["opn", "opname", "order(?:[- ]?(?:nummer|nr))?", "rit(?:[- ]?(?:nummer|nr))?", "episode(?:[- ]?(?:nummer|nr))?",
    "verblijf(?:s?[- ]?(?:nummer|nr))?", "contact(?:[- ]?(?:nummer|nr))?", "bezoek(?:[- ]?(?:nummer|nr))?"],
  caregiverRecordContexts: ["riziv(?:[- ]?(?:nummer|nr))?", "uzi(?:[- ]?(?:pas(?:nummer)?|nummer|nr))?", "big[- ]?(?:nummer|nr|registratie)", "agb(?:[- ]?code)?",
    "voorschrijver"],
  otherRecordContexts: ["serie[- ]?(?:nummer|nr)", "kenteken", "nummerplaat", "chassisnummer", "(?:code )?deur(?:code)?",
    "toegangscode", "sleutelkluis(?:code)?", "sn", "s/n",
    // "Sleutelkastje links van de achterdeur, code 7-3-1-8": a key box, a safe or a door before "code" on its line.
    "(?:sleutel\\p{L}*|\\p{L}*kluis\\p{L}*|\\p{L}*kastje|\\p{L}*deur|alarm\\p{L}*)[^\\n]{0,40}?code"],
  yearContextWords: ["sinds", "sedert", "vanaf", "in", "begin", "eind", "midden", "najaar", "voorjaar", "zomer",
    "winter", "lente", "herfst", "anno", "jaar", "circa", "ca.", "rond", "omstreeks"],
  phoneContexts: ["tel", "telefoon(?:nummer)?", "tel\\.? ?nr", "gsm(?:[- ]?nummer)?", "fax(?:nummer)?",
    "mobiel(?:e nummer)?", "bereikbaar (?:op|via)", "bel", "bellen naar", "toestel", "tst", "intern", "pieper", "semafoon", "sein(?:nummer)?"],
  historyHeadings: ["(?:medische |chirurgische |psychiatrische |relevante )?voorgeschiedenis", "vg", "vgs",
    "antecedenten", "(?:medische |chirurgische )?antecedenten"],
};

const FR: LanguageWords = {
  months: {
    janvier: 1, février: 2, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, août: 8, aout: 8,
    septembre: 9, octobre: 10, novembre: 11, décembre: 12, decembre: 12,
    janv: 1, févr: 2, fevr: 2, fév: 2, fev: 2, avr: 4, juil: 7, sept: 9, oct: 10, nov: 11, déc: 12, dec: 12,
  },
  weekdays: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
    "lun", "mar", "mer", "jeu", "ven", "sam", "dim"],
  dayAfterMonth: false,
  ordinalSuffixes: ["er", "re", "ème", "eme", "e"],
  dateContextWords: ["le", "du", "au", "depuis", "date", "daté", "datée", "jusqu'au", "dès", "avant", "après",
    "vu", "vue", "né", "née",
    // Examinations, procedures and events ("IRM 01/03", "hospitalisé 3/11", "RDV 12/10").
    "irm", "scanner", "écho", "échographie", "rx", "ct", "emg", "eeg", "ecg", "pet", "biopsie", "ponction", "opéré",
    "opérée", "intervention", "hospitalisé", "hospitalisée", "admis", "admise", "rdv", "rendez-vous", "prélevé",
    "prélèvement", "contrôle", "consultation", "revu", "revue", "sorti", "sortie", "prévu", "prévue"],
  durationWords: ["pendant", "depuis", "durant", "dans", "après", "sur", "pour", "plus", "moins", "tous", "chaque",
    "en"],
  recordContexts: [
    "n(?:°|o\\.?|º|um(?:é|e)ro)\\s*(?:de\\s+|du\\s+)?(?:dossier|patient|s[ée]jour|registre national|national)",
    "num[ée]ro (?:de |du )?(?:dossier|patient|s[ée]jour|registre national)", "num[ée]ro national",
    "identifiant (?:du )?patient", "ipp", "niss", "dossier", "registre national",
    // Requests, missions and references: "N° demande : 26-3341907", "N° mission 100-24-00871", "Référence : RDV-77".
    "n(?:°|o\\.?|º|um(?:é|e)ro)\\s*(?:de\\s+|d'|d’)?(?:demande|mission|intervention|[ée]chantillon|pr[ée]l[èe]vement|examen|analyse|r[ée]f[ée]rence)",
    "r[ée]f[ée]rence(?: (?:du |de la )?(?:rendez-vous|rdv|demande|examen))?",
    "(?:n(?:°|o\\.?|º|um(?:é|e)ro)\\s*(?:d'|de\\s+)?)?affili(?:ation|ée?|e)", "(?:n(?:°|o\\.?|º)\\s*(?:de\\s+)?)?sinistre",
    "n(?:°|o\\.?|º)\\s*(?:de\\s+)?demande", "passeport", "protocole", "eid",
    "(?:notre|votre|n/|v/) ?r[ée]f(?:[ée]rence)?",
  ],
  weakRecordContexts: ["s[ée]jour", "admission", "commande", "episode"],
  caregiverRecordContexts: ["inami(?:[- ]?(?:num[ée]ro|n°|nr))?", "n(?:°|o\\.?|um[ée]ro)\\s*inami", "rpps", "adeli"],
  otherRecordContexts: ["num[ée]ro de s[ée]rie", "n° de s[ée]rie", "immatriculation", "plaque(?: d'immatriculation)?",
    "(?:code (?:de la )?)?porte", "digicode",
    // "boîte à clés près de la porte, code 6093": a key box, a door or an alarm before "code" on its line.
    "(?:bo[iî]te [àa] cl[ée]s|cl[ée]s|porte|garage|alarme)[^\\n]{0,40}?code"],
  yearContextWords: ["en", "depuis", "dès", "année", "début", "fin", "mi", "printemps", "été", "automne", "hiver",
    "vers", "courant"],
  phoneContexts: ["t[ée]l", "t[ée]l[ée]phone", "gsm", "portable", "fax", "t[ée]l[ée]copie",
    "num[ée]ro de t[ée]l[ée]phone", "joignable au", "poste", "bip"],
  historyHeadings: ["ant[ée]c[ée]dents(?: (?:m[ée]dicaux|chirurgicaux|personnels))?", "atcds?", "atc"],
};

const EN: LanguageWords = {
  months: {
    january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8, september: 9, october: 10,
    november: 11, december: 12,
    jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  },
  weekdays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"],
  dayAfterMonth: true,
  ordinalSuffixes: ["st", "nd", "rd", "th"],
  dateContextWords: ["on", "from", "to", "until", "since", "dated", "date", "dos", "dob", "seen", "before", "after",
    "by", "between", "and", "admitted", "discharged", "born"],
  durationWords: ["for", "since", "over", "past", "during", "within", "after", "last", "every", "each", "in", "by",
    "until", "till", "from"],
  recordContexts: [
    "mrn", "medical record (?:number|no\\.?|nr\\.?|#)", "record (?:number|no\\.?|#)", "patient (?:id|number|no\\.?|#)",
    "hospital (?:number|no\\.?|id)", "chart (?:number|no\\.?|#)", "account (?:number|no\\.?|#)",
    "admission (?:number|no\\.?|#)", "encounter (?:number|no\\.?|id|#)", "case (?:number|no\\.?|#)", "pid",
    "nhs(?: number| no\\.?)?", "(?:our|your) ?ref(?:erence)?",
  ],
  weakRecordContexts: ["visit(?: (?:number|no\\.?|id|#))?", "order(?: (?:number|no\\.?|#))?", "episode", "encounter"],
  caregiverRecordContexts: ["licen[cs]e (?:number|no\\.?|#)", "dea(?: number| no\\.?| #)?", "gmc(?: number| no\\.?)?",
    "nmc(?: pin)?"],
  otherRecordContexts: ["serial(?: (?:number|no\\.?|#))?", "registration(?: number| no\\.?)?", "licen[cs]e plate",
    "device (?:id|number)"],
  yearContextWords: ["since", "in", "during", "year", "early", "late", "mid", "spring", "summer", "autumn", "fall",
    "winter", "circa", "around"],
  phoneContexts: ["tel", "telephone", "phone", "ph", "cell", "mobile", "fax", "pager", "call", "contact number",
    "reachable at", "ext", "extension", "bleep"],
};

const WORDS: Record<Language, LanguageWords> = { nl: NL, fr: FR, en: EN };

/** The words of the chosen languages, merged. */
export interface Lexicon {
  readonly languages: readonly Language[];
  readonly months: ReadonlyMap<string, number>;
  readonly weekdays: readonly string[];
  /** Month words after which a day number may follow. */
  readonly monthsBeforeDay: ReadonlySet<string>;
  readonly ordinalSuffixes: readonly string[];
  readonly dateContextWords: ReadonlySet<string>;
  readonly durationWords: ReadonlySet<string>;
  readonly recordContexts: readonly string[];
  readonly weakRecordContexts: readonly string[];
  readonly caregiverRecordContexts: readonly string[];
  readonly otherRecordContexts: readonly string[];
  readonly yearContextWords: ReadonlySet<string>;
  readonly phoneContexts: readonly string[];
  /** A heading of a medical history on the line (or the list) before a year ("Voorgeschiedenis: 2011 CVA"). */
  readonly historyHeading: RegExp | null;
}

function historyHeadingRegex(sources: readonly string[]): RegExp | null {
  return sources.length === 0 ? null : new RegExp(`(?:^|[^\\p{L}])(?:${sources.join("|")})\\s*[:;-]`, "iu");
}

export function buildLexicon(languages: readonly Language[]): Lexicon {
  const chosen = [...new Set(languages)].sort() as Language[];
  const months = new Map<string, number>();
  const collect = <K extends keyof LanguageWords>(key: K): string[] =>
    chosen.flatMap((l) => WORDS[l][key] as string[]);
  for (const l of chosen) for (const [w, m] of Object.entries(WORDS[l].months)) months.set(w, m);
  return {
    languages: chosen,
    months,
    weekdays: [...new Set(collect("weekdays"))],
    monthsBeforeDay: new Set(chosen.filter((l) => WORDS[l].dayAfterMonth).flatMap((l) => Object.keys(WORDS[l].months))),
    ordinalSuffixes: [...new Set(collect("ordinalSuffixes"))],
    dateContextWords: new Set(collect("dateContextWords")),
    durationWords: new Set(collect("durationWords")),
    recordContexts: [...new Set(collect("recordContexts"))],
    weakRecordContexts: [...new Set(chosen.flatMap((l) => WORDS[l].weakRecordContexts ?? []))],
    caregiverRecordContexts: [...new Set(collect("caregiverRecordContexts"))],
    otherRecordContexts: [...new Set(collect("otherRecordContexts"))],
    yearContextWords: new Set(collect("yearContextWords")),
    phoneContexts: [...new Set(collect("phoneContexts"))],
    historyHeading: historyHeadingRegex(chosen.flatMap((l) => WORDS[l].historyHeadings ?? [])),
  };
}

/** Month words that are also ordinary words: they count only when capitalised ("May 2023", not "may 12"). */
export const AMBIGUOUS_LOWERCASE_MONTHS: ReadonlySet<string> = new Set(["may"]);
