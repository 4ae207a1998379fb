import { Stack, Text, Title } from "@mantine/core";
import { pageMeta } from "#app/lib/page-meta.ts";
import { loadHistoryPage } from "#app/features/outputs/history-page.server.ts";
import { OutputsBrowser } from "#app/features/outputs/outputs-browser.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { Route } from "./+types/history";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "history.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHistoryPage({ request, context, favoritesOnly: false });
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <OutputsBrowser
      mode="history"
      page={loaderData.page}
      filter={loaderData.filter}
      now={loaderData.now}
      header={
        <Stack gap={4}>
          <Title order={1}>{t("history.title")}</Title>
          <Text c="dimmed">{t("history.subtitle")}</Text>
        </Stack>
      }
    />
  );
}
