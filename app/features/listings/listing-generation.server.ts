// Writing a listing's sections (issue 15): every section at once, each linted as soon as it is written;
// a section that breaks a rule (an `error`) is written again with the violations given back to the
// model, up to two rewrites; then the safe fixes apply. What still fails is saved with its violations.
// Nothing is saved or charged unless every section was written. Words: as for generations.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { translate, type Locale } from "#app/i18n/i18n.ts";
import { generationErrors } from "#app/lib/errors.ts";
import type { GenerationContext, GenerationHooks } from "#app/features/generate/generation.server.ts";
import { completeGeneration, createGeneration, recordGenerationFailure } from "#app/features/generate/generation.server.ts";
import { getMarketplace, offlineLanguages } from "#app/features/marketplaces/registry.ts";
import { applySafeFixes, type SafeFix } from "#app/features/rules/fixes.ts";
import { lintListing } from "#app/features/rules/lint.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import type { LintStore, RuleSet, SectionName, Violation } from "#app/features/rules/types.ts";
import { getWorkspaceModel } from "#app/features/workspace/ai-model.server.ts";
import { GenerationError } from "#server/ai/errors.server.ts";
import { countWords, getWriter, type Writer } from "#server/ai/writer.server.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { logger } from "#server/logger.server.ts";
import { recordListingGeneration } from "#server/observability/metrics.server.ts";
import type { GenerationErrorCode } from "#app/lib/errors.ts";
import type { ListingEvent } from "./listing-events.ts";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import type { ListingFixPlan } from "./listing-fix.ts";
import { getListing, listFamily, saveListingVersion, saveProposedVersion, type ListingView } from "./listings.server.ts";
import { fixListingOffline } from "./offline-listing/fix.ts";
import { composeOfflineListing } from "./offline-listing/index.ts";
import { buildSectionPrompt } from "./prompts.ts";
import { cleanSectionText } from "./section-text.ts";
import type { ListingCopy } from "./types.ts";

/** Rewrites of a section that broke a rule, after the first try. */
export const maxRewrites = 2;

/** The sections to write: those asked for (all by default) that the rule set has, in listing order. */
export function sectionsToWrite(ruleSet: RuleSet, asked?: readonly SectionName[]): SectionName[] {
  const all: SectionName[] = ["title", ...(ruleSet.sections.itemHighlights ? (["itemHighlights"] as const) : []), "bullets", "description", "searchTerms"];
  return asked ? all.filter((section) => asked.includes(section)) : all;
}

/** Outputs to reserve words for: one a section, the long ones (bullets, description) count twice. */
export function reservedOutputs(sections: readonly SectionName[]): number {
  return sections.reduce((sum, section) => sum + (section === "bullets" || section === "description" ? 2 : 1), 0);
}

/** The errors a section's text breaks (warnings do not send it back to the model). */
function sectionErrors(section: SectionName, content: string | string[], context: { ruleSet: RuleSet; language: string; brand: string; otherBrands: readonly string[]; store: LintStore }): Violation[] {
  const report = lintListing({ ...context, sections: { [section]: content } });
  const sections = report.sections;
  const violations = section === "bullets" ? [...(sections.bullets ?? []).flatMap((bullet) => bullet.violations), ...(sections.bulletList?.violations ?? [])] : (sections[section]?.violations ?? []);
  return violations.filter((violation) => violation.severity === "error");
}

export interface RunListingGenerationOptions {
  db: Db;
  config: AppConfig;
  user: { id: string };
  workspaceId: string;
  listing: ListingView;
  /** Sections asked for (every section when absent). */
  sections?: readonly SectionName[];
  signal: AbortSignal;
  requestId: string;
  locale: Locale;
  emit(event: ListingEvent): void;
  writer?: Writer;
  hooks?: GenerationHooks;
  /**
   * Runs in the transaction that saves the version and charges the words (a bulk job marks its row done
   * there); throwing rolls all of it back and the generation fails.
   */
  onSaved?(trx: Db, saved: { listing: ListingView; words: number; generationId: string; passed: boolean }): Promise<void>;
  /**
   * A fix of the live copy (issue 33 item 6): each section of the plan starts from its live text and the errors
   * it has; the result is saved as a 'proposed' version that leaves the listing's copy as it is.
   */
  fix?: ListingFixPlan;
}

export type ListingGenerationOutcome = { status: "succeeded"; generationId: string; version: number; passed: boolean } | { status: "failed" | "cancelled"; generationId: string; code: GenerationErrorCode };

