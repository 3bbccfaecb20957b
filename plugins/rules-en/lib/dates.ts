// Dates in the English forms notes and queries use, birth dates after their cue, ages, and (only when asked)
// relative dates. Regexes are bounded and anchored at a digit, a month word or a cue, so each scan is linear.
import type { Label } from "../../../src/contract/index.js";
import { groupMatches, LineIndex, type Candidate } from "./candidates.js";

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const MON = String.raw`(?<![\p{L}])${MONTH}(?![\p{L}])\.?`;
const DAY = String.raw`(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?(?![\p{L}\d])`;
const YEAR = String.raw`(?:(?:19|20)\d\d(?!\d)|['’]\d\d(?!\d))`;
const WEEKDAY = String.raw`(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s{1,3}(?:the\s{1,2})?)?`;
const SEASON = String.raw`(?:spring|summer|fall|autumn|winter|christmas|xmas|easter|thanksgiving)`;
const NUM_WORD = String.raw`(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|few|several|couple\s+of|a\s+couple\s+of)`;

const UNIT_AFTER = /^\s{0,2}(?:mg|mcg|g|kg|ml|l|cc|units?|iu|mmhg|%|bpm|mm|cm|tabs?|pills?|times|x)(?![\p{L}])/iu;

export interface DateRules {
  monthDayYear: RegExp;
  dayMonthYear: RegExp;
  theDayOfMonth: RegExp;
  monthYear: RegExp;
  monthDay: RegExp;
  dayMonth: RegExp;
  numeric: RegExp;
  iso: RegExp;
  monthNumYear: RegExp;
  compact: RegExp;
  dayMonthNoYear: RegExp;
  cuedYear: RegExp;
  bareYear: RegExp;
  bareMonthDay: RegExp;
  weekdayOrdinal: RegExp;
  cuedMonth: RegExp;
  seasonYear: RegExp;
  birthCue: RegExp;
  ageOld: RegExp;
  ageCue: RegExp;
  ageSex: RegExp;
  ageDecade: RegExp;
  ageOfAge: RegExp;
  relative: RegExp;
  theOrdinal: RegExp;
  lineDayMonth: RegExp;
  dayMonthTime: RegExp;
  quarter: RegExp;
  bareMonth: RegExp;
  ageList: RegExp;
}

