import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ageInUnits,
  bandFor,
  DEFAULT_AGE_POLICY_PATH,
  loadAgePolicy,
  parseAge,
  renderAge,
  renderAgeFromBirth,
} from "../../src/transform/dates/index.js";
import { dayNumber } from "../../src/contract/index.js";

const loaded = loadAgePolicy();
const policy = loaded.policy;
const at = dayNumber(2026, 1, 21);
const opts = { policy, ninetyPlus: false, anchorDay: at };

describe("age granularity policy", () => {
  it("is MedDeID Table S10b, with id, version and the sha256 of its file", () => {
    expect(policy.policy_id).toBe("deidstack-default");
    expect(loaded.sha256).toBe(createHash("sha256").update(readFileSync(DEFAULT_AGE_POLICY_PATH)).digest("hex"));
    const unitsAt = (daysOld: number) => bandFor(policy, at - daysOld, at).units;
    expect(unitsAt(28)).toEqual(["days"]);
    expect(unitsAt(29)).toEqual(["weeks", "days"]);
    expect(unitsAt(90)).toEqual(["weeks", "days"]);
    expect(unitsAt(91)).toEqual(["months", "weeks"]);
    expect(bandFor(policy, dayNumber(2025, 7, 22), at).units).toEqual(["months", "weeks"]);
    expect(bandFor(policy, dayNumber(2025, 7, 21), at).units).toEqual(["months"]);
    expect(bandFor(policy, dayNumber(2024, 1, 22), at).units).toEqual(["months"]);
    expect(bandFor(policy, dayNumber(2024, 1, 21), at).units).toEqual(["years", "months"]);
    expect(bandFor(policy, dayNumber(2014, 1, 22), at).units).toEqual(["years", "months"]);
    expect(bandFor(policy, dayNumber(2014, 1, 21), at).units).toEqual(["years"]);
  });

  it("rejects a policy with unordered units or without a catch-all band", () => {
    const dir = mkdtempSync(join(tmpdir(), "age-policy-"));
    const write = (bands: unknown) => {
      const p = join(dir, `${Math.random()}.json`);
      writeFileSync(p, JSON.stringify({ schema: "deidstack.age-granularity.v1", policy_id: "x", policy_version: "1", bands }));
      return p;
    };
    expect(() => loadAgePolicy(write([{ until: null, units: ["days", "years"] }]))).toThrow(/ordered/);
    expect(() => loadAgePolicy(write([{ until: { value: 1, unit: "years", inclusive: false }, units: ["years"] }]))).toThrow(/last band/);
  });

  it("counts calendar months and years, weeks of 7 days, and drops what is finer", () => {
    expect(ageInUnits(dayNumber(2025, 10, 13), at, ["months", "weeks"])).toEqual({ months: 3, weeks: 1 });
    expect(ageInUnits(dayNumber(2019, 6, 20), at, ["years", "months"])).toEqual({ years: 6, months: 7 });
    expect(ageInUnits(at - 45, at, ["weeks", "days"])).toEqual({ weeks: 6, days: 3 });
  });
});

describe("age expressions", () => {
  const render = (t: string, o = opts) => renderAge(parseAge(t, ["nl", "fr", "en"])!, o);
  it("keeps an age already no finer than its band", () => {
    for (const t of ["45 jaar", "45-jarige", "3 maanden", "7 jaar 7 maanden", "2 ans et 3 mois", "45-year-old", "18 months", "ca. 45 jaar"]) expect(render(t)).toBe(t);
  });
  it("writes a finer age again in its band's units, in its language", () => {
    expect(render("100 dagen")).toBe("3 maanden 1 week");
    expect(render("400 dagen")).toBe("13 maanden");
    expect(render("45,5 jaar")).toBe("45 jaar");
    expect(render("150 jours")).toBe("4 mois et 4 semaines");
    expect(render("1000 days")).toBe("2 years 8 months");
  });
  it("writes 90 years and older as 90+ when asked", () => {
    expect(render("92 jaar", { ...opts, ninetyPlus: true })).toBe("90+ jaar");
    expect(render("92-year-old", { ...opts, ninetyPlus: true })).toBe("90+ years old");
    expect(render("92 jaar")).toBe("92 jaar");
  });
  it("does not read what is not an age", () => {
    for (const t of ["hello", "12/03/1980", "45 mg", "200 jaar"]) expect(parseAge(t, ["nl", "fr", "en"])).toBeUndefined();
  });
  it("gives the age from a birth interval, both ends when a birth year alone spans two ages", () => {
    const o = { policy, ninetyPlus: false };
    expect(renderAgeFromBirth(dayNumber(1981, 3, 17), dayNumber(1981, 3, 17), at, "nl", o)).toBe("44 jaar oud");
    expect(renderAgeFromBirth(dayNumber(1981, 1, 6), dayNumber(1982, 1, 6), at, "nl", o)).toBe("44/45 jaar oud");
    expect(renderAgeFromBirth(at - 10, at - 10, at, "en", o)).toBe("10 days old");
    expect(renderAgeFromBirth(at + 1, at + 1, at, "en", o)).toBeUndefined();
  });
});