/** The family's first finished listing for another store, if any: what a localized listing is written from. */
async function findReference({ db, workspaceId, listing }: { db: Db; workspaceId: string; listing: ListingView }): Promise<{ marketplace: string; language: string; copy: ListingCopy } | undefined> {
  if (!listing.familyId) return undefined;
  const family = await listFamily({ db, workspaceId, familyId: listing.familyId });
  const source = family.find((member) => member.id !== listing.id && member.version > 0);
  if (!source) return undefined;
  const found = await getListing({ db, workspaceId, id: source.id });
  const marketplace = found && getMarketplace(found.marketplace);
  return found && marketplace ? { marketplace: found.marketplace, language: found.language.language, copy: found.copy } : undefined;
}

/** Writes the sections, saves them as the listing's next version, and streams every step. Never throws. */
export async function runListingGeneration(options: RunListingGenerationOptions): Promise<ListingGenerationOutcome> {
  const { db, config, user, workspaceId, listing, signal, requestId, locale, emit, hooks = {} } = options;
  const ruleSet = getRuleSet(listing.ruleSetId);
  const marketplace = getMarketplace(listing.marketplace);
  if (!ruleSet || !marketplace) throw new Error(`listing ${listing.id} names an unknown rule set or marketplace`);
  const fix = options.fix;
  const sections = sectionsToWrite(ruleSet, fix ? fix.sections : options.sections);
  const generationId = randomUUID();
  const started = performance.now();
  const writer = options.writer ?? getWriter(config.ai, { model: await getWorkspaceModel({ db, workspaceId, ai: config.ai }) });
  const { otherBrands } = await getListingSettings({ db, workspaceId });
  const facts = listing.facts;
  const language = listing.language.language;
  const lintContext = { ruleSet, language, brand: facts.brand, otherBrands, store: marketplace };
  // A localized listing writes with its finished sibling in view (not a word-for-word translation).
  const reference = await findReference({ db, workspaceId, listing });
  const context: GenerationContext = { generationId, userId: user.id, workspaceId, templateId: null, count: sections.length, outputs: sections.length, requestId };
  await createGeneration({ db, id: generationId, userId: user.id, workspaceId, kind: "listing", inputs: { listingId: listing.id, sections: sections.join(",") }, count: sections.length, provider: writer.provider, model: writer.model, requestId });
  emit({ type: "start", generationId, sections, provider: writer.provider, model: writer.model, offline: writer.offline });
  const log = logger.child({ requestId, generationId, listingId: listing.id, provider: writer.provider, model: writer.model });

  // One section failing stops the others: nothing of a generation is saved unless all of it was written.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  let inputTokens: number | null = null;
  let outputTokens: number | null = null;
  let calls = 0;
  const count = (result: { inputTokens: number | null; outputTokens: number | null; calls: number }) => {
    calls += result.calls;
    if (result.inputTokens !== null) inputTokens = (inputTokens ?? 0) + result.inputTokens;
    if (result.outputTokens !== null) outputTokens = (outputTokens ?? 0) + result.outputTokens;
  };

  // The offline writer's fix repairs the live text (computed once, for every section of the plan).
  let offlineFix: ListingCopy | undefined;
  const offlineFixed = () => (offlineFix ??= fixListingOffline({ facts, ruleSet: ruleSet!, language, plan: fix! }));

  async function writeSection(section: SectionName, title: string | undefined): Promise<{ content: string | string[]; fixes: SafeFix[] }> {
    let previous: { text: string; violations: Violation[] } | undefined;
    let content: string | string[] = "";
    for (let attempt = 0; attempt <= maxRewrites; attempt++) {
      if (attempt > 0) emit({ type: "rewrite", section, attempt, codes: [...new Set(previous!.violations.map((violation) => violation.code))] });
      const referenceText = reference ? (section === "bullets" ? reference.copy.bullets.join("\n") : reference.copy[section]) : "";
      const { system, prompt } = buildSectionPrompt({
        section,
        facts,
        ruleSet: ruleSet!,
        language,
        languageTag: listing.language.tag,
        storeCountry: marketplace?.country,
        otherBrands,
        title,
        previous,
        keywords: listing.keywords,
        reference: reference && referenceText ? { store: reference.marketplace, language: reference.language, text: referenceText } : undefined,
        fix: fix && { live: section === "bullets" ? fix.live.bullets.join("\n") : fix.live[section], violations: fix.violations[section] ?? [], cutFromTitle: fix.cutFromTitle },
      });
      // Offline: another wording for each regeneration of the listing, and for each rewrite.
      const variant = listing.version + attempt;
      const result = await writer.writeText({
        system,
        prompt,
        maxOutputTokens: config.ai.maxTokensPerOutput * (section === "bullets" || section === "description" ? 3 : 1) + 64,
        offlineText: () => {
          const copy = fix ? offlineFixed() : composeOfflineListing({ facts, ruleSet: ruleSet!, language, variant });
          return section === "bullets" ? copy.bullets.join("\n") : copy[section];
        },
        signal: stop.signal,
        onDelta: (text) => emit({ type: "delta", section, text }),
      });
      count(result);
      content = cleanSectionText(section, result.text);
      if ((Array.isArray(content) ? content.join("") : content).trim() === "") throw new GenerationError("incomplete", `the writer wrote nothing for ${section}`);
      const errors = sectionErrors(section, content, lintContext);
      if (errors.length === 0) break;
      previous = { text: Array.isArray(content) ? content.join("\n") : content, violations: errors };
    }
    const fixed = applySafeFixes({ ruleSet: ruleSet!, brand: facts.brand, sections: { [section]: content } });
    const final = fixed.sections[section] ?? content;
    let finalContent = Array.isArray(final) ? [...final] : (final as string);
    // A fix never proposes what still breaks a rule: the offline repair of the live text takes its place.
    if (fix && sectionErrors(section, finalContent, lintContext).length > 0) {
      const repaired = offlineFixed()[section];
      if (sectionErrors(section, repaired, lintContext).length === 0) finalContent = Array.isArray(repaired) ? [...repaired] : repaired;
    }
    emit({ type: "section", section, content: finalContent, fixes: fixed.applied });
    return { content: finalContent, fixes: fixed.applied };
  }

  try {
    await hooks.reserve?.(context);
    // Search terms are written with the title in view (they should add other words), so they wait for
    // it when both are asked for; every other section starts at once.
    const written = new Map<SectionName, string | string[]>();
    const titleJob = sections.includes("title") ? writeSection("title", undefined) : undefined;
    const jobs = sections.map(async (section) => {
      if (section === "title") return titleJob!;
      if (section === "searchTerms") {
        const title = titleJob ? ((await titleJob).content as string) : listing.copy.title || undefined;
        return writeSection(section, title);
      }
      return writeSection(section, undefined);
    });
    const results = await Promise.all(
      jobs.map((job) =>
        job.catch((error: unknown) => {
          if (!stop.signal.aborted) stop.abort(error);
          throw error;
        }),
      ),
    );
    sections.forEach((section, index) => written.set(section, results[index]!.content));

    // A fix changes only its sections of the live copy it was planned on.
    const copy: ListingCopy = { ...(fix ? fix.live : listing.copy) };
    for (const [section, content] of written) {
      if (section === "bullets") copy.bullets = content as string[];
      else copy[section] = content as string;
    }
    const words = [...written.values()].reduce((sum, content) => sum + countWords(Array.isArray(content) ? content.join("\n") : content), 0);
    const latencyMs = Math.round(performance.now() - started);
    const saved = await db.transaction().execute(async (trx) => {
      // The offline writer writes English where it cannot write the store's language: the listing says so.
      const writtenIn = writer.offline && !offlineLanguages.has(language) ? "en" : null;
      const result = fix
        ? await saveProposedVersion({ db: trx, workspaceId, listingId: listing.id, userId: user.id, copy, generationId })
        : await saveListingVersion({ db: trx, workspaceId, listingId: listing.id, userId: user.id, copy, source: "generated", generationId, writtenIn });
      if (!result) throw new GenerationError("internal", "the listing is gone");
      const { wasRunning } = await completeGeneration({ db: trx, id: generationId, words, inputTokens, outputTokens, latencyMs });
      await hooks.settle?.(trx, context, { words, reservationReleased: !wasRunning });
      await options.onSaved?.(trx, { listing: result.listing, words, generationId, passed: result.version.passed });
      return result;
    });
    hooks.settled?.(context, { words });
    recordListingGeneration({ provider: writer.provider, model: writer.model, marketplace: listing.marketplace, outcome: "succeeded", seconds: latencyMs / 1000 });
    log.info({ sections, words, latencyMs, calls, version: saved.listing.version, passed: saved.version.passed, fix: fix !== undefined }, "listing generation succeeded");
    emit({ type: "done", listingId: listing.id, version: saved.listing.version, passed: saved.version.passed, copy });
    return { status: "succeeded", generationId, version: saved.listing.version, passed: saved.version.passed };
  } catch (error) {
    // The first section to fail says why (the others were stopped because of it).
    const reason: unknown = stop.signal.aborted && !signal.aborted ? stop.signal.reason : error;
    const { status, failure } = await recordGenerationFailure({ db, error: signal.aborted ? new GenerationError("cancelled", "the generation was cancelled", { cause: error }) : reason, context, hooks, log, latencyMs: Math.round(performance.now() - started) });
    recordListingGeneration({ provider: writer.provider, model: writer.model, marketplace: listing.marketplace, outcome: failure.code, seconds: (performance.now() - started) / 1000 });
    emit({ type: "error", code: failure.code, message: translate(locale, generationErrors[failure.code].messageKey), requestId });
    return { status, generationId, code: failure.code };
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
