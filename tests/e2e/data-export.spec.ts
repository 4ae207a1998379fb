import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { expectNoAxeViolations, linkFromMail } from "#tests/support/e2e.ts";
import { expect, test } from "#tests/support/fixtures.ts";

const screenshots = process.env.E2E_SCREENSHOT_DIR;

test.describe("data export", () => {
  test("asked for in Settings → Personal: a progress bar, then Download; the mailed link downloads the same data", async ({ page, login }) => {
    test.slow(); // A job, a mail through a real SMTP server and two downloads.
    const user = await login({ firstName: "Dora", lastName: "Export" });
    await page.goto("/settings/personal");
    const card = page.getByRole("region", { name: "Your data" });
    await expect(card).toContainText("JSON and CSV files in one ZIP");
    await expectNoAxeViolations(page);

    await card.getByRole("button", { name: "Prepare my data export" }).click();
    // The answer names the queued export: the bar shows until the next status says it is ready.
    await expect(card.getByRole("progressbar", { name: "Data export progress" })).toBeVisible();
    if (screenshots) await card.screenshot({ path: `${screenshots}/data-export-progress-1280.png` });
    await expect(page.getByText("Preparing your export. We will e-mail you when it is ready.")).toBeVisible();
    const download = card.getByRole("link", { name: "Download ZIP" });
    await expect(download).toBeVisible({ timeout: 15_000 });
    await expect(card.getByRole("progressbar")).toHaveCount(0);
    await expect(card).toContainText(/Your export is ready \(.+\)\. You can download it until /);
    await expectNoAxeViolations(page);
    if (screenshots) {
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}/data-export-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshots}/data-export-375.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // The button downloads the ZIP.
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^sellscribe-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    const profile = JSON.parse(strFromU8(zip["sellscribe-export/profile.json"]!)) as { user: { email: string; firstName: string } };
    expect(profile.user).toMatchObject({ email: user.email, firstName: "Dora" });
    expect(Object.keys(zip)).toContain("sellscribe-export/outputs.csv");

    // The mail's link (through SMTP) downloads it too, for this signed-in user.
    const link = await linkFromMail(user.email, /^Your Sellscribe data export is ready$/);
    expect(new URL(link).pathname).toMatch(/^\/settings\/data-export\/[\w-]+\/download$/);
    const viaMail = await page.request.get(link);
    expect(viaMail.status()).toBe(200);
    expect(viaMail.headers()["content-type"]).toBe("application/zip");
    const mailed = unzipSync(new Uint8Array(await viaMail.body()));
    expect(JSON.parse(strFromU8(mailed["sellscribe-export/profile.json"]!)).user.email).toBe(user.email);

    // A link changed by hand (or past its 24 hours) brings the browser back to the card, which says why.
    const tampered = new URL(link);
    tampered.searchParams.set("expires", String(Date.now() - 1000));
    await page.goto(tampered.toString());
    await expect(page).toHaveURL(/\/settings\/personal\?dataExport=notFound$/);
    await expect(page.getByRole("alert").filter({ hasText: "This export is no longer available. Prepare a new one below." })).toBeVisible();
  });

  test("the download link needs the owner signed in: signed out it asks to sign in, another user gets not found", async ({ page, browser, login }) => {
    const owner = await login({ firstName: "Olga" });
    await page.goto("/settings/personal");
    await page.getByRole("region", { name: "Your data" }).getByRole("button", { name: "Prepare my data export" }).click();
    const link = await linkFromMail(owner.email, /^Your Sellscribe data export is ready$/);
    const path = new URL(link).pathname + new URL(link).search;

    const stranger = await browser.newContext();
    try {
      const signedOut = await stranger.request.get(link, { maxRedirects: 0 });
      expect(signedOut.status()).toBe(302);
      expect(signedOut.headers()["location"]).toBe(`/sign-in?redirectTo=${encodeURIComponent(path)}`);
      await login({ firstName: "Mallory", context: stranger });
      const other = await stranger.request.get(link, { headers: { Accept: "application/json" } });
      expect(other.status()).toBe(404);
      expect(((await other.json()) as { code: string }).code).toBe("NOT_FOUND");
    } finally {
      await stranger.close();
    }
  });
});
