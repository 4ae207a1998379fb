// Listings the browser tests start from: a cutting board whose title breaks the 75-character rule, created and
// saved over HTTP as the listing page's own form saves it (the subject of those tests is what follows).
import { expect, type Page } from "@playwright/test";

export const cuttingBoardFacts = { brand: "Acme", productName: "Bamboo Cutting Board Set", productType: "Cutting board", keyFeatures: "3 sizes", targetAudience: "Home cooks", wordsToAvoid: "", tone: "Professional" };
/** 88 characters: over the 75-character title rule. */
export const cuttingBoardLongTitle = "Acme Bamboo Cutting Board Set with Deep Juice Groove, Three Sizes for Every Kitchen Job";
export const cuttingBoardCopy = {
  title: cuttingBoardLongTitle,
  itemHighlights: "",
  bullets: [
    "Three sizes for every job: small for fruit, medium for bread and large for carving, so the right board is always at hand.",
    "Deep juice groove: catches juices from roasts and ripe tomatoes, so the counter stays dry while you slice.",
    "Solid bamboo: dense, hard-wearing bamboo that is kind to knife edges and does not soak up smells.",
  ],
  description: "The Acme Bamboo Cutting Board Set gives every kitchen job its own board.",
  searchTerms: "chopping block butcher serving tray",
};

/** A listing of the signed-in user's workspace with this copy saved as its first version; `page` must be on the app. */
export async function createSavedListing(page: Page, { copy = cuttingBoardCopy, marketplace }: { copy?: typeof cuttingBoardCopy; marketplace?: string } = {}): Promise<{ id: string; origin: { Origin: string } }> {
  const origin = { Origin: new URL(page.url()).origin };
  const created = await page.request.post("/api/listings", { data: { facts: cuttingBoardFacts, ...(marketplace ? { marketplace } : {}) }, headers: origin });
  expect(created.status()).toBe(201);
  const { listing } = (await created.json()) as { listing: { id: string } };
  const saved = await page.request.post(`/listings/${listing.id}`, { form: { intent: "save", listing: JSON.stringify({ facts: cuttingBoardFacts, copy, version: 0 }) }, headers: origin });
  expect(saved.status()).toBe(200);
  return { id: listing.id, origin };
}
