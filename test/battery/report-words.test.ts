// The report's words and numbers: every metric has a title and a direction, times never print as "0.000", the
// median and the unstable-document count are what they say.
import { describe, expect, it } from "vitest";
import { betterDirection, differingDocuments, median, METRIC_WORDS, metricTitle, seconds } from "../../src/battery/index.js";
import { METRIC_IDS } from "../../src/eval/index.js";

describe("metric words", () => {
  it("name every metric of the scorer in words, with its direction", () => {
    for (const id of METRIC_IDS) {
      expect(METRIC_WORDS[id], `${id} has no words in src/battery/metric-words.ts`).toBeDefined();
      expect(metricTitle(id)).not.toBe(id);
    }
    expect(metricTitle("span_recall[label=Date]")).toBe("Span recall, gold label Date");
    expect(metricTitle("subannotation_recall[category=given]")).toBe("Sub-annotation recall, category given");
  });

  it("say that less over-redaction is better, and more recall", () => {
    expect(betterDirection("non_pii_redaction_rate")).toBe("lower");
    expect(betterDirection("text_removed_share")).toBe("lower");
    expect(betterDirection("core_pii_recall")).toBe("higher");
    expect(betterDirection("core_pii_recall[label=Date]")).toBe("higher");
  });
});

describe("numbers", () => {
  it("print short times with their digits, never as 0.000", () => {
    expect(seconds(0.0004123)).toBe("0.00041");
    expect(seconds(0.0123)).toBe("0.012");
    expect(seconds(2.871)).toBe("2.87");
    expect(seconds(379.4)).toBe("379");
    expect(seconds(0)).toBe("0");
  });

  it("take the median of odd and even counts", () => {
    expect(median([3.79, 2.87, 2.9])).toBe(2.9);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it("count the documents whose spans changed between passes", () => {
    const a = [[{ begin: 0, end: 3, label: "Date" }], [], [{ begin: 1, end: 2, label: "Name:Patient" }]];
    expect(differingDocuments(a, a.map((d) => d.map((s) => ({ ...s }))))).toEqual([]);
    expect(differingDocuments(a, [[{ begin: 0, end: 3, label: "Date" }], [{ begin: 4, end: 5, label: "Date" }], [{ begin: 1, end: 2, label: "Name:Other" }]])).toEqual([1, 2]);
  });
});
