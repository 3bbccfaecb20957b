import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  belgianAccountCheck,
  belgianNationalNumberCheck,
  bsnCheckDigit,
  ibanCheckDigits,
  luhnCheckDigit,
  type Document,
} from "../../src/contract/index.js";
import { checksumSchemeOf, documentSurrogates, KEY_FILE_HEADER, loadKeyFile, writeNewKeyFile } from "../../src/transform/surrogates/index.js";
import { poolsFor } from "../../src/transform/surrogates/pools.js";

const KEY = Buffer.from("6b3a55e0261b0304143f805a24924d0c1c44524821305f31d9277843b8a10f4e", "hex");
const doc = (patient_id: string, metadata: Document["metadata"] = {}): Document => ({ document_id: `d-${patient_id}`, text: "", patient_id, metadata });
const layoutOf = (s: string) => s.replace(/\p{Lu}/gu, "A").replace(/\p{Ll}/gu, "a").replace(/\d/g, "9");

describe("key file", () => {
  const dir = mkdtempSync(join(tmpdir(), "keys-"));
  const file = (name: string, content: string | Buffer, mode = 0o600) => {
    const p = join(dir, name);
    writeFileSync(p, content, { mode });
    return p;
  };
  it("accepts what deidstack key new writes, and 32 random bytes as hex or base64", () => {
    const made = join(dir, "made.key");
    writeNewKeyFile(made);
    expect(statSync(made).mode & 0o777).toBe(0o600);
    expect(readFileSync(made, "utf8").split("\n")[0]).toBe(KEY_FILE_HEADER);
    expect(loadKeyFile(made).length).toBe(32);
    expect(() => writeNewKeyFile(made)).toThrow(/never overwritten/);
    expect(loadKeyFile(file("hex.key", randomBytes(32).toString("hex") + "\n")).length).toBe(32);
    expect(loadKeyFile(file("b64.key", randomBytes(32).toString("base64") + "\n")).length).toBe(32);
  });
  it("refuses a missing, short, repetitive, regular or passphrase key, naming the field", () => {
    expect(() => loadKeyFile(join(dir, "absent.key"))).toThrow(expect.objectContaining({ code: "E_STACK_CONFIG", message: expect.stringContaining("transform.key_file") }));
    expect(() => loadKeyFile(file("short.key", randomBytes(16).toString("hex")))).toThrow(/at least 32/);
    expect(() => loadKeyFile(file("aaaa.key", "ab".repeat(64)))).toThrow(/repetitive|entropy/);
    expect(() => loadKeyFile(file("seq.key", Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 7) % 256)).toString("hex")))).toThrow(/regular/);
    // A 32-character passphrase, raw or written out in hex or base64, is not a key.
    const passphrase = "Correct-Horse-Battery-Staple-42!";
    expect(() => loadKeyFile(file("pass.key", passphrase))).toThrow(/not a key file/);
    expect(() => loadKeyFile(file("passhex.key", Buffer.from(passphrase).toString("hex")))).toThrow(/printable text/);
    expect(() => loadKeyFile(file("pass64.key", Buffer.from(passphrase + "and some more!!").toString("base64")))).toThrow(/printable text/);
    expect(() => loadKeyFile(file("raw.key", randomBytes(48)))).toThrow(/not a key file/);
  });
  it("refuses a key file that group or others may read", () => {
    const p = file("open.key", randomBytes(32).toString("hex"), 0o644);
    chmodSync(p, 0o644);
    expect(() => loadKeyFile(p)).toThrow(/group or others \(mode 644\).*chmod 600/);
    chmodSync(p, 0o640);
    expect(() => loadKeyFile(p)).toThrow(/mode 640/);
    chmodSync(p, 0o600);
    expect(loadKeyFile(p).length).toBe(32);
  });
});

