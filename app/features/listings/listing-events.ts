// The listing generation stream (POST /api/listings/:id/generate), of the same family as generations'
// (app/features/generate/generation-events.ts): `event: <type>` plus one `data: <JSON>` line. Browser-safe.
//
//   start    {generationId, sections, provider, model, offline}   once the generation row exists
//   delta    {section, text}            text appended to a section while it is written (bullets: one a line)
//   rewrite  {section, attempt, codes}  the section broke a rule (codes); it is written again: clear it
//   section  {section, content, fixes}  the section is finished (string, or string[] for bullets); `fixes`
//                                        names the safe fixes applied; what still breaks a rule is kept
//   done     {listingId, version, passed, copy}   after saving the new version, last
//   error    {code, message, requestId} last; nothing was saved or charged
import { z } from "zod";
import { generationErrorCodes } from "#app/lib/errors.ts";
import { createSseParser, encodeSseEvent, readSseStream } from "#app/lib/sse.ts";
import { safeFixes } from "#app/features/rules/fixes.ts";
import { sectionNames, violationCodes } from "#app/features/rules/types.ts";
import { listingCopySchema } from "./types.ts";

const section = z.enum(sectionNames);

export const listingEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), generationId: z.string(), sections: z.array(section), provider: z.string(), model: z.string(), offline: z.boolean() }),
  z.object({ type: z.literal("delta"), section, text: z.string() }),
  z.object({ type: z.literal("rewrite"), section, attempt: z.number().int().min(1), codes: z.array(z.enum(violationCodes)) }),
  z.object({ type: z.literal("section"), section, content: z.union([z.string(), z.array(z.string())]), fixes: z.array(z.enum(safeFixes)) }),
  z.object({ type: z.literal("done"), listingId: z.string(), version: z.number().int(), passed: z.boolean(), copy: listingCopySchema }),
  z.object({ type: z.literal("error"), code: z.enum(generationErrorCodes), message: z.string(), requestId: z.string() }),
]);
export type ListingEvent = z.infer<typeof listingEventSchema>;

/** The JSON body of POST /api/listings/:id/generate: no body (or {}) writes every section. */
export const listingGenerateRequestSchema = z.object({
  sections: z.array(section).min(1).max(sectionNames.length).optional(),
});

export const encodeListingEvent = (event: ListingEvent): string => encodeSseEvent(event);
export const createListingEventParser = (onEvent: (event: ListingEvent) => void) => createSseParser(listingEventSchema, onEvent);

/** Reads the stream; resolves with the final `done` or `error`, or null when it ended before either. */
export function readListingStream(response: Response, onEvent: (event: ListingEvent) => void): Promise<ListingEvent | null> {
  return readSseStream(response, listingEventSchema, (event) => event.type === "done" || event.type === "error", onEvent);
}
