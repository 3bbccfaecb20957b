import { describe, expect, it } from "vitest";
import { SAFE_HARBOR_FILTER_NAMES, enabledFilters } from "./options.js";
import { SAFE_HARBOR_FILTERS, safeHarborFilterFor } from "./safe-harbor-filters.js";

describe("Safe Harbor keep-list", () => {
  it.each([
    ["age_under_90", ["45 jaar", "45-jarige", "81-jarige", "67 ans", "72 yo", "81-year-old", "45 years old", "3 j"], ["90 jaar", "93-jarige", "101 years old", "45", "14/02/1961"]],
    ["year_alone", ["2019", "1961", "’19"], ["maart 2019", "14/02/1961", "2019-03", "3019"]],
    ["time_alone", ["14u10", "14:10", "9.30", "14u", "8 uur", "2 pm", "09:30:15"], ["14", "14/10", "25:10", "14u10 op 3/4"]],
    ["weekday_alone", ["maandag", "Lundi", "vr.", "Tuesday", "thu"], ["maandag 4 juni", "week 12", "monday 4/6"]],
    ["short_identifier", ["12", "#214", "nr. 7", "n° 312"], ["1234", "kamer 12", "12/03", "B12"]],
  ] as const)("%s", (name, dropped, kept) => {
    for (const s of dropped) expect(SAFE_HARBOR_FILTERS[name](s), s).toBe(true);
    for (const s of kept) expect(SAFE_HARBOR_FILTERS[name](s), s).toBe(false);
  });

  it("applies only the filters that are turned on; safe-harbor turns on all", () => {
    expect(safeHarborFilterFor("2019", [])).toBeUndefined();
    expect(safeHarborFilterFor("2019", ["age_under_90"])).toBeUndefined();
    expect(safeHarborFilterFor("2019", enabledFilters(["safe-harbor"]))).toBe("year_alone");
    expect(enabledFilters(["safe-harbor", "year_alone"])).toEqual([...SAFE_HARBOR_FILTER_NAMES]);
    expect(safeHarborFilterFor("Anna Peeters", enabledFilters(["safe-harbor"]))).toBeUndefined();
  });
});
