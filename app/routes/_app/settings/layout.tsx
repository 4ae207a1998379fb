import { Box, Group, Stack, Title, UnstyledButton } from "@mantine/core";
import { Link, Outlet, redirect, useLocation } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import type { Route } from "./+types/layout";

const tabs: { to: string; label: MessageKey }[] = [
  { to: "/settings/workspace", label: "settings.tab.workspace" },
  { to: "/settings/personal", label: "settings.tab.personal" },
  { to: "/settings/billing", label: "settings.tab.billing" },
];

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (pathname.replace(/\/$/, "") === "/settings") throw redirect("/settings/workspace");
  return null;
}

/** Settings tabs are links (each tab is its own address), styled as tabs. */
export default function SettingsLayout() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t("settings.title")}</Title>
      <Box component="nav" aria-label={t("settings.tabsLabel")} style={{ borderBottom: "1px solid var(--mantine-color-default-border)", overflowX: "auto" }}>
        <Group gap={0} wrap="nowrap">
          {tabs.map((tab) => {
            const active = pathname.startsWith(tab.to);
            return (
              <UnstyledButton
                key={tab.to}
                component={Link}
                to={tab.to}
                aria-current={active ? "page" : undefined}
                px="md"
                py="sm"
                fw={active ? 600 : 500}
                className="settings-tab"
                data-active={active || undefined}
              >
                {t(tab.label)}
              </UnstyledButton>
            );
          })}
        </Group>
      </Box>
      <Outlet />
    </Stack>
  );
}
