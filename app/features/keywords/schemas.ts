// The keyword endpoints' bodies. Browser-safe.
import { z } from "zod";
import { maxKeywords, maxPhraseChars } from "./import.ts";

export const keywordSchema = z.object({
  phrase: z.string().trim().min(1).max(maxPhraseChars),
  volume: z.number().int().min(0).max(1_000_000_000).nullish(),
});

export const keywordListSchema = z.array(keywordSchema).max(maxKeywords, "keywords.error.tooMany");
