// The publish UI's small shared pieces (issue 34): status and kind names, field labels, a schema problem or an
// Amazon issue in plain words, a word diff, and the one JSON reader every publish call goes through.
import type { CSSProperties } from "react";
import { Badge, Code, Group, List, Stack, Text } from "@mantine/core";
import type { z } from "zod";
import { marketplaceBySpApiId } from "#app/features/amazon/regions.ts";
import { diffWords } from "#app/features/listings/diff.ts";
import { DiffPieces } from "#app/features/listings/diff-pieces.tsx";
import { sectionLabels } from "#app/features/listings/section-labels.ts";
import type { SectionName } from "#app/features/rules/types.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey, Translate } from "#app/i18n/i18n.ts";
import { readApiError, type ApiErrorCode } from "#app/lib/errors.ts";
import type { CopyAttributeName, PublicationKind, PublicationStatus, PublishIssue } from "./types.ts";

export const statusLabels = {
  preview: "amazon.publish.status.preview",
  sending: "amazon.publish.status.sending",
  submitted: "amazon.publish.status.submitted",
  live: "amazon.publish.status.live",
  rejected: "amazon.publish.status.rejected",
  pending: "amazon.publish.status.pending",
  failed: "amazon.publish.status.failed",
} as const satisfies Record<PublicationStatus, MessageKey>;

export const kindLabels = {
  preview: "amazon.publish.kind.preview",
  publish: "amazon.publish.kind.publish",
  rollback: "amazon.publish.kind.rollback",
} as const satisfies Record<PublicationKind, MessageKey>;

// Light badges with text in the colour's darkest shade (axe: 4.5:1 on the light background); teal's and yellow's read in the text colour.
const statusColors: Record<PublicationStatus | "none", string> = { preview: "gray", sending: "blue", submitted: "blue", live: "teal", rejected: "red", pending: "yellow", failed: "red", none: "gray" };
const badgeText = (color: string) => ({ "--badge-color": color === "teal" || color === "yellow" ? "var(--mantine-color-text)" : `var(--mantine-color-${color}-9)` }) as CSSProperties;

export function StatusBadge({ status }: { status: PublicationStatus | "none" }) {
  const { t } = useI18n();
  const color = statusColors[status];
  return (
    <Badge variant="light" color={color} style={badgeText(color)} data-testid="publish-status">
      {status === "none" ? t("amazon.publish.status.none") : t(statusLabels[status])}
    </Badge>
  );
}

/** A store as sellers know it (amazon.in), whether given as our id or as Amazon's marketplace id (A21TJRUUN4KGV). */
export function storeLabel(store: string): string {
  return marketplaceBySpApiId(store)?.id ?? store;
}

/** Amazon's copy attributes as the builder names its sections. */
export const attributeSections: Record<CopyAttributeName, SectionName> = {
  item_name: "title",
  title_differentiation: "itemHighlights",
  item_highlights: "itemHighlights",
  bullet_point: "bullets",
  product_description: "description",
  generic_keyword: "searchTerms",
};

/** A field's name for the seller: the builder's section for our attributes, Amazon's own name for any other. */
export function attributeLabel(attribute: string, t: Translate): string {
  const section = (attributeSections as Record<string, SectionName | undefined>)[attribute];
  return section ? t(sectionLabels[section]) : attribute;
}

export function sectionLabel(section: string, t: Translate): string {
  const key = (sectionLabels as Record<string, MessageKey | undefined>)[section];
  return key ? t(key) : section;
}

// Amazon's keywords (and the JSON Schema ones its definitions use for copy) with a number limit, in plain words.
const limitKeywords: Record<string, MessageKey> = {
  maxUtf8ByteLength: "amazon.publish.schema.maxUtf8ByteLength",
  minUtf8ByteLength: "amazon.publish.schema.minUtf8ByteLength",
  maxLength: "amazon.publish.schema.maxLength",
  minLength: "amazon.publish.schema.minLength",
  maxItems: "amazon.publish.schema.maxItems",
  minItems: "amazon.publish.schema.minItems",
  maxUniqueItems: "amazon.publish.schema.maxUniqueItems",
};

