import { Stack, Text, Title } from "@mantine/core";
import { useRouteLoaderData } from "react-router";
import { pageMeta } from "~/features/marketing/meta.ts";
import { useI18n } from "~/i18n/context.tsx";
import type { Route } from "./+types/dashboard";
import type { loader as layoutLoader } from "./layout.tsx";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.meta");

export default function Dashboard() {
  const { t } = useI18n();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_app/layout");
  return (
    <Stack gap="xs">
      <Title order={1}>{t("dashboard.greeting", { firstName: layout?.user.firstName ?? "" })}</Title>
      <Text c="dimmed">{t("dashboard.overview")}</Text>
    </Stack>
  );
}