export function compileDateRules(): DateRules {
  return {
    monthDayYear: new RegExp(String.raw`${WEEKDAY}${MON}\s{0,3}${DAY},?\s{0,3}(?:of\s{1,3})?${YEAR}`, "giud"),
    dayMonthYear: new RegExp(String.raw`${WEEKDAY}(?<![\d])${DAY}(?:\s{0,3}(?:of\s{1,3})?|[\-\/.])${MON}(?:,?\s{0,3}|[\-\/.])${YEAR}`, "giud"),
    theDayOfMonth: new RegExp(String.raw`${WEEKDAY}(?<![\d])(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)\s{1,3}of\s{1,3}${MON}(?:,?\s{0,3}${YEAR})?`, "giud"),
    // "March 2021", "Mar-2021", "Nov-23" (a two-digit year after a hyphen).
    monthYear: new RegExp(String.raw`${MON}(?:\s{0,3}(?:of\s{1,3})?|-|\/)${YEAR}|${MON}-\d\d(?![\d\/\-:])`, "giud"),
    monthDay: new RegExp(String.raw`${WEEKDAY}${MON}\s{0,3}(?:the\s{1,2})?${DAY}`, "giud"),
    // A day and a month on different lines, or a digit glued to a letter ("3M5" of a postal code), are no date.
    dayMonth: new RegExp(String.raw`${WEEKDAY}(?<![\p{L}\d.\/])${DAY}[ \t]{0,3}${MON}`, "giud"),
    // m/d/yy(yy), d/m/yyyy, m-d-yyyy, m.d.yyyy (checked in code: one part ≤ 12, the other ≤ 31).
    numeric: /(?<![\d\/.\-])(\d{1,2})([\/.\-])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[\/\-]\d|\.\d)/gd,
    iso: /(?<![\d\/.\-])((?:19|20)\d\d)([\/.\-])(\d{1,2})\2(\d{1,2})(?![\d]|[\/\-]\d|\.\d)(?:T\d\d:\d\d(?::\d\d)?)?/gd,
    compact: /(?<![\p{L}\d\-\/.])((?:19|20)\d\d)(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?![\p{L}\d]|[.,\/\-]\d)/gud,
    monthNumYear: /(?<![\d\/.\-])(0?[1-9]|1[0-2])([\/\-])((?:19|20)\d\d)(?![\d]|[\/\-]\d)/gd,
    // d/m or m/d without a year: only after a date cue.
    // m/d (US) or d/m (UK: "w/c 14/10", "LMP 10/2").
    dayMonthNoYear: /(?<![\p{L}])(?:on|since|from|until|till|dated?|of|by|date|seen|admitted|discharged|visit|dos|doa|dod|lmp|edd|edc|w\/c|wc|week\s+commencing|wk\s+of|week\s+of|appt|appointment|drawn|collected|tested|scan|scanned|performed|completed|due|booked|scheduled|expires?|expired|received|signed|consented|randomi[sz]ed|enrolled|hearing|delivered)\s{0,3}:?\s{0,3}((?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])|(?:1[3-9]|2\d|3[01])\/(?:0?[1-9]|1[0-2]))(?![\d\/]|\.\d)/giud,
    cuedYear: /(?<![\p{L}])(?:in|since|from|until|till|through|thru|to|by|during|of|circa|around|before|after|year|born|dob|back\s+in|summer|winter|spring|fall|autumn|early|mid|late|the\s+year|between|and|or|class\s+of|b\.)\s{1,3}((?:19|20)\d\d|['’]\d\d)(?![\d\p{L}]|\s{0,2}(?:mg|ml|g|units|patients|people|cases)\b)|\(((?:19|20)\d\d)\)/giud,
    // A year alone in a query or a fragment ("2021 colonoscopy", "letters 2022"): 1950–2039, no unit or number next.
    bareYear: /(?<![\d.,\/\-#=+×*<>~])(?<!\d[.,]?\s)(?<![=+×*<>~#\/\-]\s)(?<![\p{L}\d])((?:19[5-9]\d|20[0-3]\d))(?![\d.,\/:\-]\d|\d|\s?(?:%|mg|mcg|g|kg|ml|l|cc|units?|iu|mmhg|mm|cm|patients|people|cases|cells|calories|kcal|steps|feet|ft|miles|m|km|hours?|hrs?|minutes?|mins?|days?|beds?|x)(?![\p{L}]))/giud,
    // m/d where the day cannot be a month ("12/28", "3/22"): m ≤ 12, d 13–31; not a score ("pain 7/10") or a ratio.
    bareMonthDay: /(?<![\d\/.\-:])(0?[1-9]|1[0-2])\/(1[3-9]|2\d|3[01])(?![\d\/]|\.\d|\s?(?:mmhg|%))/gid,
    weekdayOrdinal: /(?<![\p{L}])(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s{1,3}(?:the\s{1,2})?(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)(?![\p{L}\d])/giud,
    cuedMonth: /(?<![\p{L}])(?:in|since|during|from|until|till|through|by|early|mid|late|last|next|this|past|of|before|after|end\s+of|beginning\s+of|start\s+of|middle\s+of)[\s-]{1,3}(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)(?![\p{L}])\.?/gud,
    // "fall 45" is a fall score ("Morse fall 45"): a two-digit year after "fall" needs its apostrophe.
    seasonYear: new RegExp(String.raw`(?<![\p{L}])(?:(?:early|mid|late)[\s-]{1,2})?(?:${SEASON}(?:\s{1,3}(?:of\s{1,3})?|\s{0,2}['’])(?:19|20)\d\d|${SEASON}\s{0,2}['’]\d\d|(?!fall)${SEASON}\s{1,3}(?:of\s{1,3})?\d\d)(?!\d)`, "giud"),
    birthCue: /(?<![\p{L}])(?:dob|d\.o\.b\.?|date\s+of\s+birth|birth\s*date|birthday|born(?:\s+on)?|b\.)\s{0,3}[:\-]?\s{0,3}$/iu,
    ageOld: /(?<![\d.])(\d{1,3})(?:\s{0,2}|-)(?:years?|yrs?|yr\.?|y|months?|mos?|mo\.?|weeks?|wks?|wk\.?|days?|d)(?:\s{0,2}|-)(?:old|o\.?|\/o|of\s+age)(?![\p{L}])|(?<![\d.])(\d{1,3})\s{0,2}(?:yo|y\.o\.|y\/o|m\/o|yof|yom|yowf|yowm|yobm|yobf|yrs?\s+old)(?![\p{L}])/giud,
    ageCue: /(?<![\p{L}])(?:aged?|age\s+of|age\s+is|ages|at\s+the\s+age\s+of|age\s*:|age\s*\/\s*sex\s*:?|aet\.?|a\s+(?:male|female|man|woman|boy|girl)\s+of)\s{0,3}(\d{1,3}(?:\+|\s?Y(?![\p{L}]))?)(?![\d.,\/:]\d|\d|\s?%|\s?(?:mg|kg|lbs?|cm|mm|ml|units|days?|weeks?|months?|hours?)\b)/giud,
    ageSex: /(?<![\p{L}\d.\/\-#])(\d{1,3})\s?(?:y\s?)?([MF])(?![\p{L}\d])(?!\s{0,2}(?:catheter|foley|french|fr|sheath|tube|cath|units?|iu|ng|ett)\b)/gud,
    ageDecade: /(?<![\p{L}])(?:in\s+(?:his|her|their|the)\s+)((?:(?:early|mid|late)[\s-]{1,2})?(?:\d0s|\d0's|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))(?![\p{L}])|(?<![\p{L}])((?:early|mid|late)[\s-]{1,2}\d0s)(?![\p{L}])/giud,
    ageOfAge: /(?<![\d.])(\d{1,3})\s{1,2}years?\s{1,2}of\s{1,2}age(?![\p{L}])/giud,
    // "on the 20th", "by the 3rd", "since the 14th": a day of the month; not "the 3rd time", "the 5th toe".
    theOrdinal: /(?<![\p{L}])(?:on|by|until|till|since|from|before|after|for|around|about|due)\s{1,2}the\s{1,2}((?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th))(?![\p{L}\d])(?!\s{1,2}(?:time|times|day|days|week|weeks|month|months|year|years|dose|doses|cycle|visit|floor|percentile|centile|trimester|grade|decade|attempt|round|session|line|rib|ribs|toe|finger|digit|ventricle|nerve|cranial|edition|generation|degree|place|stage|of\s+(?:the|his|her|their|these|those|\d)))/giud,
    // m/d before a time of day ("4/11 AM", "3/6 14:00"): a date and its time.
    dayMonthTime: /(?<![\d\/.\-:\p{L}])((?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01]))(?=\s{1,2}(?:AM|PM|am|pm|a\.m\.|p\.m\.|(?:[01]\d|2[0-3]):[0-5]\d)(?![\p{L}\d]))/gud,
    lineDayMonth: /^[ \t]{0,8}((?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])|(?:1[3-9]|2\d|3[01])\/(?:0?[1-9]|1[0-2]))[ \t]{0,8}$/gmd,
    // "Q2 2023", "second quarter of 2021".
    quarter: /(?<![\p{L}\d])(?:Q[1-4]\s?(?:19|20)\d\d|(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(?:19|20)\d\d|(?:19|20)\d\d\s?Q[1-4])(?![\p{L}\d])/giud,
    // A month written out in capitals mid-sentence ("clinic letter March", "seen in clinic August"): not May, not at
    // the start of a sentence or line (checked in code), not a first name before a surname.
    // Full names, their title-case abbreviations, and the capitals abbreviations that are no clinical acronym (not
    // "MAR", "OCT", "APR", "DEC"); "May" and "March" in lower case are words.
    bareMonth: /(?<![\p{L}])(January|February|March|April|June|July|August|September|October|November|December|Jan|Feb|Apr|Aug|Sept|Oct|Nov|Dec|JAN|FEB|AUG|SEPT|NOV)(?![\p{L}]|\.\s?\d|\s?\d)/gud,
    // "aged 6 and 9", "ages 4, 7 and 11": the further ages of a list.
    ageList: /(?<![\p{L}])(?:aged?|ages)\s{1,2}\d{1,3}(?:\s{0,2}(?:,|and|&)\s{0,2}\d{1,3}(?![\d.]))+/giud,
    relative: new RegExp(
      String.raw`(?<![\p{L}])(?:yesterday|today|tonight|tomorrow|the\s+day\s+before\s+yesterday|(?:this|last|next|past|previous|following)\s+(?:night|morning|afternoon|evening|week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|${NUM_WORD}\s+(?:days?|weeks?|months?|years?|hours?)\s+(?:ago|later|prior|earlier|before|after|from\s+now)|in\s+${NUM_WORD}\s+(?:days?|weeks?|months?|years?))(?![\p{L}])`,
      "giud",
    ),
  };
}

/** Holidays that name a day (the annotators' notes count them as dates): "Boxing Day", "New Year's Eve", "Thanksgiving". */
const HOLIDAY = /(?<![\p{L}])(?:Christmas\s(?:Day|Eve)|Boxing\sDay|New\sYear['’]?s?\s(?:Day|Eve)|Easter\s(?:Sunday|Monday|Day)|Good\sFriday|Thanksgiving(?:\sDay)?|Labou?r\sDay|Memorial\sDay|Independence\sDay|Veterans['’]?\sDay|Presidents['’]?\sDay|Columbus\sDay|Martin\sLuther\sKing(?:\sJr\.?)?\sDay|MLK\sDay|Juneteenth|Halloween|Hallowe['’]en|Valentine['’]?s\sDay|St\.?\sPatrick['’]?s\sDay|Mother['’]?s\sDay|Father['’]?s\sDay|Bonfire\sNight|Guy\sFawkes\sNight|Remembrance\sSunday|Burns\sNight|Hogmanay|Christmas|Easter)(?![\p{L}])/gud;
/** The same holidays in lower case ("over thanksgiving", "since christmas"): only the unambiguous single words. */
const HOLIDAY_LOWER = /(?<![\p{L}])(?:thanksgiving|christmas|xmas|easter|halloween|hogmanay|juneteenth)(?![\p{L}])/gud;

/** "84YR LADY", "45 yr male", "3yo boy": a number of years fused or next to a word for the person. */
const AGE_NOUN = /(?<![\p{L}\d.\/])(\d{1,3}\s{0,2}(?:yrs?|y))\s{1,2}(?=(?:lady|man|male|female|woman|gent|gentleman|boy|girl|pt|patient|m|f)(?![\p{L}]))/giud;
const NUMBER_WORD = String.raw`(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|a\s+hundred(?:\s+and\s+\w+)?)`;
/** Ages written in words: "thirty-four years old", "a six-month-old", "forty two year old" (found at "old"). */
const AGE_WORDS_TAIL = /(?:\s{1,2}|-)(?:years?|months?|weeks?)(?:\s{1,2}|-)old(?![\p{L}])/giud;
const AGE_WORDS_NUMBER = new RegExp(String.raw`(?<![\p{L}])${NUMBER_WORD}$`, "iu");
/** "Patient is 83,", "mum was 54 when", "she turned 60": a bare number said of a person. */
const AGE_IS = /(?<![\p{L}])(?:is|was|turned|turns|is\s+now|was\s+only)\s{1,2}(\d{1,3})(?=\s{0,2}(?:[,;.)]|$|\n|and\s|with\s|when\s|today|now|next|this|last))(?![.,]\d)/giud;
const AGE_IS_SUBJECT = /(?<![\p{L}])(?:patient|pt|she|he|they|who|mother|father|mum|mom|dad|son|daughter|wife|husband|partner|brother|sister|grandmother|grandfather|baby|child)\s{1,2}$/iu;
/** A relative's age at death or at a diagnosis: "Father died of MI at 54", "mother passed away at age 70". */
const AGE_AT_EVENT = /(?<![\p{L}])(?:died|passed\s+away|deceased|death|dx['’]?d|diagnosed)(?:[^.;\n\d]{0,40}?)\sat\s{1,2}(?:age\s{1,2})?(\d{1,3})(?!\d|[.:\/]\d|%)(?!\s{0,2}(?:am|pm|h\b|hrs?|hours?|weeks?|wks?|days?|months?|mg|kg|cm|mmhg|%|o'?clock))/giud;
const YEAR_PAIR = /(?<![\d.,\/\-#])((?:19[5-9]\d|20[0-3]\d))[ \t]{1,2}((?:19[5-9]\d|20[0-3]\d))(?![\d\/.,\-]\d|\d|\s?(?:%|mg|ml|kg|units?|patients|cases|cells|feet|ft|m|km)(?![\p{L}]))/gu;
const SPLIT_YEAR = /(?<![\d.,\/\-#])(20[0-3]\d)\/(\d\d)(?![\d\/.,\-]\d|\d)/gu;
const YEAR_RANGE = /(?<![\d.,\/\-#])((?:19[5-9]\d|20[0-3]\d))\s?[-–]\s?((?:19[5-9]\d|20[0-3]\d))(?![\d\/\-]|[.,]\d|\s?(?:%|mg|ml|kg|units?|patients|cases|cells|feet|ft|m|km)(?![\p{L}]))/gu;
/** An age in two units: "3y 8m", "8y 3m", "2 yrs 4 mths", "12 mo 4 d" (the whole pair is the age). */
const AGE_TWO_UNITS = /(?<![\p{L}\d.\/:])(\d{1,3}\s?(?:y|yrs?|years?)\s{1,2}\d{1,2}\s?(?:m|mo|mos|mths?|months?)|\d{1,2}\s?(?:m|mo|mos|mths?|months?)\s{1,2}\d{1,2}\s?(?:d|days?|w|wks?|weeks?))(?![\p{L}\d\/])/giud;
/** An age alone on its line (a fragment, a list entry): "72 yrs", "89 years", "6 months". */
/** UK shorthand for a young child's age, "3/12 old" (months), "5/52 old" (weeks), "3/7 old" (days). */
const AGE_FRACTION = /(?<![\d.\/])([1-9]\d?\/(?:12|52|7))\s{0,2}old(?![\p{L}])/giud;
/** The upper end of an estimated age range after its cue: "age 25-35" (the lower end is the cue's own age). */
const AGE_RANGE_END = /(?<![\p{L}])(?:aged?|age\s*:)\s{0,3}\d{1,3}\s{0,1}[-–]\s{0,1}(\d{1,3})(?!\d|[.,\/:]\d|\s?%|\s?(?:mg|kg|lbs?|cm|mm|ml|units|days?|weeks?|months?|hours?)(?![\p{L}]))/giud;
/** An age compared in a search or a cohort: "age >65", "age>=75", "aged over 80", "pts 90 and older", "aged 18+". */
const AGE_COMPARED = /(?<![\p{L}])(?:aged?|age\s*:)\s{0,2}(?:>=?|<=?|≥|≤|=>|=<|over|under|above|below|(?:greater|more|older|less|younger)\s+than|at\s+least)\s{0,2}(\d{1,3})(?![\d.,\/:]\d|\d|\s?%|\s?(?:mg|kg|lbs?|cm|mm|ml|units|days?|weeks?|wks?|months?|mos?|hours?|hrs?)(?![\p{L}]))/giud;
const AGE_AND_OLDER = /(?<![\p{L}])(?:pts|patients|women|men|adults|people|persons|residents|aged?)\s{1,2}(\d{1,3})\s{0,2}(?:and|or|&)\s{1,2}(?:older|over|above|up)(?![\p{L}])/giud;
const AGE_ALONE = /(?:^|\n)[ \t]*(\d{1,3}\s{0,2}(?:yrs?|years?|months?|mos?))[ \t.]*(?=\n|$)/giud;
/** The age in brackets after a birth date: "DOB: 17.11.1992 (31)", "d.o.b. 3/4/51 (72y)". */
/** "female pts 18-45", "women 40-60 on hrt": both ends of an age range after a population noun, in a query (a line
 * that is not a sentence: no capitalised opening word before lower-case words, no sentence break). */
const POPULATION_AGE_RANGE = /(?<![\p{L}])(?:pts|patients|women|men|adults|children|kids|females|males|people|persons|boys|girls|residents|babies|infants|teens|adolescents)\s{1,2}(\d{1,2})\s?[-–]\s?(\d{1,3})(?![\d.,\/:]|\s?%|\s?(?:mg|kg|lbs?|cm|mm|ml|units|days?|weeks?|wks?|months?|mos?|hours?|hrs?|mins?|minutes?|times|x|per|visits|beds?|am|pm)(?![\p{L}]))/giud;
/** "lead exposure retired plumber 74 m", "67 m former miner": a lower-case age-sex pair on a line without capitals,
 * never a distance ("walked 50 m", "50 m away"). */
const AGE_SEX_LOWER = /(?<![\p{L}\d.,\/\-#~])(?<!(?:walk|walks|walked|walking|mobilised|mobilized|mobilises|mobilizes|ambulated|ambulates|ran|run|runs|swam|swim|distance|over|under|within|approx|about|around|nearly|only|x)\s)([1-9]\d{1,2})\s([mf])(?=[ \t]*(?:\n|$)|\s(?!(?:walk|walking|walked|distance|away|radius|tall|high|long|wide|deep|of|from|to|and|or|x|by|in|on|at|per|mark|run|swim|dash)(?![\p{L}]))\p{Ll})/gud;
const DISTANCE_LINE = /(?<![\p{L}])(?:walk\w*|mobili[sz]\w*|ambulat\w*|distance|metres?|meters?|run|ran|swim|swam|height|frame|stick|crutch\w*|zimmer|rollator|wheelchair|stairs|steps|then)(?![\p{L}])/u;
const AGE_AFTER_DOB = /(?<![\p{L}])(?:dob|d\.o\.b\.?|date\s+of\s+birth|born)\s{0,2}[:\-]?\s{0,2}(?:\d{1,4}[.\/\-]\d{1,2}[.\/\-]\d{2,4}|\d{1,2}(?:st|nd|rd|th)?\s[A-Za-z]{3,9}\.?,?\s(?:19|20)\d\d|[A-Za-z]{3,9}\.?\s\d{1,2}(?:st|nd|rd|th)?,?\s(?:19|20)\d\d)\s{0,2}\(\s{0,2}(\d{1,3}(?:\s{0,2}(?:y|yrs?|years?|yo))?)\s{0,2}\)/giud;
/** "a 4 mo with Down syndrome", "an 8 wk who": a number with a unit of age standing for the child. */
const DISTANCE_BEFORE = /(?<![\p{L}])(?:approx|approximately|about|around|over|under|within|walked|walks|fell|ran|mobilised|mobilized|distance|height|depth|from)\.?\s{1,2}$/iu;
const LOWER_AGE_SEX = /(?<![\p{L}\d.\/\-#:])(\d{2,3})[mf](?=\s|$|[,;])/gud;
/** Words before a number and a small m or f that make it a distance, a time or a dose ("walked 67m", "over 20m"). */
const NOT_BEFORE_LOWER_AGE = /^(?:walked|walks|walk|walking|ran|run|runs|swam|swim|fell|fall|falls|from|over|under|within|about|approx|approximately|around|for|of|at|to|in|by|every|per|than|the|a|mobilised|mobilized|mobilises|mobilizes|distance|height|depth|dose|x|q|ml|mg|given|took|taken|waited|wait|lasted|lasting|last|after|before|later|post|prior|only|approx|and|or|then)$/i;
const AGE_AS_NOUN = /(?<![\p{L}])an?\s{1,2}(\d{1,2}\s{0,2}(?:mo|mos|m\/o|wk|wks|w\/o|yo|y\/o))\s{1,2}(?=with\b|w\/|who\b|presenting\b|here\b)/giud;
/** Neonatal day of life: "DOL 6", "DOL#12" (the whole pair is the age). */
const DAY_OF_LIFE = /(?<![\p{L}])(DOL\s{0,2}#?\d{1,3})(?![\d.,\/])/gud;
/** A month in Roman numerals, as British and European notes write it: "05.iii.2024", "12/xi/23". */
const ROMAN_MONTH_DATE = /(?<![\p{L}\d.\/])((?:0?[1-9]|[12]\d|3[01])([.\/\- ])(?:i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii|I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)\2(?:(?:19|20)\d\d|\d\d))(?![\p{L}\d])/gud;

const MD_RANGE = /(?<![\d\/.:,])(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])\s{0,2}(?:-|–|—|to)\s{0,2}(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])(?![\d\/:]|[.,]\d|\s{0,2}(?:tabs?|tablets?|cups?|inch|inches|strength|power|of\b))/gid;
const RANGE_JOIN = String.raw`\s{0,2}(?:-|–|—|to|until|till|through|thru|and|&)\s{0,2}`;
const RANGE_END = new RegExp(String.raw`^${RANGE_JOIN}((?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])(?:\/(?:\d{4}|\d{2}))?|(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?)(?![\d\/:%]|[.,]\d|\s{0,2}(?:mg|mcg|kg|g\b|ml|units?|iu|hours?|hrs?|h\b|days?|weeks?|wks?|months?|mos?|years?|yrs?|times|x\b|am|pm|cm|mm|tabs?|tablets?|pills?|doses?|puffs?|drops?|beats|bpm|mmhg|%|\/))`, "i");
const RANGE_START = new RegExp(String.raw`(?<![\d\/.,:])((?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?)(?:-|–|—|\s{1,2}(?:to|and|&|-|–|—)\s{1,2})$`, "i");
/** Both ends of a range have the same form: a day with a day ("3-5 June"), a month/day with a month/day. */
function rangePartOk(part: string, date: string): boolean {
  const slashPart = part.includes("/");
  const slashDate = /^\d{1,2}\/\d{1,2}/.test(date) || /\d{1,2}\/\d{1,2}$/.test(date);
  return slashPart === slashDate;
}

function validNumericDate(a: number, b: number): boolean {
  return a >= 1 && b >= 1 && ((a <= 12 && b <= 31) || (b <= 12 && a <= 31));
}

export interface DateOptions {
  dates: boolean;
  ages: boolean;
  relative: boolean;
}

/**
 * The year of a guideline, a classification, an equation or an act, right after the body or the system that issued
 * it ("CKD-EPI 2021", "ASCCP 2019", "MCA 2005", "WHO 2022", "Lugano 2014", "Fleischner 2017"): its edition, no date of the
 * patient's. Only names of guideline bodies and consensus systems: a procedure's or a diagnosis's acronym before a year
 * ("CABG 2016", "CVA 2019") is the patient's own event and stays a date.
 */
function editionYear(text: string, yearStart: number): boolean {
  const m = /(?:^|[^\p{L}\d-])([\p{L}][\p{L}\d]*(?:-[\p{L}\d]+)?)[ \t]$/u.exec(text.slice(Math.max(0, yearStart - 24), yearStart));
  if (!m) return false;
  const word = m[1];
  return /^[A-Z\d-]+$/.test(word) ? GUIDELINE_BODIES.has(word) : /^[A-Z][a-z]+$/.test(word) && EDITION_SYSTEMS.has(word.toLowerCase());
}
/** Bodies whose guidelines, equations and acts are cited with their year (written for deidstack from general knowledge). */
const GUIDELINE_BODIES = new Set(
  ("CKD-EPI MDRD ASCCP WHO NICE SIGN MCA MHA ESC AHA KDIGO GOLD GINA ACR EULAR ICD DSM ATS IDSA NCCN ESMO FIGO AJCC BTS RCOG " +
    "ACOG AAP USPSTF AASLD EASL ISTH CDC BSG NHSN KDOQI JNC ESH ASCO SCCM").split(" "),
);
/** Named classifications and consensus systems cited with their edition year. */
const EDITION_SYSTEMS = new Set("bethesda lugano fleischner".split(" "));

export function findDates(text: string, rules: DateRules, opts: DateOptions): Candidate[] {
  const out: Candidate[] = [];
  const push = (s: number, e: number, rule: string, score = 0.9) => {
    // Trailing dot belongs to the sentence, not to an abbreviated month.
    while (e > s && /[\s.,]/.test(text[e - 1])) e--;
    const before = text.slice(Math.max(0, s - 24), s);
    const label: Label = rules.birthCue.test(before) ? "Age_Birthdate" : "Date";
    out.push({ start: s, end: e, label, score, rule });
  };
  if (opts.dates) {
    for (const [s, e] of groupMatches(rules.monthDayYear, text)) push(s, e, "month-day-year", 0.95);
    for (const [s, e] of groupMatches(rules.dayMonthYear, text)) push(s, e, "day-month-year", 0.95);
    for (const [s, e] of groupMatches(ROMAN_MONTH_DATE, text, 1)) push(s, e, "roman-month-date", 0.9);
    // A holiday before "disease" or "factor" is the eponym of haemophilia B and its factor IX, no day.
    for (const [s, e] of groupMatches(HOLIDAY, text, 0)) if (!/^[ \t]{1,2}(?:disease|factor)(?![\p{L}])/iu.test(text.slice(e, e + 12))) push(s, e, "holiday", 0.8);
    for (const [s, e] of groupMatches(rules.theDayOfMonth, text)) push(s, e, "day-of-month", 0.9);
    for (const [s, e, m] of groupMatches(rules.monthYear, text)) {
      if (/^may\b/i.test(m[0]) && m[0][0] === "m" && !/\d{4}/.test(m[0])) continue;
      push(s, e, "month-year", 0.9);
    }
    for (const [s, e, m] of groupMatches(rules.monthDay, text)) {
      // Lower-case "may 2" and "march 3" are verbs with a number; a unit after it is a dose ("Mar 5 mg").
      if (/^(?:may|march|mar|jan|sat|sun|wed)\b/.test(m[0])) continue;
      if (UNIT_AFTER.test(text.slice(e, e + 8))) continue;
      push(s, e, "month-day", 0.85);
    }
    for (const [s, e, m] of groupMatches(rules.dayMonth, text)) {
      if (/(?:may|march|mar)$/.test(m[0])) continue;
      if (/^\d+\s*(?:mar|may)\b/i.test(m[0]) && /^\s*(?:be|have|not|cause|help|need)/i.test(text.slice(e, e + 8))) continue;
      push(s, e, "day-month", 0.85);
    }
    for (const [s, e, m] of groupMatches(rules.numeric, text)) {
      const a = Number(m[1]);
      const b = Number(m[3]);
      if (!validNumericDate(a, b)) continue;
      // "1.5.10" is more often a version or a dose than a date; dotted dates need a four-digit year.
      if (m[2] === "." && m[4].length !== 4) continue;
      push(s, e, "numeric", 0.9);
    }
    for (const [s, e, m] of groupMatches(rules.iso, text)) {
      if (Number(m[3]) < 1 || Number(m[3]) > 12 || Number(m[4]) < 1 || Number(m[4]) > 31) continue;
      push(s, e, "iso", 0.95);
    }
    for (const [s, e] of groupMatches(rules.monthNumYear, text)) push(s, e, "month-num-year", 0.85);
    for (const [s, e] of groupMatches(rules.compact, text)) push(s, e, "yyyymmdd", 0.75);
    for (const [s, e] of groupMatches(rules.dayMonthNoYear, text, 1)) push(s, e, "cued-day-month", 0.8);
    for (const [s0, e0, m] of groupMatches(rules.cuedYear, text, 0)) {
      const g = m.indices?.[1] ?? m.indices?.[2];
      if (!g) continue;
      void s0;
      void e0;
      push(g[0], g[1], "cued-year", 0.8);
    }
    for (const [s, e] of groupMatches(rules.cuedMonth, text, 1)) push(s, e, "cued-month", 0.75);
    for (const [s, e] of groupMatches(rules.bareYear, text, 1)) {
      // A 24-hour time, not a year: "MEWS 5 at 2000", "@ 1950", a flowsheet row that opens with its time before a
      // blood pressure ("2000    104/60    110").
      if (/(?:(?<![\p{L}])at|@)[ \t]{1,2}$/u.test(text.slice(Math.max(0, s - 5), s)) || (/(?:^|\n)[ \t]*$/.test(text.slice(Math.max(0, s - 8), s)) && /^[ \t]{2,}\d{2,3}\/\d{2,3}(?!\d)/.test(text.slice(e, e + 16)))) continue;
      if (editionYear(text, s)) continue;
      push(s, e, "bare-year", 0.6);
    }
    // "admissions 2019 2020": a second year right after a year (a number before a year is otherwise a count).
    for (const m of text.matchAll(YEAR_PAIR)) {
      if (Number(m[2]) <= Number(m[1]) || Number(m[2]) - Number(m[1]) > 10) continue;
      const at = m.index + m[0].length - m[2].length;
      push(at, at + m[2].length, "year-pair", 0.6);
    }
    // "2022/23", "FY 2023/24": a financial or academic year, the second year the one after the first.
    for (const m of text.matchAll(SPLIT_YEAR)) if (Number(m[2]) === (Number(m[1]) + 1) % 100) push(m.index, m.index + m[0].length, "split-year", 0.65);
    // "took alendronate 2016-2021": a range of two years, each a date, the second later than the first.
    for (const m of text.matchAll(YEAR_RANGE)) {
      const a = m.index;
      const y1 = m[1];
      const y2 = m[2];
      if (Number(y2) <= Number(y1)) continue;
      push(a, a + y1.length, "year-range", 0.65);
      const b = a + m[0].length - y2.length;
      push(b, b + y2.length, "year-range", 0.65);
    }
    for (const [s, e] of groupMatches(rules.bareMonthDay, text, 0)) {
      const before = text.slice(Math.max(0, s - 12), s);
      if (/(?:pain|power|strength|score|gcs|nyha|grade|ratio|apgar|mmse|moca|phq|gad|vas|nrs|bp|x|of|\/)\s*:?\s*$/i.test(before)) continue;
      push(s, e, "month-day", 0.7);
    }
    for (const [s, e] of groupMatches(rules.weekdayOrdinal, text)) push(s, e, "weekday-ordinal", 0.8);
    for (const [s, e] of groupMatches(rules.seasonYear, text)) push(s, e, "season-year", 0.85);
    for (const [s, e] of groupMatches(rules.theOrdinal, text, 1)) push(s, e, "the-ordinal", 0.7);
    for (const [s, e] of groupMatches(rules.quarter, text)) push(s, e, "quarter", 0.8);
    for (const [s, e] of groupMatches(rules.bareMonth, text, 1)) {
      const before = text.slice(Math.max(0, s - 3), s);
      // A sentence or a line starts here, or the month is a first name before a surname ("June Carter", "April Lee").
      if (s === 0 || /(?:^|[.!?:;\n•*-])\s*$/.test(before) || /^\s\p{Lu}\p{Ll}/u.test(text.slice(e, e + 3))) continue;
      if (/(?:dr|mr|mrs|ms|miss|nurse|sister)\.?\s$/i.test(text.slice(Math.max(0, s - 8), s))) continue;
      push(s, e, "bare-month", 0.6);
    }
    // A line that is a day and a month alone ("9/2", "14/10"): a fragment.
    for (const [s, e] of groupMatches(rules.lineDayMonth, text, 1)) push(s, e, "fragment-day-month", 0.6);
    for (const [s, e] of groupMatches(rules.dayMonthTime, text, 1)) push(s, e, "day-month-time", 0.7);
    for (const [s, e] of groupMatches(HOLIDAY_LOWER, text, 0)) if (!/^[ \t]{1,2}(?:disease|factor)(?![\p{L}])/iu.test(text.slice(e, e + 12))) push(s, e, "holiday", 0.7);
    if (opts.relative) for (const [s, e] of groupMatches(rules.relative, text)) push(s, e, "relative", 0.7);
    // Two month/day dates as a range with no cue: "3/4–3/9", "12/28-1/3" (the same month or the next one, different
    // days; not "4/5-5/5" power grades nor "1/2-3/4" fractions).
    for (const [, , m] of groupMatches(MD_RANGE, text)) {
      const [m1, d1, m2, d2] = [m[1], m[2], m[3], m[4]].map(Number);
      if (!((m1 === m2 && d2 > d1) || (m2 === m1 + 1 && d1 !== d2) || (m1 === 12 && m2 === 1))) continue;
      const g1 = m.indices?.[1];
      const g2 = m.indices?.[3];
      if (!g1 || !g2) continue;
      const e1 = m.indices?.[2]?.[1] ?? g1[1];
      const e2 = m.indices?.[4]?.[1] ?? g2[1];
      push(g1[0], e1, "md-range", 0.75);
      push(g2[0], e2, "md-range", 0.75);
    }
    // The other end of a range ("June 3-5", "12-14 March", "3/4–3/9", "Oct 3rd to 5th"): two spans (NOTES-r5).
    const found = out.length;
    for (let i = 0; i < found; i++) {
      const d = out[i];
      if (d.label !== "Date") continue;
      if (/[\d]|(?:st|nd|rd|th)$/.test(text.slice(d.end - 1, d.end)) || /(?:st|nd|rd|th)$/.test(text.slice(d.start, d.end))) {
        const m = RANGE_END.exec(text.slice(d.end, d.end + 24));
        if (m && rangePartOk(m[1], text.slice(d.start, d.end))) {
          const s = d.end + m[0].length - m[1].length;
          out.push({ start: s, end: s + m[1].length, label: "Date", score: 0.75, rule: "range-end" });
        }
      }
      if (/^\d/.test(text.slice(d.start, d.start + 1))) {
        const m = RANGE_START.exec(text.slice(Math.max(0, d.start - 16), d.start));
        if (m && rangePartOk(m[1], text.slice(d.start, d.end))) {
          const st = d.start - m[0].length;
          out.push({ start: st, end: st + m[1].length, label: "Date", score: 0.75, rule: "range-start" });
        }
      }
    }
  }
  if (opts.ages) {
    for (const [s, e] of groupMatches(rules.ageOld, text)) {
      out.push({ start: s, end: trimAge(text, s, e), label: "Age_Birthdate", score: 0.9, rule: "age-old" });
    }
    for (const [s, e] of groupMatches(rules.ageCue, text, 1)) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.85, rule: "age-cue" });
    let lines: LineIndex | undefined;
    // In a query only: a sentence, a question or a line of several comparisons states a rule or a score's criteria
    // ("age < 65; paramedics ...", "Urea>7, RR>=30, Age>=65"), not a cohort.
    for (const re of [AGE_COMPARED, AGE_AND_OLDER]) {
      for (const [s, e] of groupMatches(re, text, 1)) {
        if (Number(text.slice(s, e)) > 115 || (lines ??= new LineIndex(text)).test(s, "criteria", (line) => /[.;?]\s|^\s*[(\p{Lu}]\p{Ll}+\s+\p{Ll}+|[<>≤≥=][^<>≤≥=]+[<>≤≥=]/u.test(line))) continue;
        out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.75, rule: "age-compared" });
      }
    }
    for (const [s, e] of groupMatches(AGE_RANGE_END, text, 1)) if (Number(text.slice(s, e)) <= 115) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.8, rule: "age-range-end" });
    for (const [, , m] of groupMatches(POPULATION_AGE_RANGE, text)) {
      const a = Number(m[1]);
      const b = Number(m[2]);
      // A cohort's ages in a search query; in a note's sentence a range is a rule's ("required for patients 12-50").
      if (a >= b || b > 115 || (lines ??= new LineIndex(text)).test(m.index, "sentence", (line) => /[.;]\s+\p{Lu}|^\s*\p{Lu}\p{Ll}+\s+\p{Ll}+/u.test(line))) continue;
      for (const g of [m.indices![1], m.indices![2]]) out.push({ start: g[0], end: g[1], label: "Age_Birthdate", score: 0.75, rule: "population-age-range" });
    }
    for (const [s, e, m] of groupMatches(AGE_SEX_LOWER, text, 1)) {
      if (Number(m[1]) > 110 || (lines ??= new LineIndex(text)).test(s, "capitals-or-distance", (line) => /\p{Lu}/u.test(line) || DISTANCE_LINE.test(line))) continue;
      out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.7, rule: "age-sex-lower" });
    }
    for (const [s, e] of groupMatches(AGE_FRACTION, text, 1)) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.85, rule: "age-fraction" });
    for (const [s, e] of groupMatches(AGE_NOUN, text, 1)) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.85, rule: "age-noun" });
    for (const [s, e] of groupMatches(AGE_WORDS_TAIL, text)) {
      const n = AGE_WORDS_NUMBER.exec(text.slice(Math.max(0, s - 32), s));
      if (n) out.push({ start: s - n[0].length, end: e, label: "Age_Birthdate", score: 0.8, rule: "age-words" });
    }
    for (const [s, e, m] of groupMatches(AGE_IS, text, 1)) {
      if (Number(text.slice(s, e)) <= 115 && AGE_IS_SUBJECT.test(text.slice(Math.max(0, m.index - 16), m.index))) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.7, rule: "age-is" });
    }
    for (const [s, e] of groupMatches(AGE_AT_EVENT, text, 1)) if (Number(text.slice(s, e)) <= 115) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.7, rule: "age-at-event" });
    for (const [s, e] of groupMatches(DAY_OF_LIFE, text, 1)) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.85, rule: "day-of-life" });
    for (const [s, e] of groupMatches(AGE_TWO_UNITS, text, 1)) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.9, rule: "age-two-units" });
    for (const [s, e] of groupMatches(AGE_ALONE, text, 1)) if (Number.parseInt(text.slice(s, e), 10) <= 115) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.8, rule: "age-alone" });
    for (const [s, e] of groupMatches(AGE_AFTER_DOB, text, 1)) if (Number.parseInt(text.slice(s, e), 10) <= 115) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.85, rule: "age-after-dob" });
    for (const [s, e] of groupMatches(AGE_AS_NOUN, text, 1)) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.8, rule: "age-as-noun" });
    for (const [s, e, m] of groupMatches(rules.ageSex, text, 0)) {
      const n = Number(m[1]);
      if (n < 1 || n > 115) continue;
      if (n < 10 && /^\s+\d/.test(text.slice(e, e + 3))) continue;
      // "FALL FROM LADDER APPROX 3M", "walked 20M": a distance after a measuring word.
      if (DISTANCE_BEFORE.test(text.slice(Math.max(0, s - 16), s))) continue;
      // "45M" is one token (GUIDELINE: mark the whole token); in "45 M" only the number.
      out.push({ start: s, end: /\s/.test(m[0]) ? s + m[1].length : e, label: "Age_Birthdate", score: 0.75, rule: "age-sex" });
    }
    // "ferreira-montes 82f fall", "67m former miner": a lower-case age glued to its sex letter on a short line, at the
    // line's start or after a word that is no distance or time word ("walked 67m", "given 20m ago").
    for (const [s, e, m] of groupMatches(LOWER_AGE_SEX, text, 0)) {
      const n = Number(m[1]);
      if (n < 10 || n > 110) continue;
      // A short line only (searched within 160 characters either side, so a text without line breaks stays linear).
      const back = text.slice(Math.max(0, s - 160), s);
      const nl = back.lastIndexOf("\n");
      if (nl < 0 && s > 160) continue;
      const ls = nl < 0 ? 0 : s - back.length + nl + 1;
      const fwd = text.slice(e, e + 160);
      const le = fwd.includes("\n") ? e + fwd.indexOf("\n") : e + fwd.length;
      if ((le === e + 160 && e + 160 < text.length) || le - ls > 160) continue;
      const before = /([\p{L}]+)\s{1,2}$/u.exec(text.slice(Math.max(ls, s - 24), s));
      if (before && NOT_BEFORE_LOWER_AGE.test(before[1])) continue;
      if (!before && !/^\s*$/.test(text.slice(ls, s))) continue;
      if (/^\s{0,2}(?:away|walk|run|swim|distance|long|high|deep|wide|radius|mark|ago|later|before|after|post|prior|of|in|x|apart|each)\b/.test(text.slice(e, e + 12))) continue;
      out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.65, rule: "age-sex-lower" });
    }
    for (const [, , m] of groupMatches(rules.ageDecade, text)) {
      const g = m.indices?.[1] ?? m.indices?.[2];
      if (g) out.push({ start: g[0], end: g[1], label: "Age_Birthdate", score: 0.75, rule: "age-decade" });
    }
    for (const [s, e] of groupMatches(rules.ageOfAge, text)) out.push({ start: s, end: e, label: "Age_Birthdate", score: 0.9, rule: "age-of-age" });
    for (const [s0, e0] of groupMatches(rules.ageList, text)) {
      const list = text.slice(s0, e0);
      for (const m of list.matchAll(/\d{1,3}/g)) {
        const s = s0 + (m.index ?? 0);
        if (Number(m[0]) <= 120) out.push({ start: s, end: s + m[0].length, label: "Age_Birthdate", score: 0.8, rule: "age-list" });
      }
    }
  }
  return out;
}

function trimAge(text: string, s: number, e: number): number {
  while (e > s && /[\s.,]/.test(text[e - 1])) e--;
  return e;
}
