// A fix job's name (issue 33 item 6) in each language, made from its stored rule and size: jobs saved with an
// English file name ("fix lint:too_long", "fix 2") read in the reader's language; an upload keeps its file's name.
import { describe, expect, it } from "vitest";
import { locales, translate, type Locale } from "#app/i18n/i18n.ts";
import { jobName } from "./fix-job-name.ts";

const tr = (locale: Locale) => (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate(locale, key, params);

describe("jobName", () => {
  it("names a fix job by its rule or its size in each language, never by its stored English name", () => {
    const byRule = { fileName: "fix lint:too_long", total: 12, fix: { rule: "lint:too_long" } };
    const bySection = { fileName: "fix title:too_long", total: 3, fix: { rule: "title:too_long" } };
    const chosen = { fileName: "fix 2", total: 2, fix: { rule: null } };
    expect(jobName(byRule, tr("en"))).toBe("Fix: Too long");
    expect(jobName(bySection, tr("en"))).toBe("Fix: Too long (Title)");
    expect(jobName(chosen, tr("en"))).toBe("Fix: 2 listings");
    expect(jobName({ ...chosen, total: 1 }, tr("en"))).toBe("Fix: 1 listing");
    expect(jobName(byRule, tr("fr"))).toBe("Correction\u00a0: Trop long");
    expect(jobName(chosen, tr("de"))).toBe("Korrektur: 2 Angebote");
    expect(jobName(chosen, tr("es"))).toBe("Corrección: 2 anuncios");
    for (const locale of locales) for (const job of [byRule, bySection, chosen]) expect(jobName(job, tr(locale)), locale).not.toMatch(/^fix |\{|lint:/);
  });

  it("keeps an upload's file name, and names a fix job of an unknown rule by its size", () => {
    expect(jobName({ fileName: "catalog.csv", total: 40, fix: null }, tr("de"))).toBe("catalog.csv");
    expect(jobName({ fileName: "catalog.csv", total: 40 }, tr("de"))).toBe("catalog.csv");
    expect(jobName({ fileName: "fix lint:gone", total: 4, fix: { rule: "lint:gone" } }, tr("en"))).toBe("Fix: 4 listings");
  });
});
