// The burger's drawer, loaded the first time someone opens it (see site-header.tsx), with its styles.
import "./mobile-menu.css";
import { Button, Drawer, Stack } from "@mantine/core";
import { Link, NavLink } from "react-router";
import { Logo } from "#app/components/logo.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey } from "#app/i18n/i18n.ts";
import classes from "./site-header.module.css";

export default function MobileMenu({ opened, onClose, links }: { opened: boolean; onClose: () => void; links: { to: string; label: MessageKey }[] }) {
  const { t } = useI18n();
  return (
    <Drawer opened={opened} onClose={onClose} size="100%" hiddenFrom="sm" title={<Logo />} closeButtonProps={{ "aria-label": t("nav.closeMenu") }}>
      <Stack component="nav" aria-label={t("nav.main")} gap="md">
        {links.map((link) => (
          <NavLink key={link.to} to={link.to} end className={classes.link} onClick={onClose}>
            {t(link.label)}
          </NavLink>
        ))}
        <Button component={Link} to="/sign-in" variant="default" onClick={onClose}>
          {t("nav.logIn")}
        </Button>
        <Button component={Link} to="/sign-up" onClick={onClose}>
          {t("nav.signUp")}
        </Button>
      </Stack>
    </Drawer>
  );
}
