// A listing's open proposal (issue 33 item 6): its latest 'proposed' version, against the live copy, section
// by section. A section is open while the proposal changed it (against the copy it was made from) and the
// live copy does not hold it yet. Accepting sections saves a new version of the live copy with them ('edited');
// rejecting saves the proposal again without them ('proposed'); either way every step is a version.
import type { Db } from "#server/db/db.server.ts";
import { getListing, getListingVersion, saveListingVersion, saveProposedVersion, type ListingView } from "#app/features/listings/listings.server.ts";
import { emptyCopy, type ListingCopy } from "#app/features/listings/types.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { sectionNames, type SectionName } from "#app/features/rules/types.ts";

export interface OpenProposal {
  listing: ListingView;
  /** The proposed version's number (a review sends it back, so a newer proposal is never accepted unseen). */
  version: number;
  passed: boolean;
  createdAt: string;
  live: ListingCopy;
  proposed: ListingCopy;
  /** Sections still to accept or reject, in listing order. */
  sections: SectionName[];
}

const same = (a: string | string[], b: string | string[]) => JSON.stringify(a) === JSON.stringify(b);

/** The listing's open proposal, or undefined (none, or every section accepted or rejected). */
export async function getOpenProposal({ db, workspaceId, listingId }: { db: Db; workspaceId: string; listingId: string }): Promise<OpenProposal | undefined> {
  const listing = await getListing({ db, workspaceId, id: listingId });
  if (!listing) return undefined;
  const latest = await db.selectFrom("listing_version").select(["version"]).where("listingId", "=", listingId).where("source", "=", "proposed").orderBy("version", "desc").limit(1).executeTakeFirst();
  if (!latest) return undefined;
  const proposal = await getListingVersion({ db, workspaceId, listingId, version: Number(latest.version) });
  if (!proposal) return undefined;
  // The copy the proposal was made from: the live version before it.
  const before = await db.selectFrom("listing_version").select("version").where("listingId", "=", listingId).where("source", "!=", "proposed").where("version", "<", proposal.version).orderBy("version", "desc").limit(1).executeTakeFirst();
  const base = before ? ((await getListingVersion({ db, workspaceId, listingId, version: Number(before.version) }))?.copy ?? emptyCopy()) : emptyCopy();
  const hasHighlights = Boolean(getRuleSet(listing.ruleSetId)?.sections.itemHighlights);
  const sections = sectionNames.filter((section) => (section !== "itemHighlights" || hasHighlights) && !same(proposal.copy[section], base[section]) && !same(proposal.copy[section], listing.copy[section]));
  if (sections.length === 0) return undefined;
  return { listing, version: proposal.version, passed: proposal.passed, createdAt: proposal.createdAt, live: listing.copy, proposed: proposal.copy, sections };
}

/** Whether the listing has an open proposal (the listing page links to its review). */
export async function hasOpenProposal(args: { db: Db; workspaceId: string; listingId: string }): Promise<boolean> {
  return (await getOpenProposal(args)) !== undefined;
}

export type ReviewOutcome = { status: "done"; open: OpenProposal | undefined } | { status: "not_found" } | { status: "stale" };

/**
 * Accepts or rejects sections of the open proposal `version`. "stale": the proposal is not that version any
 * more (a newer fix, or someone reviewed it meanwhile); sections not open are ignored.
 */
export async function reviewProposal({ db, workspaceId, listingId, userId, version, decision, sections }: { db: Db; workspaceId: string; listingId: string; userId: string; version: number; decision: "accept" | "reject"; sections: readonly SectionName[] | "all" }): Promise<ReviewOutcome> {
  return db.transaction().execute(async (trx) => {
    const open = await getOpenProposal({ db: trx, workspaceId, listingId });
    if (!open) return (await getListing({ db: trx, workspaceId, id: listingId })) ? { status: "stale" as const } : { status: "not_found" as const };
    if (open.version !== version) return { status: "stale" as const };
    const chosen = sections === "all" ? open.sections : open.sections.filter((section) => sections.includes(section));
    if (chosen.length === 0) return { status: "done" as const, open };
    const take = (copy: ListingCopy, from: ListingCopy, names: readonly SectionName[]): ListingCopy => {
      const out: ListingCopy = { ...copy, bullets: [...copy.bullets] };
      for (const name of names) {
        if (name === "bullets") out.bullets = [...from.bullets];
        else out[name] = from[name];
      }
      return out;
    };
    if (decision === "accept") {
      await saveListingVersion({ db: trx, workspaceId, listingId, userId, copy: take(open.live, open.proposed, chosen), source: "edited" });
    } else {
      // The proposal again, without the rejected sections: the live copy plus the sections still open.
      const remaining = open.sections.filter((section) => !chosen.includes(section));
      await saveProposedVersion({ db: trx, workspaceId, listingId, userId, copy: take(open.live, open.proposed, remaining) });
    }
    return { status: "done" as const, open: await getOpenProposal({ db: trx, workspaceId, listingId }) };
  });
}
