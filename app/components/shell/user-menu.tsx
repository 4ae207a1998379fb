import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChartBar, IconCreditCard, IconLogout, IconSelector, IconSettings, IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";

interface UserMenuProps {
  firstName: string;
  lastName: string;
  email: string;
  onNavigate?: () => void;
}

/** Ends the session on the server first; only then leaves with a full reload, so no signed-in state lingers. */
async function signOut(): Promise<boolean> {
  try {
    const response = await fetch("/sign-out", { method: "POST", headers: { accept: "application/json" } });
    return response.ok;
  } catch {
    return false;
  }
}

export function UserMenu({ firstName, lastName, email, onNavigate }: UserMenuProps) {
  const { t } = useI18n();
  const [signingOut, setSigningOut] = useState(false);
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || email.charAt(0).toUpperCase();
  const onSignOut = async () => {
    setSigningOut(true);
    if (await signOut()) {
      window.location.assign("/");
      return;
    }
    setSigningOut(false);
    notifications.show({ color: "red", message: t("auth.signOutFailed") });
  };
  return (
    <Menu position="top-start" width={240} withArrow shadow="md">
      <Menu.Target>
        <UnstyledButton p="xs" w="100%" style={{ borderRadius: "var(--mantine-radius-md)" }} className="user-menu-target">
          <Group gap="sm" wrap="nowrap">
            <Avatar color="brand" variant="filled" radius="xl" size="md">
              {initials}
            </Avatar>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {firstName} {lastName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {email}
              </Text>
            </div>
            <IconSelector size={16} aria-hidden />
            <VisuallyHidden>{t("shell.userMenu.open")}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/settings/personal" leftSection={<IconSettings size={16} aria-hidden />} onClick={onNavigate}>
          {t("shell.userMenu.account")}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/billing" leftSection={<IconCreditCard size={16} aria-hidden />} onClick={onNavigate}>
          {t("shell.userMenu.billing")}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/billing#usage" leftSection={<IconChartBar size={16} aria-hidden />} onClick={onNavigate}>
          {t("shell.userMenu.usage")}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/workspace#members" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onNavigate}>
          {t("shell.userMenu.members")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut} disabled={signingOut}>
          {signingOut ? t("shell.userMenu.signingOut") : t("auth.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
