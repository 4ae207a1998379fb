import { Anchor, Box, Button, Container, Group } from "@mantine/core";
import { Form, Link, Outlet } from "react-router";
import { Logo } from "~/components/logo.tsx";
import { requireUser } from "~/features/auth/session.server.ts";
import { useI18n } from "~/i18n/context.tsx";
import type { Route } from "./+types/layout";

// Every page under this layout is for signed-in users only; guests go to /sign-in and come back.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  return { user };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <Box mih="100vh">
      <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Container size="lg">
          <Group justify="space-between">
            <Anchor component={Link} to="/dashboard" underline="never" aria-label="Sellscribe">
              <Logo />
            </Anchor>
            <Group gap="sm">
              <Anchor component={Link} to="/settings/personal" size="sm">
                {loaderData.user.firstName} {loaderData.user.lastName}
              </Anchor>
              <Form method="post" action="/sign-out" reloadDocument>
                <Button type="submit" variant="default" size="xs">
                  {t("auth.signOut")}
                </Button>
              </Form>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main" id="main">
        <Outlet />
      </Container>
    </Box>
  );
}