/** A schema problem in the page's language when its keyword is one we know, else the validator's English words. */
export function schemaProblemText(problem: { keyword: string; params: Record<string, unknown>; message: string }, t: Translate): string {
  const key = limitKeywords[problem.keyword];
  const limit = problem.params.limit;
  if (key && typeof limit === "number") return t(key, { limit });
  if (problem.keyword === "required") return t("amazon.publish.schema.required");
  return t("amazon.publish.schema.other", { message: problem.message });
}

const severityColors: Record<PublishIssue["severity"], string> = { ERROR: "red", WARNING: "yellow", INFO: "gray" };
const severityLabels = { ERROR: "amazon.publish.severity.error", WARNING: "amazon.publish.severity.warning", INFO: "amazon.publish.severity.info" } as const satisfies Record<PublishIssue["severity"], MessageKey>;

/** Amazon's issues: plain words and what to do when we know the code, always the code and Amazon's own message. */
export function IssueList({ issues, label }: { issues: readonly PublishIssue[]; label: string }) {
  const { t } = useI18n();
  return (
    <Stack gap="sm" component="ul" aria-label={label} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {issues.map((issue, index) => (
        <Stack key={`${issue.code}-${index}`} component="li" gap={4} data-testid="amazon-issue">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color={severityColors[issue.severity]} style={badgeText(severityColors[issue.severity])}>
              {t(severityLabels[issue.severity])}
            </Badge>
            <Text size="sm" fw={600}>
              {issue.explanation ? t(issue.explanation.titleKey) : t("amazon.publish.issue.unknown")}
            </Text>
            <Code>{t("amazon.publish.issue.code", { code: issue.code })}</Code>
          </Group>
          <Text size="sm">
            <Text span fw={600} size="sm">
              {t("amazon.publish.issue.whatToDo")}{" "}
            </Text>
            {issue.explanation ? t(issue.explanation.actionKey) : t("amazon.publish.issue.unknownAction")}
          </Text>
          {issue.attributeNames.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t("amazon.publish.issue.fields", { fields: issue.attributeNames.map((name) => attributeLabel(name, t)).join(", ") })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {t("amazon.publish.issue.amazonSaid", { message: issue.message })}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** One side of a compare: each value (a bullet each) with the words only this side has marked. */
export function DiffValues({ values, other, side, dir }: { values: readonly string[]; other: readonly string[]; side: "old" | "new"; dir?: "rtl" | "ltr" }) {
  const { t } = useI18n();
  if (values.length === 0 || values.every((value) => value === ""))
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t("amazon.publish.review.empty")}
      </Text>
    );
  const single = (value: string, index: number) => {
    const diff = diffWords(side === "old" ? value : (other[index] ?? ""), side === "old" ? (other[index] ?? "") : value);
    return <DiffPieces pieces={side === "old" ? diff.left : diff.right} side={side} />;
  };
  if (values.length === 1)
    return (
      <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} dir={dir}>
        {single(values[0]!, 0)}
      </Text>
    );
  return (
    <List size="sm" spacing={4} style={{ overflowWrap: "anywhere" }} dir={dir}>
      {values.map((value, index) => (
        <List.Item key={index}>{single(value, index)}</List.Item>
      ))}
    </List>
  );
}

/** A failed publish call: the catalogue's code (to act on) and its message (to show). */
export class PublishCallError extends Error {
  readonly code: ApiErrorCode | null;
  constructor(message: string, code: ApiErrorCode | null) {
    super(message);
    this.code = code;
  }
}

/** Calls a publish endpoint and reads its answer with the answer's schema; any refusal becomes a PublishCallError. */
export async function callPublishApi<T>(url: string, schema: z.ZodType<T>, { method = "GET", body, networkMessage }: { method?: "GET" | "POST"; body?: unknown; networkMessage: string }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { method, headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  } catch {
    throw new PublishCallError(networkMessage, null);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = readApiError(json);
    throw new PublishCallError(refusal?.error ?? networkMessage, refusal?.code ?? null);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new PublishCallError(networkMessage, null);
  return parsed.data;
}
