import type { CSSProperties } from "react";
import { Anchor, Badge, Button, Card, Grid, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { diffWords } from "#app/features/listings/diff.ts";
import { DiffText } from "#app/features/listings/diff-pieces.tsx";
import { getListing, getListingVersion, listListingVersions, restoreListingVersion, type ListingVersionView } from "#app/features/listings/listings.server.ts";
import type { ListingCopy } from "#app/features/listings/types.ts";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { formatRelativeTime } from "#app/features/outputs/relative-time.ts";
import { useNow } from "#app/features/outputs/use-now.ts";
import { getRuleSet } from "#app/features/rules/registry.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listing-versions";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "listings.versions.meta");

const versionNumber = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const { db } = getServices();
  const workspaceId = membership.workspaceId;
  const listing = await getListing({ db, workspaceId, id: params.id });
  if (!listing) throw data(null, { status: 404 });
  const versions = await listListingVersions({ db, workspaceId, listingId: listing.id });
  const url = new URL(request.url);
  // Default: the version before the latest against the latest.
  const b = versionNumber(url.searchParams.get("b")) ?? versions[0]?.version;
  const a = versionNumber(url.searchParams.get("a")) ?? versions[1]?.version ?? b;
  const load = (version: number | undefined) => (version === undefined ? undefined : getListingVersion({ db, workspaceId, listingId: listing.id, version }));
  const [left, right] = await Promise.all([load(a), load(b)]);
  // The live copy is the newest version that is not a proposed fix (a proposal moves the number on, not the copy).
  const live = versions.find((version) => version.source !== "proposed")?.version ?? listing.version;
  return { listing: { id: listing.id, brand: listing.facts.brand, productName: listing.facts.productName, version: live, marketplace: listing.marketplace, ruleSetId: listing.ruleSetId }, versions, left: left ?? null, right: right ?? null, now: Date.now() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const form = await request.formData();
  const version = versionNumber(String(form.get("version") ?? ""));
  if (form.get("intent") !== "restore" || version === undefined) throw data(null, { status: 400 });
  const restored = await restoreListingVersion({ db: getServices().db, workspaceId: membership.workspaceId, listingId: params.id, version, userId: user.id });
  if (!restored) throw data(null, { status: 404 });
  return redirect(`/listings/${params.id}?restored=${version}`);
}

type SectionKey = keyof ListingCopy;
const sectionOrder: { key: SectionKey; label: "listings.section.title" | "listings.section.itemHighlights" | "listings.section.bullets" | "listings.section.description" | "listings.section.searchTerms" }[] = [
  { key: "title", label: "listings.section.title" },
  { key: "itemHighlights", label: "listings.section.itemHighlights" },
  { key: "bullets", label: "listings.section.bullets" },
  { key: "description", label: "listings.section.description" },
  { key: "searchTerms", label: "listings.section.searchTerms" },
];

const sectionText = (version: ListingVersionView | null, key: SectionKey) => {
  const value = version?.copy[key] ?? "";
  return Array.isArray(value) ? value.join("\n") : value;
};

