import { Anchor, AppShell, Box, Burger, Button, Drawer, Group, ScrollArea, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell, IconCrown } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { Logo } from "#app/components/logo.tsx";
import type { WorkspaceBilling } from "#app/features/billing/credits.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { NavLinks } from "./nav-links.tsx";
import { planLabel } from "./plan-label.ts";
import { SidePanel } from "./side-panel.tsx";
import { UserMenu } from "./user-menu.tsx";

export interface ShellUser {
  firstName: string;
  lastName: string;
  email: string;
}

interface SignedInShellProps {
  user: ShellUser;
  billing: WorkspaceBilling;
  children: ReactNode;
}

/** A thin bar under the top edge while the next page loads (a client navigation or a form answer). */
function NavigationProgress() {
  const { t } = useI18n();
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className="navigation-progress" role="progressbar" aria-label={t("shell.loading")} aria-busy="true" />;
}

function Sidebar({ user, onNavigate }: { user: ShellUser; onNavigate?: () => void }) {
  const { t } = useI18n();
  return (
    <>
      <AppShell.Section p="md">
        <Anchor component={Link} to="/dashboard" underline="never" aria-label={t("shell.homeAria")} onClick={onNavigate}>
          <Logo />
        </Anchor>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm">
        <nav aria-label={t("shell.nav.label")}>
          <NavLinks onNavigate={onNavigate} />
        </nav>
      </AppShell.Section>
      <AppShell.Section p="sm" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
        <UserMenu {...user} onNavigate={onNavigate} />
      </AppShell.Section>
    </>
  );
}

/**
 * The signed-in frame: a sidebar one sixth wide on desktop (a drawer under 768 px), a fixed top bar
 * with the plan and the usage panel, and the page.
 */
export function SignedInShell({ user, billing, children }: SignedInShellProps) {
  const { t } = useI18n();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [panelOpened, panel] = useDisclosure(false);
  const { pathname } = useLocation();
  // A navigation closes the mobile drawer (links inside it close it too; this covers back/forward).
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    drawer.close();
  }

  return (
    <AppShell layout="alt" header={{ height: 60 }} navbar={{ width: { sm: 220, lg: "16.6667vw" }, breakpoint: "sm", collapsed: { mobile: true } }} padding="lg">
      <Anchor href="#main" className="skip-link">
        {t("nav.skipToContent")}
      </Anchor>
      <NavigationProgress />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" hiddenFrom="sm" wrap="nowrap">
            <Burger opened={drawerOpened} onClick={drawer.toggle} size="sm" aria-label={t("shell.openNav")} aria-expanded={drawerOpened} />
            <Anchor component={Link} to="/dashboard" underline="never" aria-label={t("shell.homeAria")}>
              <Logo compact />
            </Anchor>
          </Group>
          <Box visibleFrom="sm" />
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {/* A long plan label (German, French) is cut with an ellipsis on a phone rather than pushing the bell off screen.
                The label keeps its whole line box: Mantine trims it to the capitals (text-box-trim), and with the overflow
                hidden that the ellipsis needs, that cut the descenders off ("Tage", "days"). */}
            <Button
              component={Link}
              to="/settings/billing"
              variant="light"
              leftSection={<IconCrown size={16} aria-hidden />}
              size="sm"
              px={{ base: "xs", xs: "md" }}
              title={planLabel(billing.plan, t)}
              style={{ minWidth: 0, flexShrink: 1 }}
              styles={{ inner: { minWidth: 0 }, label: { overflow: "hidden", textOverflow: "ellipsis", display: "block", height: "auto", lineHeight: 1.5, minWidth: 0, textBoxTrim: "none" } }}
            >
              {planLabel(billing.plan, t)}
            </Button>
            <Tooltip label={t("shell.panel.open")} withArrow>
              <Button variant="default" size="sm" px="xs" onClick={panel.open} aria-label={t("shell.panel.open")} aria-haspopup="dialog">
                <IconBell size={18} aria-hidden />
              </Button>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label={t("shell.sidebar")} visibleFrom="sm">
        <Sidebar user={user} />
      </AppShell.Navbar>
      {/* Mounted only while open, so a closed drawer leaves nothing in the page for assistive technology. */}
      {drawerOpened ? (
        <Drawer
          opened
          onClose={drawer.close}
          size={280}
          padding={0}
          withCloseButton={false}
          hiddenFrom="sm"
          title={t("shell.sidebar")}
          styles={{ header: { display: "none" } }}
        >
          <Box h="100dvh" style={{ display: "flex", flexDirection: "column" }}>
            <Sidebar user={user} onNavigate={drawer.close} />
          </Box>
        </Drawer>
      ) : null}
      <SidePanel opened={panelOpened} onClose={panel.close} billing={billing} />
      <AppShell.Main id="main">{children}</AppShell.Main>
    </AppShell>
  );
}
