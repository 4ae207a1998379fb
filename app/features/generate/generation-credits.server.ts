// Credits for one generation: reserve the most it may write before the provider is called, settle to
// the words really written in the transaction that saves the outputs, give it all back on failure or Stop.
import { translate, type Locale } from "#app/i18n/i18n.ts";
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import type { GenerationHooks } from "./generation.server.ts";
import { inTransaction, releaseCredits, reserveCredits, settleCredits, type Reservation } from "#app/features/billing/credits.server.ts";
import { intlTag } from "#app/lib/intl.ts";
import { recordWordsCharged } from "#server/observability/metrics.server.ts";

/** The most words one output is expected to take (a long listing description is 150-200 words). */
export const wordsPerOutputEstimate = 200;

/**
 * What a generation reserves: per output, the estimate above or what the provider's token budget
 * allows (about 0.75 words per token), whichever is smaller. See docs/decisions/009-credit-ledger.md.
 */
export function estimateGenerationWords(outputs: number, maxTokensPerOutput: number): number {
  return Math.max(1, outputs) * Math.min(wordsPerOutputEstimate, Math.ceil(maxTokensPerOutput * 0.75));
}

export type CreditRefusal = Extract<Reservation, { ok: false }>;

export interface GenerationCredits {
  /** Pass to runGeneration. */
  hooks: GenerationHooks;
  /** Gives the reservation back when the generation never started (safe to call more than once). */
  abandon(): Promise<void>;
}

/**
 * Reserves the words for a generation, or says why it cannot run. With `generationId` (the generation
 * row exists already) the reservation is linked to it as it is written, so no crash can leave it unlinked.
 */
export async function reserveGenerationCredits({ db, config, workspaceId, outputs, generationId }: { db: Db; config: AppConfig; workspaceId: string; outputs: number; generationId?: string }): Promise<{ ok: true; credits: GenerationCredits } | CreditRefusal> {
  const reserved = estimateGenerationWords(outputs, config.ai.maxTokensPerOutput);
  const reservation = await reserveCredits({ db, workspaceId, words: reserved, trialWords: config.billing.trialWords, generationId });
  if (!reservation.ok) return reservation;
  let open = true;
  const release = async (generationId: string | null) => {
    if (!open) return;
    open = false;
    await releaseCredits({ db, workspaceId, reserved, generationId });
  };
  return {
    ok: true,
    credits: {
      hooks: {
        async reserve(generation) {
          if (generationId) return;
          // The reservation was taken before the generation row existed: link it now.
          await db.updateTable("credit_ledger").set({ generationId: generation.generationId }).where("id", "=", reservation.ledgerId).execute();
        },
        // A failed save rolls this back with the outputs; runGeneration then calls release.
        async settle(trx, generation, { words, reservationReleased }) {
          // Reservation already given back by the crash sweep: charge the words written afresh.
          await settleCredits({ db: trx, workspaceId, reserved: reservationReleased ? 0 : reserved, words, generationId: generation.generationId });
        },
        release: (generation) => release(generation.generationId),
        settled: (generation, { words }) => recordWordsCharged({ template: generation.templateId ?? "listing", words }),
      },
      abandon: () => release(null),
    },
  };
}

/** Longer than any generation can run (provider timeouts are at most 10 minutes an attempt). */
export const interruptedAfterMs = 60 * 60_000;

/**
 * Generations still "running" an hour after they started were cut off by a server that stopped
 * (a crash, kill -9, a lost machine): they are marked failed and their reservation is given back,
 * unless it belonged to a credit period that has ended since (that period's words expired with it).
 * A maintenance task (server/app.ts), run once per interval across all servers. Safe with several: it
 * goes by age, never by which server started a generation (one that another live server is still
 * writing is younger than the cut-off), and each row is closed by a conditional update, so two sweeps
 * never give words back twice.
 * Returns how many generations were closed.
 */
export async function recoverInterruptedGenerations({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const cutoff = new Date(now.getTime() - interruptedAfterMs).toISOString();
  const stale = await db.selectFrom("generation").select(["id", "workspaceId"]).where("status", "=", "running").where("createdAt", "<", cutoff).limit(500).execute();
  let closed = 0;
  for (const generation of stale) {
    await inTransaction(db, async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable("generation")
        .set({ status: "failed", error: "interrupted: the server stopped before this generation finished", finishedAt: now.toISOString() })
        .where("id", "=", generation.id)
        .where("status", "=", "running")
        .executeTakeFirst();
      // Another process closed it first.
      if (numUpdatedRows === 0n) return;
      closed++;
      const reservation = await trx
        .selectFrom("credit_ledger")
        .innerJoin("credit_balance", "credit_balance.workspaceId", "credit_ledger.workspaceId")
        .select(["credit_ledger.delta", "credit_ledger.createdAt", "credit_balance.periodStart"])
        .where("credit_ledger.generationId", "=", generation.id)
        .where("credit_ledger.reason", "=", "reserve")
        .executeTakeFirst();
      if (!reservation || reservation.createdAt < reservation.periodStart) return;
      await releaseCredits({ db: trx, workspaceId: generation.workspaceId, reserved: -reservation.delta, generationId: generation.id, now });
    });
  }
  return closed;
}

/** The refusal in the user's language, with the numbers and what to do next. */
export function creditRefusalMessage(locale: Locale, refusal: CreditRefusal): string {
  const date = (iso: string) => new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
  const numbers = { needed: refusal.needed, available: refusal.available };
  switch (refusal.plan.kind) {
    case "trialEnded":
      return translate(locale, "credits.refused.trialEnded", { ...numbers, date: date(refusal.plan.endedAt) });
    case "none":
      return translate(locale, "credits.refused.noPlan", numbers);
    case "trial":
      return translate(locale, "credits.refused.trial", numbers);
    case "paid":
      return translate(locale, "credits.refused.paid", { ...numbers, date: date(refusal.plan.renewsAt) });
  }
}

/**
 * Closes one generation whose worker is known to be gone (a bulk job's row taken over after its server
 * died): marked failed, its reservation given back in the same transaction. False when it was no longer running.
 */
export async function closeAbandonedGeneration({ db, generationId, now = new Date() }: { db: Db; generationId: string; now?: Date }): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const generation = await trx.selectFrom("generation").select(["id", "workspaceId"]).where("id", "=", generationId).where("status", "=", "running").executeTakeFirst();
    if (!generation) return false;
    const { numUpdatedRows } = await trx
      .updateTable("generation")
      .set({ status: "failed", error: "interrupted: the server writing this row stopped; another took it over", finishedAt: now.toISOString() })
      .where("id", "=", generationId)
      .where("status", "=", "running")
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return false;
    const reservation = await trx.selectFrom("credit_ledger").select(["delta"]).where("generationId", "=", generationId).where("reason", "=", "reserve").executeTakeFirst();
    if (reservation) await releaseCredits({ db: trx, workspaceId: generation.workspaceId, reserved: -reservation.delta, generationId, now });
    return true;
  });
}
