// POST /api/listings/lint over real HTTP: the contract clients depend on (issue 15, item 3) and its refusals.
import { expect, test } from "#tests/support/fixtures.ts";

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

function lint(body: unknown, { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${baseURL}/api/listings/lint`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL, ...(cookie ? { cookie } : {}), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const listing = {
  marketplace: "amazon.com",
  brand: "Bambu Co",
  sections: {
    title: "Bambu Co Bamboo Cutting Board Set of 3, Best Seller!",
    itemHighlights: "Three sizes, deep juice grooves, gentle on knives",
    bullets: ["Three sizes for every task in a busy kitchen.", "Only $19.99 <b>today</b>, free shipping.", "Gentle on knives: bamboo is softer than glass."],
    description: "Boards made for real kitchens.<br>Sanded twice.",
    searchTerms: "bambu co chopping block butcher block",
  },
};

test.describe("POST /api/listings/lint", () => {
  test("answers the report: rule set, passed, per-section counts and located, localized violations", async ({ login }) => {
    const { cookie } = await login();
    const response = await lint(listing, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const report = await response.json();
    expect(report.ruleSet).toEqual({ id: "amazon-2026-07", effectiveFrom: "2026-07-27", source: expect.stringMatching(/^https:\/\//) });
    expect(report.passed).toBe(false);
    expect(report.sections.title).toMatchObject({ chars: listing.sections.title.length, bytes: listing.sections.title.length, limit: 75 });
    const title = report.sections.title.violations as { code: string; severity: string; message: string; start: number; end: number }[];
    expect(title.map((v) => [v.code, listing.sections.title.slice(v.start, v.end)])).toEqual([
      ["promotional", "Best Seller"],
      ["banned_character", "!"],
    ]);
    expect(title[0]).toEqual({
      code: "promotional",
      severity: "error",
      message: "“Best Seller” is promotional; Amazon does not allow it.",
      // Why the rule exists and where it comes from (issue 31): the title policy for a title's promotional words.
      explanation: "Promotional claims, rankings and freebies are not allowed on detail pages.",
      source: "https://sellercentral.amazon.com/help/hub/reference/external/201100890",
      start: 40,
      end: 51,
    });
    expect(report.sections.bullets).toHaveLength(3);
    expect(report.sections.bullets[0].violations).toEqual([]);
    expect(report.sections.bullets[1].violations.map((v: { code: string }) => v.code)).toEqual(["price_or_shipping", "html", "html", "price_or_shipping"]);
    expect(report.sections.description.violations).toEqual([]);
    expect(report.sections.searchTerms).toMatchObject({ limit: 249, bytes: listing.sections.searchTerms.length });
    expect(report.sections.searchTerms.violations.map((v: { code: string }) => v.code)).toEqual(["brand_in_search_terms", "repeated_word"]);

    // In the user's language, and against the January 2025 rule set when asked.
    const spanish = await (await lint({ ...listing, ruleSet: "amazon-2025-01" }, { cookie, headers: { "accept-language": "es" } })).json();
    expect(spanish.ruleSet.id).toBe("amazon-2025-01");
    expect(spanish.sections.title.limit).toBe(200);
    expect(spanish.sections.itemHighlights).toBeUndefined();
    expect(spanish.sections.title.violations[0].message).toBe("«Best Seller» es promocional; Amazon no lo permite.");
  });

  test("passes ordinary copy", async ({ login }) => {
    const { cookie } = await login();
    const report = await (
      await lint(
        {
          marketplace: "amazon.com",
          brand: "Bambu Co",
          sections: {
            title: "Bambu Co Bamboo Cutting Board Set of 3 with Juice Groove",
            bullets: ["Three sizes for every task in a busy kitchen.", "Deep juice grooves keep the counter dry.", "Wholesale packs of USB LED lamps ship as a 2-pack."],
            searchTerms: "chopping block butcher wooden serving tray",
          },
        },
        { cookie },
      )
    ).json();
    expect(report.passed).toBe(true);
  });

  test("refuses what it cannot lint with a 4xx from the catalogue", async ({ login }) => {
    const signedOut = await lint(listing);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ code: "SIGNED_OUT" });

    const { cookie } = await login();
    const unknownMarketplace = await lint({ ...listing, marketplace: "amazon.example" }, { cookie });
    expect(unknownMarketplace.status).toBe(400);
    expect(await unknownMarketplace.json()).toMatchObject({ code: "UNKNOWN_MARKETPLACE", error: "“amazon.example” is not a marketplace Sellscribe knows." });

    const unknownRuleSet = await lint({ ...listing, ruleSet: "amazon-1999" }, { cookie });
    expect(await unknownRuleSet.json()).toMatchObject({ code: "UNKNOWN_RULE_SET", error: "“amazon-1999” is not a rule set Sellscribe knows." });

    const elevenBullets = await lint({ ...listing, sections: { bullets: Array.from({ length: 11 }, () => "A bullet point.") } }, { cookie });
    expect(elevenBullets.status).toBe(400);
    expect(await elevenBullets.json()).toMatchObject({ code: "INVALID_LISTING", fieldErrors: { bullets: "At most 10 bullet points can be checked." } });

    // Over ten times its limit (75 × 10): refused, not linted.
    const hugeTitle = await lint({ ...listing, sections: { title: "x".repeat(751) } }, { cookie });
    expect(hugeTitle.status).toBe(400);
    expect(await hugeTitle.json()).toMatchObject({ code: "INVALID_LISTING", fieldErrors: { title: expect.stringMatching(/ten times its limit/) } });

    const notJson = await lint("{not json", { cookie });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: "BAD_REQUEST" });

    const unknownSection = await lint({ ...listing, sections: { subtitle: "x" } }, { cookie });
    expect(unknownSection.status).toBe(400);

    const crossSite = await lint(listing, { cookie, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);

    const get = await fetch(`${baseURL}/api/listings/lint`, { headers: { cookie } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});