describe("surrogate choice", () => {
  const md = (caregiver: string) => ({ patient: { given_name: "Jan", family_name: "Peeters" }, caregivers: [{ given_name: "An", family_name: caregiver }] });
  it("one value gets one surrogate in every document of the patient, whatever the other metadata", () => {
    const a = documentSurrogates(KEY, { ...doc("p1", md("Smet")), document_id: "a" }, "nl-BE");
    const b = documentSurrogates(KEY, { ...doc("p1", md("Claes")), document_id: "b" }, "nl-BE");
    for (const [label, v] of [["Name:Patient", "Jan Peeters"], ["Name:Patient", "J. Peeters"], ["Name:Other", "Wouters"], ["Address_Location", "Kerkstraat 12, 2000 Antwerpen"], ["Profession", "loodgieter"]] as const) {
      expect(a.replace(label, v)).toBe(b.replace(label, v));
    }
  });
  it("an initial agrees with the given name's surrogate, in every note", () => {
    const a = documentSurrogates(KEY, doc("p2", md("Smet")), "nl-BE");
    const full = a.replace("Name:Patient", "Jan Peeters")!;
    const initial = documentSurrogates(KEY, doc("p2", {}), "nl-BE").replace("Name:Patient", "J. Peeters")!;
    expect(initial.charAt(0)).toBe(full.charAt(0));
    expect(initial.slice(3)).toBe(full.split(" ")[1]);
  });
  it("never gives a metadata name, and never gives two values of a document the same surrogate (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Z][a-z]{3,8}$/), { minLength: 2, maxLength: 12 }), fc.stringMatching(/^p\d{1,4}$/), (names, pid) => {
        const people = names.slice(0, 3).map((n) => ({ given_name: "Els", family_name: n }));
        const s = documentSurrogates(KEY, doc(pid, { patient: people[0], caregivers: people.slice(1) }), "nl-BE");
        const forbidden = new Set(names.map((n) => n.toLowerCase()).concat("els"));
        const byOut = new Map<string, string>();
        for (const n of new Set(names.slice(3).concat("Wouters", "Claes", "Bakker"))) {
          const out = s.replace("Name:Other", n)!;
          expect(forbidden.has(out.toLowerCase())).toBe(false);
          expect(byOut.get(out) ?? n).toBe(n);
          byOut.set(out, n);
          const prof = s.replace("Profession", n.toLowerCase());
          if (prof) expect(forbidden.has(prof.toLowerCase())).toBe(false);
        }
      }),
      // A counterexample fast-check once found: a later value's surrogate was an earlier value's original ("Rice").
      { numRuns: 200, examples: [[["Aaaa", "Aaaa", "Aaaa", "Rice", "Aaaa", "Dbqgunqz"], "p372"]] },
    );
  });
  it("never gives a value a surrogate equal to another original of the same document, whichever comes first", () => {
    const document = doc("p-order", { patient: { given_name: "Jan", family_name: "Peeters" } });
    let checked = 0;
    for (const value of ["Verbruggen", "Lambrechts", "Goossens", "Wuyts", "Michiels", "Hermans"]) {
      // What the value gets when nothing else is known: another original equal to it must make the choice move.
      const alone = documentSurrogates(KEY, document, "nl-BE").replace("Name:Other", value)!;
      const s = documentSurrogates(KEY, document, "nl-BE");
      s.registerOriginals([value, alone]);
      const out = s.replace("Name:Other", value)!;
      expect(out.toLowerCase()).not.toBe(alone.toLowerCase());
      expect(out.toLowerCase()).not.toBe(value.toLowerCase());
      checked++;
    }
    expect(checked).toBe(6);
  });
});

