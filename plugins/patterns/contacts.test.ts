// E-mail addresses, URLs and IP addresses, as cases in the evaluation sets' span markup (test/support/detector-tester.ts).
import { describe, expect, it } from "vitest";
import { DetectorTester } from "../../test/support/detector-tester.js";
import plugin from "./index.js";
import { detect } from "./testing.js";

const tester = new DetectorTester(plugin);

const emails = [
  "Mail [[jan.peeters@uzleuven.be|CONTACT]].",
  "mail: <[[a.b-c+tag@sub.example.co.uk|CONTACT]]>",
  "([[info@ziekenhuis.be|CONTACT]])",
  "Contact: [[élodie.dupont@hôpital.fr|CONTACT]], merci.",
  "[[J.Janssens@AZ-Groeninge.BE|CONTACT]]",
  "Mail [[a@b.be|CONTACT]] of [[c@d.nl|CONTACT]].",
];

const urls = [
  "Zie [[https://www.uzleuven.be/nl/afdeling|CONTACT]]).",
  "[[http://example.org/a_(b)|CONTACT]]",
  "Info op [[www.example.org|CONTACT]],",
  "[[ftp://files.example.com/x.pdf|CONTACT]].",
  "[[HTTPS://EXAMPLE.COM|CONTACT]]",
  "Portaal: [[https://portal.example.be/login?user=42&next=%2Fhome|CONTACT]]!",
  // Domains without a scheme or "www.".
  "[[umcutrecht.nl|CONTACT]]",
  "Zie [[azdelta.be/patienten|CONTACT]].",
  "Informatie op [[thuisarts.nl|CONTACT]], of bel.",
  "([[zorg.vlaanderen.be|CONTACT]])",
];

const handles = [
  "[[@fietsendeoma|CONTACT]]",
  "insta: [[@papa_van_twee|CONTACT]]",
  "volgt haar op tiktok [[@lien|CONTACT]] (zegt dochter)",
  "account [[@jp.2011|CONTACT]]",
];

const ips = [
  "Server [[192.168.1.10|OTHER]].",
  "host [[10.0.0.1|OTHER]]:8080",
  "[[255.255.255.0|OTHER]]",
  "link-local [[fe80::1ff:fe23:4567:890a|OTHER]]",
  "[[2001:db8::1|OTHER]] reachable",
  "[[2001:0db8:85a3:0000:0000:8a2e:0370:7334|OTHER]]",
];

const negatives: string[] = [
  "a @ b",
  "user@localhost",
  "@twitter",
  "zorg @home, werk @work",
  "info@ziekenhuis",
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

tester.run("e-mail", { invalid: emails });
tester.run("URL", { invalid: urls });
tester.run("IP address", { invalid: ips });
tester.run("handle", { invalid: handles });
tester.run("contact negatives", { valid: negatives });

it("scores an e-mail, a domain without a scheme and an IP address 0.8", async () => {
  for (const text of ["Mail jan.peeters@uzleuven.be.", "umcutrecht.nl", "Server 192.168.1.10."]) {
    expect((await tester.detect({ document_id: "d", text })).map((s) => s.score)).toEqual([0.8]);
  }
});

describe("contact overlaps", () => {
  it("keeps an e-mail inside a URL as a second span (the union resolves overlaps)", () => {
    const text = "https://user@example.org/x";
    const labels = detect(text).map((s) => [s.start, s.end, s.label]);
    expect(labels).toEqual([
      [0, text.length, "Contactdetails"],
      [8, 24, "Contactdetails"],
    ]);
  });
});
