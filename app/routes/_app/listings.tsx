import type { CSSProperties } from "react";
import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { Form, Link, useNavigation } from "react-router";
import { ListPageHeader } from "#app/components/list-page-header.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { languageLabel } from "#app/features/marketplaces/marketplace-select.tsx";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { listListings } from "#app/features/listings/listings.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { InvalidCursorError } from "#app/lib/cursor.ts";
import { formatRelativeTime } from "#app/features/outputs/relative-time.ts";
import { useNow } from "#app/features/outputs/use-now.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listings";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "listings.meta");

const maxQuery = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, maxQuery);
  const cursor = url.searchParams.get("cursor");
  const { db } = getServices();
  try {
    return { q, cursor, page: await listListings({ db, workspaceId: membership.workspaceId, q, cursor }), now: Date.now() };
  } catch (error) {
    // A cursor from an old or edited address: start from the first page.
    if (!(error instanceof InvalidCursorError)) throw error;
    return { q, cursor: null, page: await listListings({ db, workspaceId: membership.workspaceId, q }), now: Date.now() };
  }
}

export default function Listings({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { page, q, cursor } = loaderData;
  const now = useNow(loaderData.now) ?? loaderData.now;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/listings";
  const nextHref = page.nextCursor ? `/listings?${new URLSearchParams({ ...(q ? { q } : {}), cursor: page.nextCursor })}` : null;
  return (
    <Stack gap="lg">
      <ListPageHeader title={t("listings.title")} subtitle={t("listings.subtitle")} newTo="/listings/new" newLabel={t("listings.new")} />
      <Form method="get" role="search" aria-label={t("listings.search.label")}>
        <Group gap="xs" wrap="nowrap">
          <TextInput name="q" defaultValue={q} aria-label={t("listings.search.label")} placeholder={t("listings.search.placeholder")} leftSection={<IconSearch size={16} aria-hidden />} maxLength={maxQuery} style={{ flex: 1 }} />
          <Button type="submit" variant="default" loading={searching}>
            {t("listings.search.submit")}
          </Button>
        </Group>
      </Form>
      {page.items.length === 0 ? (
        <Card withBorder padding="xl">
          {q ? (
            <EmptyState title={t("listings.empty.searchTitle", { q })} action={<Anchor component={Link} to="/listings">{t("listings.empty.clear")}</Anchor>} />
          ) : (
            <EmptyState title={t("listings.empty.title")} action={<Button component={Link} to="/listings/new">{t("listings.empty.action")}</Button>}>
              {t("listings.empty.body")}
            </EmptyState>
          )}
        </Card>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("listings.title")}>
          {page.items.map((item) => (
            <Card key={item.id} withBorder padding="md" component="li">
              <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: "1 1 240px" }}>
                  <Anchor component={Link} to={`/listings/${item.id}`} fw={600} style={{ overflowWrap: "anywhere" }}>
                    {item.title || `${item.brand} ${item.productName}`}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t("listings.item.meta", { brand: item.brand, marketplace: item.marketplace, version: item.version, when: formatRelativeTime(item.updatedAt, now, locale, t("outputs.justNow")) })}
                  </Text>
                </Stack>
                <Group gap={6} wrap="wrap">
                {item.writtenIn && (
                  <Badge variant="light" color="yellow" style={{ "--badge-color": "var(--mantine-color-yellow-9)" } as CSSProperties}>{t("listings.writtenIn", { language: languageLabel(item.writtenIn, locale) })}</Badge>
                )}
                {item.version === 0 ? (
                  <Badge variant="light" color="gray" style={{ "--badge-color": "var(--mantine-color-gray-8)" } as CSSProperties}>{t("listings.status.draft")}</Badge>
                ) : item.passed ? (
                  <Badge variant="light">{t("listings.status.passes")}</Badge>
                ) : (
                  <Badge variant="light" color="red" style={{ "--badge-color": "var(--mantine-color-red-9)" } as CSSProperties}>{t("listings.status.fails")}</Badge>
                )}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {(cursor || nextHref) && (
        <Group justify="space-between">
          {cursor ? <Anchor component={Link} to={q ? `/listings?${new URLSearchParams({ q })}` : "/listings"}>{t("listings.firstPage")}</Anchor> : <span />}
          {nextHref && (
            <Button component={Link} to={nextHref} variant="default">
              {t("listings.nextPage")}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
