import { Anchor, Box, Burger, Button, CloseButton, Container, Group, Stack } from "@mantine/core";
import { Link, NavLink } from "react-router";
import { Logo } from "#app/components/logo.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import classes from "./site-header.module.css";

const links: { to: string; label: MessageKey }[] = [
  { to: "/", label: "nav.home" },
  { to: "/pricing", label: "nav.pricing" },
  { to: "/about", label: "nav.about" },
];

const menuId = "site-menu";

/** The public pages' links, in the top bar and in the phone menu alike. */
function PageLinks() {
  const { t } = useI18n();
  return links.map((link) => (
    <NavLink key={link.to} to={link.to} end className={classes.link}>
      {t(link.label)}
    </NavLink>
  ));
}

/** Log in and sign up; the log-in button is quieter in the top bar than in the phone menu. */
function AccountLinks({ logInVariant }: { logInVariant: "subtle" | "default" }) {
  const { t } = useI18n();
  return (
    <>
      <Button component={Link} to="/sign-in" variant={logInVariant}>
        {t("nav.logIn")}
      </Button>
      <Button component={Link} to="/sign-up">
        {t("nav.signUp")}
      </Button>
    </>
  );
}

/**
 * The public site's top bar. On a phone the burger opens a full-screen menu, a popover: the browser opens
 * and closes it (Escape too) and keeps it in the tab order after the burger, with no JavaScript (the
 * public pages are not hydrated, docs/decisions/022). Its links load their page, which closes it.
 */
export function SiteHeader() {
  const { t } = useI18n();
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label={t("nav.homeAria")}>
            <Logo />
          </Anchor>
          <Group component="nav" aria-label={t("nav.main")} gap="lg" visibleFrom="sm">
            <PageLinks />
          </Group>
          <Group gap="sm" visibleFrom="sm">
            <AccountLinks logInVariant="subtle" />
          </Group>
          <Burger opened={false} popoverTarget={menuId} hiddenFrom="sm" aria-label={t("nav.openMenu")} />
        </Group>
      </Container>
      <div id={menuId} popover="auto" role="dialog" aria-labelledby={`${menuId}-title`} className={classes.menu}>
        <Group justify="space-between" wrap="nowrap" mb="md">
          <div id={`${menuId}-title`}>
            <Logo />
          </div>
          <CloseButton popoverTarget={menuId} popoverTargetAction="hide" size="lg" aria-label={t("nav.closeMenu")} />
        </Group>
        <Stack component="nav" aria-label={t("nav.main")} gap="md">
          <PageLinks />
          <AccountLinks logInVariant="default" />
        </Stack>
      </div>
    </Box>
  );
}
