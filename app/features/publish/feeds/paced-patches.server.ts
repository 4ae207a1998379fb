// A bulk publish below the feed threshold (issue 34 item 3, docs/decisions/042): one patchListingsItem per listing,
// paced by the database rate limiter the client waits on (per connection and operation, so every server on the
// database shares the seller's 5/s). A few calls are in flight at once so Amazon's answer time overlaps the
// spacing. Each message is handed to `sending` before its call: a message marked so is never sent again.
import { z } from "zod";
import { AmazonReauthorizationNeeded, SpApiError, type SpApiClient } from "#app/features/amazon/client.server.ts";
import { spApiOperations } from "#app/features/amazon/operations.ts";
import type { FeedIssue, FeedMessageInput } from "./listings-feed.ts";

/** "unknown": no answer (the network, or a crash): Amazon may have applied it, only a read-back can tell. */
export interface PatchOutcome {
  messageId: number;
  sku: string;
  status: "accepted" | "invalid" | "failed" | "unknown";
  submissionId: string | null;
  issues: FeedIssue[];
  error?: string;
}

export interface RunPacedPatchesOptions {
  sellerId: string;
  marketplaceId: string;
  issueLocale?: string;
  messages: readonly FeedMessageInput[];
  /** Calls in flight at once (default: the patch burst). */
  concurrency?: number;
  /** Awaited before each call (the batch marks the message 'sending'). */
  sending?: (message: FeedMessageInput) => Promise<void>;
  /** Awaited with each answer. */
  answered?: (outcome: PatchOutcome) => Promise<void>;
}

const submissionAnswer = z.object({
  status: z.enum(["ACCEPTED", "INVALID", "VALID"]),
  submissionId: z.string().optional(),
  issues: z.array(z.object({ code: z.string(), message: z.string(), severity: z.enum(["ERROR", "WARNING", "INFO"]), attributeNames: z.array(z.string()).optional() }).passthrough()).optional(),
});

export async function runPacedPatches(client: SpApiClient, options: RunPacedPatchesOptions): Promise<PatchOutcome[]> {
  const { sellerId, marketplaceId, issueLocale, messages } = options;
  const concurrency = Math.max(1, options.concurrency ?? spApiOperations.patchListingsItem.burst);
  const outcomes: PatchOutcome[] = [];
  let next = 0;

  async function send(message: FeedMessageInput): Promise<PatchOutcome> {
    const base = { messageId: message.messageId, sku: message.sku };
    try {
      const { data } = await client.listings.patchListingsItem({ sellerId, sku: message.sku, marketplaceIds: [marketplaceId], body: { productType: message.productType, patches: message.patches.map((patch) => ({ ...patch, value: [...patch.value] })) as never }, ...(issueLocale ? { issueLocale } : {}) });
      const answer = submissionAnswer.parse(data);
      const issues = (answer.issues ?? []).map((issue) => ({ code: issue.code, message: issue.message, severity: issue.severity, attributeNames: issue.attributeNames ?? [] }));
      return { ...base, status: answer.status === "ACCEPTED" ? "accepted" : "invalid", submissionId: answer.submissionId ?? null, issues };
    } catch (error) {
      // Amazon answered with an error: nothing applied. No answer at all: it may have been.
      if (error instanceof SpApiError && error.status !== 0) return { ...base, status: "failed", submissionId: null, issues: [{ code: error.code, message: error.message, severity: "ERROR", attributeNames: [] }], error: error.message };
      if (error instanceof AmazonReauthorizationNeeded) return { ...base, status: "failed", submissionId: null, issues: [], error: error.message };
      return { ...base, status: "unknown", submissionId: null, issues: [], error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function worker(): Promise<void> {
    while (next < messages.length) {
      const message = messages[next++]!;
      await options.sending?.(message);
      const outcome = await send(message);
      await options.answered?.(outcome);
      outcomes.push(outcome);
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, messages.length) }, () => worker()));
  return outcomes.sort((a, b) => a.messageId - b.messageId);
}
