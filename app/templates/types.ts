import type { Icon } from "@tabler/icons-react";
import type { Locale } from "#app/i18n/i18n.ts";

/** A text in every language of the UI; template modules carry their own words so adding one is one file. */
export type Localized = Record<Locale, string>;

export const templateCategories = ["listing", "reviews", "rewriting", "seo"] as const;
export type TemplateCategory = (typeof templateCategories)[number];

export const tones = ["Casual", "Formal", "Professional"] as const;
export type Tone = (typeof tones)[number];

export const ratings = ["0 stars", "1 stars", "2 stars", "3 stars", "4 stars", "5 stars"] as const;
export type Rating = (typeof ratings)[number];

interface FieldBase {
  /** The key under which the value travels in requests and is stored in `inputs`. */
  name: string;
  label: Localized;
  placeholder?: Localized;
  required: boolean;
}

export interface TextFieldSpec extends FieldBase {
  kind: "text" | "textarea";
  maxLength: number;
}

export interface SelectFieldSpec extends FieldBase {
  kind: "select";
  /** Stored as the visible (English) label, as in the seed. */
  options: readonly string[];
  optionLabels?: Record<string, Localized>;
}

/** How many outputs (or keywords) to write: the seed's count rule applies. */
export interface CountFieldSpec extends FieldBase {
  kind: "count";
}

export type FieldSpec = TextFieldSpec | SelectFieldSpec | CountFieldSpec;

export type TemplateInputs = Record<string, string>;

/** "text": the answer is plain text (split by the text rule); "json": structured output, items in an "elements" array. */
export type PromptFormat = "text" | "json";

export interface PromptContext {
  inputs: TemplateInputs;
  count: number;
  /** The language the copy is written in. */
  language: string;
  /** How the provider answers; "text" when not given. */
  format?: PromptFormat;
}

export interface Prompt {
  system: string;
  prompt: string;
}

/** `Id` is the template's literal id, so the registry can name every id (TemplateId). */
export interface TemplateDefinition<Id extends string = string> {
  id: Id;
  /** The route segment under /templates (the seed's names). */
  slug: string;
  /** The seed's template-type label (its English name for the template). Not stored: outputs keep `id`; cards and filters show `name`. */
  templateType: string;
  category: TemplateCategory;
  icon: Icon;
  name: Localized;
  /** The generator page's title. */
  title: Localized;
  description: Localized;
  fields: readonly FieldSpec[];
  /** "split": N separate outputs; "single": one output holding everything (keywords). */
  outputMode: "split" | "single";
  buildPrompt(context: PromptContext): Prompt;
  /** Last clean-up of one finished output (e.g. Amazon's title rules). */
  finalize?(content: string): string;
}
