// Language resources for generated notes: calendar words, titles, kinship words, professions.
// Written for this project; none of these lists comes from the lookup lists the rule detectors match.

export type LangId = "nl" | "fr" | "en";

export interface Lang {
  id: LangId;
  months: readonly string[];
  monthsAbbr: readonly string[];
  weekdays: readonly string[];
  weekdaysAbbr: readonly string[];
  caregiverTitles: readonly string[];
  patientTitles: { f: readonly string[]; m: readonly string[] };
  relatives: readonly string[];
  professions: readonly string[];
  employmentStates: readonly string[];
  hobbies: readonly string[];
  countries: readonly string[];
  /** Age units: [unit key, surface forms]. */
  ageUnits: { year: readonly string[]; month: readonly string[]; week: readonly string[]; day: readonly string[] };
}

export const NL: Lang = {
  id: "nl",
  months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
  monthsAbbr: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
  weekdays: ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"],
  weekdaysAbbr: ["ma", "di", "wo", "do", "vr", "za", "zo"],
  caregiverTitles: ["Dr.", "dr.", "Dr", "dokter", "Dokter", "Prof. dr.", "Prof. Dr.", "prof.", "DR."],
  patientTitles: { f: ["Mevr.", "Mevrouw", "mevrouw", "mevr.", "Mw."], m: ["Dhr.", "De heer", "meneer", "Mr.", "dhr."] },
  relatives: ["echtgenote", "echtgenoot", "partner", "dochter", "zoon", "schoondochter", "kleinzoon", "buurvrouw", "mantelzorger", "zus", "broer", "moeder", "vader", "nicht"],
  professions: [
    "leerkracht", "bouwvakker", "boekhouder", "kapster", "vrachtwagenchauffeur", "landbouwer", "bediende", "poetshulp",
    "lasser", "elektricien", "loodgieter", "advocaat", "ingenieur", "postbode", "bakker", "slager", "kassierster",
    "schrijnwerker", "IT-consultant", "buschauffeur", "magazijnier", "zorgkundige", "politie-inspecteur",
    "brandweerman", "architect", "apothekersassistent", "onthaalmoeder", "fietskoerier", "tuinaannemer",
    "dakwerker", "vertaler", "treinbegeleider", "stukadoor", "heftruckchauffeur", "grafisch ontwerper",
  ],
  employmentStates: ["gepensioneerd", "werkloos", "arbeidsongeschikt", "met pensioen", "halftijds werkzaam", "student", "zelfstandige"],
  hobbies: ["wielrennen", "duiven melken", "volkstuin", "zwemmen", "koorzang", "vissen", "petanque"],
  countries: ["Marokko", "Spanje", "Turkije", "Frankrijk", "Polen", "Roemenië", "Portugal", "Italië", "Congo", "Thailand", "Griekenland"],
  ageUnits: {
    year: ["jaar", "jaar oud", "jr", "j"],
    month: ["maanden", "mnd", "maand"],
    week: ["weken", "wk"],
    day: ["dagen", "d"],
  },
};

export const FR: Lang = {
  id: "fr",
  months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
  monthsAbbr: ["janv", "févr", "mars", "avr", "mai", "juin", "juil", "août", "sept", "oct", "nov", "déc"],
  weekdays: ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
  weekdaysAbbr: ["lun", "mar", "mer", "jeu", "ven", "sam", "dim"],
  caregiverTitles: ["Dr", "Dr.", "Docteur", "Pr", "Prof."],
  patientTitles: { f: ["Madame", "Mme", "Mme."], m: ["Monsieur", "M.", "Mr"] },
  relatives: ["épouse", "époux", "fille", "fils", "voisine", "sœur", "frère", "mère"],
  professions: ["enseignante", "maçon", "comptable", "infirmière", "chauffeur", "ouvrier", "employé", "coiffeuse", "menuisier", "aide-soignante"],
  employmentStates: ["retraité", "sans emploi", "en incapacité de travail", "pensionnée"],
  hobbies: ["cyclisme", "natation", "jardinage"],
  countries: ["Maroc", "Espagne", "Turquie", "France", "Italie", "Portugal", "Algérie"],
  ageUnits: { year: ["ans"], month: ["mois"], week: ["semaines"], day: ["jours"] },
};

export const EN: Lang = {
  id: "en",
  months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  monthsAbbr: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  weekdays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  weekdaysAbbr: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
  caregiverTitles: ["Dr.", "Dr", "DR.", "Prof.", "Professor", "Doctor"],
  patientTitles: { f: ["Mrs.", "Ms.", "Mrs", "Ms", "Miss"], m: ["Mr.", "Mr", "MR."] },
  relatives: ["wife", "husband", "partner", "daughter", "son", "daughter-in-law", "grandson", "neighbour", "sister", "brother", "mother", "father", "niece"],
  professions: [
    "teacher", "construction worker", "accountant", "hairdresser", "truck driver", "farmer", "office clerk", "cleaner",
    "welder", "electrician", "plumber", "lawyer", "engineer", "postal worker", "baker", "butcher", "cashier",
    "carpenter", "software developer", "bus driver", "warehouse operative", "care assistant", "police officer",
    "firefighter", "architect", "pharmacy technician", "childminder", "bicycle courier", "landscaper", "roofer",
    "translator", "train conductor", "plasterer", "forklift operator", "graphic designer",
  ],
  employmentStates: ["retired", "unemployed", "on long-term sick leave", "works part-time", "student", "self-employed"],
  hobbies: ["cycling", "pigeon racing", "allotment gardening", "swimming", "choir singing", "fishing", "bowls"],
  countries: ["Spain", "Morocco", "Turkey", "France", "Poland", "Romania", "Portugal", "Italy", "Thailand", "Greece", "Mexico", "India"],
  ageUnits: {
    year: ["years", "years old", "yo", "y/o", "yr"],
    month: ["months", "mo"],
    week: ["weeks", "wk"],
    day: ["days", "d"],
  },
};
