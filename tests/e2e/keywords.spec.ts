// Keywords (issue 16) in a browser and over HTTP: import a keyword file, see where each phrase stands,
// fill the search terms and watch the score rise; the coverage, pack and import contracts and refusals.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "#tests/support/fixtures.ts";
import { expectNoAxeViolations } from "#tests/support/e2e.ts";

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const json = (cookie: string) => ({ "content-type": "application/json", origin: baseURL, cookie });

const sections = {
  title: "Acme Bamboo Cutting Board Set, 3 Sizes with Juice Groove",
  itemHighlights: "3 sizes, juice groove, solid bamboo",
  bullets: ["Three sizes for every job in a busy kitchen.", "Deep juice groove keeps the counter dry."],
  description: "Solid bamboo boards for home cooks.",
  searchTerms: "chopping block",
};

test.describe("keywords over HTTP", () => {
  test("coverage answers each phrase's match and fields, and a volume-weighted score", async ({ login }) => {
    const { cookie } = await login();
    const response = await fetch(`${baseURL}/api/keywords/coverage`, {
      method: "POST",
      headers: json(cookie),
      body: JSON.stringify({ marketplace: "amazon.com", sections, keywords: [{ phrase: "bamboo cutting boards", volume: 600 }, { phrase: "bamboo chopping tray", volume: 200 }, { phrase: "marble board", volume: 200 }] }),
    });
    // Words-only: "juice" and "block" stand in different fields.
    const words = await fetch(`${baseURL}/api/keywords/coverage`, {
      method: "POST",
      headers: json(cookie),
      body: JSON.stringify({ marketplace: "amazon.com", sections, keywords: [{ phrase: "juice block" }] }),
    });
    expect(response.status).toBe(200);
    expect(await words.json()).toEqual({ score: 50, keywords: [{ phrase: "juice block", volume: null, match: "words", fields: ["title", "itemHighlights", "bullets", "searchTerms"] }], warnings: [] });
    expect(await response.json()).toEqual({
      score: 60,
      keywords: [
        { phrase: "bamboo cutting boards", volume: 600, match: "exact", fields: ["title"] },
        { phrase: "bamboo chopping tray", volume: 200, match: "none", fields: [] },
        { phrase: "marble board", volume: 200, match: "none", fields: [] },
      ],
      warnings: [],
    });
  });

  test("a bank in another script than the store's is measured with a warning, not refused; Japanese is matched word by word", async ({ login }) => {
    const { cookie } = await login();
    const japanese = { title: "Acme 竹製まな板 3枚セット 食洗機対応", bullets: ["溝付きで汁がこぼれにくい"], searchTerms: "" };
    const english = await fetch(`${baseURL}/api/keywords/coverage`, { method: "POST", headers: json(cookie), body: JSON.stringify({ marketplace: "amazon.co.jp", sections: japanese, keywords: [{ phrase: "cutting board", volume: 10 }, { phrase: "bamboo board", volume: 5 }] }) });
    expect(english.status).toBe(200);
    expect(await english.json()).toMatchObject({
      score: 0,
      warnings: [{ code: "KEYWORDS_OTHER_SCRIPT", expected: "japanese", found: "latin", message: "2 of 2 keywords have no Japanese letters, but shoppers on amazon.co.jp search in Japanese script; most of these are in Latin script. They are kept, but will match little there: import this store's own keywords." }],
    });
    const native = await fetch(`${baseURL}/api/keywords/coverage`, { method: "POST", headers: json(cookie), body: JSON.stringify({ marketplace: "amazon.co.jp", sections: japanese, keywords: [{ phrase: "まな板", volume: 900 }, { phrase: "カッティングボード", volume: 100 }] }) });
    expect(await native.json()).toEqual({
      score: 90,
      keywords: [
        { phrase: "まな板", volume: 900, match: "exact", fields: ["title"] },
        { phrase: "カッティングボード", volume: 100, match: "none", fields: [] },
      ],
      warnings: [],
    });
    const packed = await fetch(`${baseURL}/api/keywords/pack`, { method: "POST", headers: json(cookie), body: JSON.stringify({ marketplace: "amazon.co.jp", brand: "Acme", sections: japanese, keywords: [{ phrase: "まな板", volume: 900 }, { phrase: "カッティングボード", volume: 100 }] }) });
    const pack = (await packed.json()) as { searchTerms: string; bytes: number };
    expect(pack.searchTerms).not.toContain("まな板");
    expect(pack.bytes).toBe(Buffer.byteLength(pack.searchTerms, "utf8"));
  });

  test("pack fills the search terms within the byte limit and says what it covered and what did not fit", async ({ login }) => {
    const { cookie } = await login();
    const response = await fetch(`${baseURL}/api/keywords/pack`, {
      method: "POST",
      headers: json(cookie),
      body: JSON.stringify({ marketplace: "amazon.com", brand: "Acme", sections, keywords: [{ phrase: "butcher block", volume: 900 }, { phrase: "acme board", volume: 800 }, { phrase: "serving tray", volume: 100 }] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ searchTerms: "butcher block serving tray chopping", bytes: 35, limit: 249, coveredNow: ["butcher block", "serving tray"], notFitting: [] });
  });

  test("refuses bad input with the limit or the reason", async ({ login }) => {
    const { cookie } = await login();
    const tooMany = await fetch(`${baseURL}/api/keywords/coverage`, {
      method: "POST",
      headers: json(cookie),
      body: JSON.stringify({ marketplace: "amazon.com", sections, keywords: Array.from({ length: 5001 }, (_, i) => ({ phrase: `phrase ${i}` })) }),
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ code: "INVALID_LISTING", fieldErrors: { keywords: "A keyword bank holds at most 5,000 phrases." } });
    const unknown = await fetch(`${baseURL}/api/keywords/pack`, { method: "POST", headers: json(cookie), body: JSON.stringify({ marketplace: "amazon.zz", sections, keywords: [] }) });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: "UNKNOWN_MARKETPLACE" });
    const big = await fetch(`${baseURL}/api/keywords/import`, { method: "POST", headers: { origin: baseURL, cookie, "content-type": "text/csv" }, body: "a".repeat(2 * 1024 * 1024 + 10) });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", error: "The request is too large (at most 2,048 KB)." });
    const noPhrase = await fetch(`${baseURL}/api/keywords/import`, { method: "POST", headers: { origin: baseURL, cookie, "content-type": "text/csv" }, body: "ASIN,Price\nB0C1234567,19.99\n" });
    expect(noPhrase.status).toBe(400);
    expect(await noPhrase.json()).toMatchObject({ code: "INVALID_KEYWORDS", error: "No column of phrases was found. Columns in the file: ASIN, Price." });
    const utf16 = await fetch(`${baseURL}/api/keywords/import`, { method: "POST", headers: { origin: baseURL, cookie, "content-type": "text/csv" }, body: new Uint8Array([0xff, 0xfe, 0x6b, 0x00, 0x65, 0x00]) });
    expect(await utf16.json()).toMatchObject({ code: "INVALID_KEYWORDS", error: expect.stringContaining("UTF-16") });
    const signedOut = await fetch(`${baseURL}/api/keywords/coverage`, { method: "POST", headers: { "content-type": "application/json", origin: baseURL }, body: "{}" });
    expect(signedOut.status).toBe(401);
  });
});

