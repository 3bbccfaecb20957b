// The provider of a service a note arranges, named after "via" (lib/service-providers.ts): home care, transport,
// interpreting, meals and alarms; software, channels, devices and kinds of service after "via" stay out. The strings
// are invented for these tests.
import { beforeAll, describe, expect, it } from "vitest";
import { rendered, testLexicon } from "./test-support/detected.js";

beforeAll(() => {
  testLexicon();
});

const organisations = (marked: string): string => rendered(marked, (label) => label.startsWith("Organization"));

const CASES: [rule: string, marked: string][] = [
  ["home care and meals via their providers", "Thuiszorg 2x/week via [Zorgrijk](Organization:Healthcare), maaltijden via [Tafeltje Dekje](Organization:Other)."],
  ["transport via a one-word provider", "Afspraak revalidatie op maandag, vervoer via [Rolmobielcentrale](Organization:Other)."],
  ["an interpreter named on the line's first word", "Tolk: telefonisch, Arabisch, via [Taalbrug Oost](Organization:Other)."],
  ["an alarm and night care", "Personenalarm via [Zorgbel](Organization:Other) geregeld, nachtoppas via [Nachtwacht Kempen](Organization:Healthcare)."],
  ["a channel after another noun", "Verslag verstuurd via Zorgpost, overleg via Teams."],
  ["a kind of service in capitals", "Opvolging via HA, begeleiding via DVC."],
  ["a device or a body part", "Dialyse via AV-fistel, voeding via PEG-sonde."],
  ["an article after via", "Vervoer via de mutualiteit, tolk via het ziekenhuis."],
];

describe("service providers after via", () => {
  it.each(CASES)("%s", (_rule, marked) => {
    expect(organisations(marked)).toBe(marked);
  });
});