export default function ListingVersions({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { listing, versions, left, right } = loaderData;
  const now = useNow(loaderData.now) ?? loaderData.now;
  const submit = useSubmit();
  const navigation = useNavigation();
  const restoring = navigation.state !== "idle" && navigation.formMethod === "POST";
  const dir = getMarketplace(listing.marketplace)?.rightToLeft ? "rtl" : "ltr";
  const hasHighlights = Boolean(getRuleSet(listing.ruleSetId)?.sections.itemHighlights) || Boolean(left?.copy.itemHighlights || right?.copy.itemHighlights);
  // The date in UTC so the server's and the browser's render agree.
  const importedOn = (createdAt: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(createdAt));
  const sourceLabel = ({ source, createdAt }: { source: string; createdAt: string }) =>
    source === "imported"
      ? t("listings.versions.imported", { date: importedOn(createdAt) })
      : t(source === "generated" ? "listings.versions.generated" : source === "restored" ? "listings.versions.restored" : source === "proposed" ? "listings.versions.proposed" : source === "published" ? "listings.versions.published" : "listings.versions.edited");
  const options = versions.map((version) => ({ value: String(version.version), label: t("listings.versions.option", { version: version.version, source: sourceLabel(version) }) }));
  const restoreButton = (version: number) =>
    version !== listing.version && (
      <Form method="post">
        <input type="hidden" name="intent" value="restore" />
        <input type="hidden" name="version" value={version} />
        <Button type="submit" size="compact-sm" variant="light" leftSection={<IconArrowBackUp size={14} aria-hidden />} loading={restoring}>
          {t("listings.versions.restore", { version })}
        </Button>
      </Form>
    );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={`/listings/${listing.id}`} size="sm">
          ← {listing.brand} {listing.productName}
        </Anchor>
        <Title order={1}>{t("listings.versions.title")}</Title>
        <Text c="dimmed">{t("listings.versions.subtitle")}</Text>
      </Stack>
      {versions.length === 0 ? (
        <Card withBorder padding="xl">
          <EmptyState title={t("listings.versions.empty")} action={<Button component={Link} to={`/listings/${listing.id}`}>{t("listings.versions.backToBuilder")}</Button>} />
        </Card>
      ) : (
        <>
          <Form method="get" onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true, replace: true })}>
            <Group gap="md" align="flex-end" wrap="wrap">
              <NativeSelect name="a" label={t("listings.versions.left")} data={options} defaultValue={left ? String(left.version) : undefined} />
              <NativeSelect name="b" label={t("listings.versions.right")} data={options} defaultValue={right ? String(right.version) : undefined} />
              <noscript>
                <Button type="submit" variant="default">
                  {t("listings.versions.compare")}
                </Button>
              </noscript>
            </Group>
          </Form>
          <Stack gap="md" aria-label={t("listings.versions.compareLabel")}>
            <Grid gap="md" visibleFrom="sm">
              {[left, right].map((version, index) => (
                <Grid.Col span={6} key={index}>
                  <Group justify="space-between">
                    <Text fw={600}>{version ? t("listings.versions.heading", { version: version.version }) : "—"}</Text>
                    {version && restoreButton(version.version)}
                  </Group>
                </Grid.Col>
              ))}
            </Grid>
            {sectionOrder
              .filter((section) => section.key !== "itemHighlights" || hasHighlights)
              .map((section) => {
                const diff = diffWords(sectionText(left, section.key), sectionText(right, section.key));
                const same = !diff.left.some((piece) => piece.changed) && !diff.right.some((piece) => piece.changed);
                return (
                  <Paper withBorder p="md" radius="md" key={section.key} component="section" aria-labelledby={`compare-${section.key}`}>
                    <Group gap="xs" mb="xs">
                      <Title order={2} fz="md" id={`compare-${section.key}`}>
                        {t(section.label)}
                      </Title>
                      {same ? <Badge variant="light" color="gray" style={{ "--badge-color": "var(--mantine-color-gray-8)" } as CSSProperties}>{t("listings.versions.same")}</Badge> : <Badge variant="light" color="blue" style={{ "--badge-color": "var(--mantine-color-blue-9)" } as CSSProperties}>{t("listings.versions.changed")}</Badge>}
                    </Group>
                    <Grid gap="md">
                      {([["left", left, diff.left], ["right", right, diff.right]] as const).map(([side, version, pieces]) => (
                        <Grid.Col span={{ base: 12, sm: 6 }} key={side}>
                          <Text size="xs" c="dimmed" hiddenFrom="sm">
                            {version ? t("listings.versions.heading", { version: version.version }) : ""}
                          </Text>
                          <DiffText pieces={pieces} side={side === "left" ? "old" : "new"} dir={dir} />
                        </Grid.Col>
                      ))}
                    </Grid>
                  </Paper>
                );
              })}
          </Stack>
          <Paper withBorder radius="md" component="section" aria-labelledby="all-versions">
            <Title order={2} fz="md" id="all-versions" p="md">
              {t("listings.versions.all")}
            </Title>
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {versions.map((version) => (
                <Group key={version.id} component="li" justify="space-between" gap="xs" px="md" py="sm" wrap="wrap" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }} aria-label={t("listings.versions.option", { version: version.version, source: sourceLabel(version) })}>
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text size="sm" fw={500}>
                        {t("listings.versions.option", { version: version.version, source: sourceLabel(version) })}
                      </Text>
                      {version.version === listing.version && (
                        <Badge size="sm" variant="light">
                          {t("listings.versions.current")}
                        </Badge>
                      )}
                      {version.passed ? <Badge variant="light">{t("listings.status.passes")}</Badge> : <Badge variant="light" color="red" style={{ "--badge-color": "var(--mantine-color-red-9)" } as CSSProperties}>{t("listings.status.fails")}</Badge>}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatRelativeTime(version.createdAt, now, locale, t("outputs.justNow"))}
                      {version.createdByName ? ` · ${version.createdByName}` : ""}
                    </Text>
                  </Stack>
                  {restoreButton(version.version)}
                </Group>
              ))}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
