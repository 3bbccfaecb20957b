import { describe, expect, it } from "vitest";
import { checkPositive, detect, type PositiveCase } from "./testing.js";

const emails: PositiveCase[] = [
  ["Mail [[jan.peeters@uzleuven.be]].", "Contactdetails", 0.8],
  ["mail: <[[a.b-c+tag@sub.example.co.uk]]>", "Contactdetails"],
  ["([[info@ziekenhuis.be]])", "Contactdetails"],
  ["Contact: [[élodie.dupont@hôpital.fr]], merci.", "Contactdetails"],
  ["[[J.Janssens@AZ-Groeninge.BE]]", "Contactdetails"],
  ["Mail [[a@b.be]] of [[c@d.nl]].", "Contactdetails"],
];

const urls: PositiveCase[] = [
  ["Zie [[https://www.uzleuven.be/nl/afdeling]]).", "Contactdetails"],
  ["[[http://example.org/a_(b)]]", "Contactdetails"],
  ["Info op [[www.example.org]],", "Contactdetails"],
  ["[[ftp://files.example.com/x.pdf]].", "Contactdetails"],
  ["[[HTTPS://EXAMPLE.COM]]", "Contactdetails"],
  ["Portaal: [[https://portal.example.be/login?user=42&next=%2Fhome]]!", "Contactdetails"],
  // Domains without a scheme or "www.".
  ["[[umcutrecht.nl]]", "Contactdetails", 0.8],
  ["Zie [[azdelta.be/patienten]].", "Contactdetails"],
  ["Informatie op [[thuisarts.nl]], of bel.", "Contactdetails"],
  ["([[zorg.vlaanderen.be]])", "Contactdetails"],
];

const ips: PositiveCase[] = [
  ["Server [[192.168.1.10]].", "Anonymize_Other", 0.8],
  ["host [[10.0.0.1]]:8080", "Anonymize_Other"],
  ["[[255.255.255.0]]", "Anonymize_Other"],
  ["link-local [[fe80::1ff:fe23:4567:890a]]", "Anonymize_Other"],
  ["[[2001:db8::1]] reachable", "Anonymize_Other"],
  ["[[2001:0db8:85a3:0000:0000:8a2e:0370:7334]]", "Anonymize_Other"],
];

const negatives: string[] = [
  "a @ b",
  "user@localhost",
  "@twitter",
  "e-mail: zie dossier",
  "www",
  "http://",
  "www.x",
  "256.1.1.1",
  "1.2.3",
  "versie 1.2.3.4",
  "14:30:00",
  "12:30",
  "1.2.3.4.5",
  "Tel: 03",
  "ratio 1:2:3",
  "loopback ::1",
  "0:0::",
  "o.a.de patiënt",
  "zie blz.Nl",
  "Gezien.Nu goed",
  "1.nl",
  "pt.be",
];

describe.each([
  ["e-mail", emails],
  ["URL", urls],
  ["IP address", ips],
] as [string, PositiveCase[]][])("%s", (_name, table) => {
  it.each(table)("finds %s", (...testCase) => {
    const { actual, expected } = checkPositive(testCase as PositiveCase);
    expect(actual).toEqual(expected);
  });
});

describe("contact negatives", () => {
  it.each(negatives)("finds nothing in %s", (text) => {
    expect(detect(text)).toEqual([]);
  });

  it("keeps an e-mail inside a URL as a second span (the union resolves overlaps)", () => {
    const text = "https://user@example.org/x";
    const labels = detect(text).map((s) => [s.start, s.end, s.label]);
    expect(labels).toEqual([
      [0, text.length, "Contactdetails"],
      [8, 24, "Contactdetails"],
    ]);
  });
});