describe("keyed surrogates", () => {
  it("are deterministic per key, patient and value, consistent across documents", () => {
    const a = documentSurrogates(KEY, { ...doc("p1"), document_id: "one" }, "nl-BE");
    const b = documentSurrogates(KEY, { ...doc("p1"), document_id: "two" }, "nl-BE");
    for (const [label, value] of [["Name:Patient", "Jan Peeters"], ["ID:Patient", "85.07.30-033.28"], ["Contactdetails", "0475 12 34 56"], ["Address_Location:Patient", "Kerkstraat 12"]]) {
      expect(a.replace(label, value)).toBe(b.replace(label, value));
    }
    const other = documentSurrogates(Buffer.from(KEY.map((x) => x ^ 1)), doc("p1"), "nl-BE");
    expect(other.replace("Name:Patient", "Jan Peeters")).not.toBe(a.replace("Name:Patient", "Jan Peeters"));
  });

  it("never equal the original nor reproduce a name from the metadata", () => {
    fc.assert(
      fc.property(fc.constantFrom("Jan", "Marie", "Peeters", "Janssens", "Dubois", "Smith", "Devos", "Mick"), fc.constantFrom("Jan", "Tom", "Devos", "Claes"), (name, known) => {
        const s = documentSurrogates(KEY, doc("p2", { patient: { given_name: known, family_name: "Claes" } }), "nl-BE");
        const out = s.replace("Name:Other", name)!;
        expect(out.toLowerCase()).not.toBe(name.toLowerCase());
        expect(out.toLowerCase()).not.toBe(known.toLowerCase());
        expect(out.toLowerCase()).not.toBe("claes");
      }),
    );
  });

  it("more distinct values of a kind in one document than the pool holds: each still gets its own surrogate", () => {
    const s = documentSurrogates(KEY, doc("p-many", { patient: { given_name: "Jan", family_name: "Peeters" } }), "nl-BE");
    // Made-up surnames and professions, 300 more of each than faker's family list and the profession list hold:
    // the surrogate pool runs out and compounds of two candidates take over. (Every value past the pool walks the
    // whole pool first, so many more cost minutes on a loaded machine and assert nothing new.)
    const word = (i: number) => "Zq" + [...i.toString(26).padStart(3, "0")].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join("") + "x";
    const pools = poolsFor("nl");
    for (const [label, pool] of [["Name:Other", pools.family], ["Profession", pools.professions]] as const) {
      const n = pool.length + 300;
      const byOut = new Map<string, string>();
      for (let i = 0; i < n; i++) {
        const original = label === "Profession" ? word(i).toLowerCase() : word(i);
        const out = s.replace(label, original)!;
        expect(out, `${label} ${i}`).toBeTruthy();
        expect(out.toLowerCase()).not.toBe(original.toLowerCase());
        expect(byOut.get(out.toLowerCase()) ?? original, `${label} ${i}: a surrogate another value got`).toBe(original);
        byOut.set(out.toLowerCase(), original);
        expect(s.replace(label, original)).toBe(out);
      }
      // The pool ran out: at least the 300 values past it got surrogates from outside it, each its own.
      const inPool = new Set(pool.map((c) => c.toLowerCase()));
      expect([...byOut.keys()].filter((o) => !inPool.has(o)).length, label).toBeGreaterThanOrEqual(300);
    }
  });

  it("keep the form of names: titles, particles, initials, case, given before family", () => {
    const s = documentSurrogates(KEY, doc("p3", { patient: { given_name: "Jan", family_name: "Peeters" } }), "nl-BE");
    const full = s.replace("Name:Patient", "Jan Peeters")!;
    const [given, family] = full.split(" ");
    expect(s.replace("Name:Patient", "J. Peeters")).toBe(`${given[0]}. ${family}`);
    expect(s.replace("Name:Patient", "PEETERS")).toBe(family.toUpperCase());
    expect(s.replace("Name:Patient", "peeters jan")).toBe(`${family.toLowerCase()} ${given.toLowerCase()}`);
    expect(s.replace("Name:Caregiver", "Dr. An Van den Broeck")).toMatch(/^Dr\. \p{Lu}\p{Ll}+ Van den \p{Lu}\p{L}+$/u);
    expect(s.replace("Name:Other", "Marie-Claire Dubois")).toMatch(/^\p{Lu}\p{Ll}+-\p{Lu}\p{Ll}+ \p{Lu}\p{L}+$/u);
  });

  it("give identifiers the same shape and the same kind of check digit", () => {
    const ids = fc.oneof(
      fc.stringMatching(/^\d{10}$/).map((ten) => {
        const bban = ten + belgianAccountCheck(ten);
        return `BE${ibanCheckDigits("BE", bban)} ${bban.slice(0, 4)} ${bban.slice(4, 8)} ${bban.slice(8)}`;
      }),
      fc.stringMatching(/^\d{9}$/).map((nine) => {
        const n = nine + belgianNationalNumberCheck(nine, nine.startsWith("0") ? "2000" : "1900");
        return `${n.slice(0, 2)}.${n.slice(2, 4)}.${n.slice(4, 6)}-${n.slice(6, 9)}.${n.slice(9)}`;
      }),
      fc.stringMatching(/^[1-9]\d{7}$/).filter((e) => bsnCheckDigit(e) !== undefined).map((e) => e + bsnCheckDigit(e)!),
      fc.stringMatching(/^[1-9]\d{14}$/).map((p) => p + luhnCheckDigit(p)),
      fc.stringMatching(/^[A-Z]{2,3}-\d{4,8}$/),
    );
    fc.assert(
      fc.property(ids, fc.string({ minLength: 1, maxLength: 8 }), (id, patient) => {
        const out = documentSurrogates(KEY, doc(patient), "nl-BE").replace("ID:Patient", id)!;
        expect(layoutOf(out)).toBe(layoutOf(id));
        expect(out).not.toBe(id);
        expect(checksumSchemeOf(out)).toBe(checksumSchemeOf(id));
      }),
      { numRuns: 300 },
    );
  });

  it("keep the shape of phone numbers and e-mail addresses", () => {
    const s = documentSurrogates(KEY, doc("p4", { patient: { given_name: "Jan", family_name: "Peeters" } }), "nl-BE");
    const phone = s.replace("Contactdetails", "+32 475 12 34 56")!;
    expect(layoutOf(phone)).toBe(layoutOf("+32 475 12 34 56"));
    expect(phone.startsWith("+32 4")).toBe(true);
    const mail = s.replace("Contactdetails", "jan.peeters@telenet.be")!;
    expect(mail).toMatch(/^[a-z]+\.[a-z]+@telenet\.be$/);
    const [given, family] = s.replace("Name:Patient", "Jan Peeters")!.toLowerCase().split(" ");
    expect(mail).toBe(`${given}.${family}@telenet.be`.normalize("NFD").replace(/\p{M}/gu, ""));
  });

  it("use the document's language for replacement names", () => {
    const fr = documentSurrogates(KEY, doc("p5", { lang: "fr-BE" }), "nl-BE").replace("Profession", "boulanger");
    expect(["employé", "ouvrier", "enseignant", "comptable", "coiffeur", "chauffeur", "menuisier", "vendeur", "électricien", "plombier", "cuisinier", "jardinier", "magasinier", "programmeur", "agriculteur", "peintre", "maçon", "caissière", "secrétaire"]).toContain(fr);
  });
});
