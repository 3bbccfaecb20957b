import { describe, expect, it } from "vitest";
import { checkPositive, detect, type PositiveCase } from "./testing.js";

const A = "Age_Birthdate" as const;

const positives: PositiveCase[] = [
  // Session thirteen: an age in brackets right after a birth date.
  ["DOB: [[06.09.1938]]  ( [[86]] )", ["Date", "Age_Birthdate"]],
  ["geboren [[06/09/1938]] ([[86]])", ["Date", "Age_Birthdate"]],
  // French "a" for "ans" in brackets or between commas after a name
  ["Consultation de Mme Marie Lambot ([[52 a]]) pour une toux.", A],
  // A field's value before the next fact of a record line: after a colon, or before a dash between spaces.
  ["M. Lejeune ch. 3108 : [[74 a]], J1 post-op", A],
  ["Enfant : Inès Moreau, [[14 mois]] – suivi ONE", A],
  ["M. Luc Petit, [[64 a]], fracture du poignet.", A],
  ["10:15\tClaes Noor\tvoetletsel, [[12j]]\tmet oma", A],
  // Dutch
  ["Een [[45-jarige]] man.", A, 0.8],
  ["[[45 jarige]] vrouw", A],
  ["Patiënt is [[45-jarig]].", A],
  ["Zij is [[45 jaar oud]].", A],
  ["Man, [[45 jr]], komt binnen.", A],
  ["Baby van [[3 maanden oud]].", A, 0.9],
  ["Een man van [[45 jaar]] met koorts.", A, 0.9],
  ["Zuigeling, [[3 maanden oud]].", A, 0.8],
  ["Kind, [[8 weken oud]].", A],
  ["Leeftijd: [[45]]", A, 0.9],
  ["Leeftijd [[45 jaar]]", A, 0.9],
  ["Patiënte van [[78 jaar]] met dyspnoe.", A, 0.9],
  ["Peuter van [[1,5 jaar oud]]", A],
  ["Bij [[65-jarigen]] vaak gezien.", A],
  ["Pasgeborene, [[10 dagen oud]].", A],
  // French
  ["Patient âgé de [[45 ans]].", A, 0.9],
  ["Patiente âgée de [[45 ans]].", A, 0.9],
  ["Femme de [[45 ans]].", A, 0.9],
  ["[[45 ans]], diabétique.", A, 0.8],
  ["Il a [[45 ans]].", A],
  ["Bébé de [[3 mois]].", A, 0.9],
  ["Enfant âgé de [[6 semaines]].", A],
  // English
  ["[[45 yo]] male", A, 0.8],
  ["[[45 y/o]] female", A],
  ["[[45yo]] M", A],
  ["A [[45-year-old]] man.", A],
  ["He is [[45 years old]].", A],
  ["A [[45 year old]] woman.", A],
  ["A [[3-month-old]] infant.", A],
  ["Patient aged [[45]].", A, 0.9],
  ["age [[45]]", A],
  ["Age: [[45]]", A],
  ["Aged [[45 years]], smoker.", A],
  ["[[45 years of age]]", A],
  ["a [[45 y.o]]. male", A],
  // Ages alone between brackets or commas after a name.
  ["Patiënt: Féline ([[44j]]) - opname", A, 0.8],
  ["Pt: West, Louca ([[12 jaar]]), verwezen", A],
  ["Inzake Bram De Jelr, [[20 jaar]], wonende te Gent", A],
  ["Mevrouw Klein, [[51j]], werd opgenomen", A],
  ["Mme Dubois ([[67 ans]])", A],
  ["Mr Smith ([[80 years]]) was seen", A],
];

const negatives: string[] = [
  // A number in brackets after a date that follows no birth word, or over 120.
  "op 06/09/2024 (14) eenheden",
  // A duration after a colon stays a duration.
  "Durée : 3 a, stable",
  "Arrêt de travail (facteur) : 4 semaines.",
  "Roker: 20 jaar, gestopt",
  "Il a 3 enfants, a 2 chats et a 1 chien.",
  "sinds 3 jr",
  "3 jaar geleden",
  "20 jaar gerookt",
  "10 jr gerookt",
  "over 3 jr controle",
  "pendant 2 ans",
  "depuis 3 ans",
  "il y a 2 ans",
  "2 ans plus tard",
  "durée de 2 ans",
  "for 3 years",
  "since 2 years",
  "45 pack years",
  "3 jaar",
  "een 5-jarige opleiding",
  "stage 4",
  "average 45",
  "135 jaar oud",
  "3 dagen",
  "10 mg",
  "roker (20 jaar)",
  "ex-smoker (20 years)",
  "diabetes (10 jaar)",
  "(3 jaar geleden)",
  "pijn (3 j",
];

describe("ages", () => {
  it.each(positives)("finds %s", (...testCase) => {
    const { actual, expected } = checkPositive(testCase as PositiveCase);
    expect(actual).toEqual(expected);
  });

  it.each(negatives)("finds no age in %s", (text) => {
    expect(detect(text).filter((s) => s.label === A)).toEqual([]);
  });

  it("reads age words only of the configured languages", () => {
    expect(detect("Een 45-jarige man.", { languages: ["fr", "en"] })).toEqual([]);
    expect(detect("Patiente âgée de 45 ans.", { languages: ["nl", "en"] })).toEqual([]);
    expect(detect("A 45-year-old man.", { languages: ["nl", "fr"] })).toEqual([]);
  });
});
