import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { pageMeta } from "#app/lib/page-meta.ts";
import { loadHistoryPage } from "#app/features/outputs/history-page.server.ts";
import { OutputsBrowser } from "#app/features/outputs/outputs-browser.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { Route } from "./+types/favorites";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "favorites.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHistoryPage({ request, context, favoritesOnly: true });
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <OutputsBrowser
      mode="favorites"
      page={loaderData.page}
      filter={loaderData.filter}
      now={loaderData.now}
      header={
        <Stack gap={4}>
          {/* The seed's heading 'History > Favorites', as a breadcrumb back to the history. */}
          <nav aria-label={t("favorites.breadcrumb")}>
            <Title order={1}>
              <Anchor component={Link} to="/history" inherit>
                {t("history.title")}
              </Anchor>{" "}
              &gt;{" "}
              <span aria-current="page">{t("favorites.title")}</span>
            </Title>
          </nav>
          <Text c="dimmed">{t("favorites.subtitle")}</Text>
        </Stack>
      }
    />
  );
}
