import { ActionIcon, Group, NavLink, Stack, Tooltip } from "@mantine/core";
import { IconFileSpreadsheet, IconHeart, IconHeartbeat, IconHistory, IconLayoutDashboard, IconListDetails, IconPlus, IconTemplate } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";

const items: { to: string; label: MessageKey; icon: typeof IconHistory }[] = [
  { to: "/dashboard", label: "shell.nav.dashboard", icon: IconLayoutDashboard },
  { to: "/listings", label: "shell.nav.listings", icon: IconListDetails },
  // An app-only key: the sidebar is only ever in the signed-in shell, which has them.
  { to: "/jobs", label: "jobs.nav", icon: IconFileSpreadsheet },
  { to: "/catalog", label: "catalog.nav", icon: IconHeartbeat },
  { to: "/templates", label: "shell.nav.templates", icon: IconTemplate },
  { to: "/history", label: "shell.nav.history", icon: IconHistory },
  { to: "/favorites", label: "shell.nav.favorites", icon: IconHeart },
];

/** The sidebar's links; the current route is highlighted and announced as the current page. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((item) => {
        const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
        const link = (
          <NavLink
            component={Link}
            to={item.to}
            label={t(item.label)}
            leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
            active={active}
            aria-current={active ? "page" : undefined}
            onClick={onNavigate}
            style={{ borderRadius: "var(--mantine-radius-md)", flex: 1 }}
          />
        );
        return (
          <li key={item.to}>
            {item.to === "/history" ? (
              <Group gap={4} wrap="nowrap">
                {link}
                <Tooltip label={t("shell.nav.newGeneration")} withArrow>
                  <ActionIcon component={Link} to="/templates" variant="subtle" size="lg" aria-label={t("shell.nav.newGeneration")} onClick={onNavigate}>
                    <IconPlus size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : (
              link
            )}
          </li>
        );
      })}
    </Stack>
  );
}
