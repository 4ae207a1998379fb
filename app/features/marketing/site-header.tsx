import { Anchor, Box, Burger, Button, Container, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "react-router";
import { Logo } from "#app/components/logo.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import classes from "./site-header.module.css";

// The drawer (and its modal, focus-trap and scroll-lock code) loads when the burger is first pressed.
const MobileMenu = lazy(() => import("./mobile-menu.tsx"));

const links: { to: string; label: MessageKey }[] = [
  { to: "/", label: "nav.home" },
  { to: "/pricing", label: "nav.pricing" },
  { to: "/about", label: "nav.about" },
];

export function SiteHeader() {
  const { t } = useI18n();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  if (opened && !menuWanted) setMenuWanted(true);
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label={t("nav.homeAria")}>
            <Logo />
          </Anchor>
          <Group component="nav" aria-label={t("nav.main")} gap="lg" visibleFrom="sm">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} end className={classes.link}>
                {t(link.label)}
              </NavLink>
            ))}
          </Group>
          <Group gap="sm" visibleFrom="sm">
            <Button component={Link} to="/sign-in" variant="subtle">
              {t("nav.logIn")}
            </Button>
            <Button component={Link} to="/sign-up">
              {t("nav.signUp")}
            </Button>
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label={t(opened ? "nav.closeMenu" : "nav.openMenu")} />
        </Group>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} links={links} />
        </Suspense>
      )}
    </Box>
  );
}
