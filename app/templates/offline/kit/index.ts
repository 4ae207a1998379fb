// The offline kit: what the offline writer says in each language it writes, one file a language.
import type { OfflineLang } from "../languages.ts";
import { german } from "./de.ts";
import { english } from "./en.ts";
import { spanish } from "./es.ts";
import { french } from "./fr.ts";
import type { OfflineKit } from "./types.ts";

/** Exactly one kit per language of offlineLangs: a missing or extra one fails typecheck. */
export const offlineKits = { en: english, es: spanish, de: german, fr: french } satisfies Record<OfflineLang, OfflineKit>;
