import { Anchor, Box, Button, Center, Divider, Paper, Stack, Text, Title } from "@mantine/core";
import { IconBrandGoogle, IconKey } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Logo } from "#app/components/logo.tsx";
import { useI18n } from "#app/i18n/context.tsx";

/** The centred card every sign-in style page sits in. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main" id="main">
      <Box w="100%" maw={440}>
        <Center mb="lg">
          <Anchor component={Link} to="/" underline="never" aria-label="Sellscribe">
            <Logo />
          </Anchor>
        </Center>
        <Paper withBorder radius="lg" p={{ base: "lg", sm: "xl" }} shadow="sm">
          <Stack gap={4} mb="lg">
            <Title order={1} fz="h2">
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Paper>
        {footer && (
          <Text ta="center" mt="md" size="sm">
            {footer}
          </Text>
        )}
      </Box>
    </Center>
  );
}

/** One button per configured external provider, then an 'or' divider. */
export function ExternalSignIn({ providers, redirectTo }: { providers: { id: string; label: string }[]; redirectTo?: string }) {
  const { t } = useI18n();
  if (providers.length === 0) return null;
  return (
    <>
      <Stack gap="xs">
        {providers.map((provider) => (
          <Form key={provider.id} method="post" action="/auth/external">
            <input type="hidden" name="provider" value={provider.id} />
            {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
            <Button type="submit" variant="default" fullWidth leftSection={provider.id === "google" ? <IconBrandGoogle size={18} aria-hidden="true" /> : <IconKey size={18} aria-hidden="true" />}>
              {t("auth.continueWith", { provider: provider.label })}
            </Button>
          </Form>
        ))}
      </Stack>
      <Divider label={t("auth.or")} labelPosition="center" my="md" />
    </>
  );
}