test.describe("keyword bank in the builder", () => {
  test("import a keyword file, see the placement chips, fill the search terms and see the score rise", async ({ page, login }) => {
    // Many pages (or a stream and several steps) on a 2-core machine running two workers: 30 s is too tight.
    test.setTimeout(60_000);
    const { cookie } = await login();
    const created = await fetch(`${baseURL}/api/listings`, { method: "POST", headers: json(cookie), body: JSON.stringify({ facts: { brand: "Acme", productName: "Bamboo Cutting Board Set" } }) });
    const { listing } = (await created.json()) as { listing: { id: string } };
    await page.goto(`/listings/${listing.id}`);
    // Nothing written yet: the builder offers to write it, or to type it yourself.
    await expect(page.getByText("Nothing written yet")).toBeVisible();
    await page.getByRole("button", { name: "Write it myself" }).click();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(sections.title);
    await page.getByRole("button", { name: "Save version" }).click();
    await expect(page.getByTestId("version")).toHaveText("Version 1");

    const file = path.join(tmpdir(), `cerebro-${Date.now()}.csv`);
    writeFileSync(file, 'Keyword Phrase,Cerebro IQ Score,Search Volume\nbamboo cutting board,2450,"12,400"\nbutcher block,600,"9,800"\nwooden serving tray,300,"4,100"\nBamboo Cutting Board,2450,"11,000"\n');
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Import file" }).click();
    await (await chooser).setFiles(file);
    const preview = page.getByRole("dialog", { name: "Keywords to add" });
    await expect(preview).toContainText("Helium 10 export: phrases from “Keyword Phrase”, volumes from “Search Volume”. 3 phrases.");
    await expect(preview).toContainText("Merged 1 repeated");
    await expect(preview.getByRole("row", { name: /butcher block/ })).toContainText("9,800");
    await preview.getByRole("button", { name: "Add 3 phrases" }).click();
    await expect(preview).toBeHidden();

    const bank = page.getByRole("list", { name: "Keyword bank" });
    await expect(bank.getByRole("listitem")).toHaveCount(3);
    await expect(bank.getByRole("listitem").first()).toContainText("bamboo cutting board");
    await expect(bank.getByRole("listitem").first()).toHaveAttribute("data-match", "exact");
    await expect(bank.getByRole("listitem").filter({ hasText: "butcher block" })).toHaveAttribute("data-match", "none");
    await expect(bank.getByRole("listitem").first()).toContainText("exact in Title");
    const score = page.getByTestId("coverage-score");
    await expect(score).toHaveText("47"); // 12,400 of 26,300
    await page.getByText("Not exact", { exact: true }).click();
    await expect(bank.getByRole("listitem")).toHaveCount(2);

    await page.getByRole("button", { name: "Fill search terms" }).click();
    await expect(page.getByRole("textbox", { name: "Search terms" })).toHaveValue("butcher block wooden serving tray");
    await expect(score).toHaveText("100");
    // Every phrase stands exactly now: the "not exact" filter shows none of them.
    await expect(page.getByText("Every phrase stands exactly in the listing.")).toBeVisible();
    await page.getByText("All", { exact: true }).click();
    await expect(bank.getByRole("listitem").filter({ hasText: "butcher block" })).toHaveAttribute("data-match", "exact");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Undo fill" }).click();
    await expect(page.getByRole("textbox", { name: "Search terms" })).toHaveValue("");
    await expect(score).toHaveText("47");

    // The bank is kept with the listing.
    await page.reload();
    await expect(page.getByRole("list", { name: "Keyword bank" }).getByRole("listitem")).toHaveCount(3);
  });
});
