import { ActionIcon, Card, Chip, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPin, IconPinFilled } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { z } from "zod";
import { readForm } from "#app/components/form/form-data.server.ts";
import { requireUser } from "#app/features/auth/session.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { listPinnedTemplateIds, setTemplatePinned } from "#app/templates/pins.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { categoryLabels, getTemplateById, templatePath, templates } from "#app/templates/registry.ts";
import { templateCategories, type TemplateCategory, type TemplateDefinition } from "#app/templates/types.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/templates";
import { actionFailure } from "#app/lib/action-failure.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "templates.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  return { pinnedIds: await listPinnedTemplateIds({ db: getServices().db, userId: user.id }) };
}

const pinSchema = z.object({
  templateId: z.string().refine((id) => getTemplateById(id) !== undefined),
  pinned: z.enum(["true", "false"]),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser({ request, context });
  const parsed = pinSchema.safeParse(await readForm(request));
  if (!parsed.success) return actionFailure("INVALID_INPUTS", { formError: "templates.pinFailed" });
  await setTemplatePinned({ db: getServices().db, userId: user.id, templateId: parsed.data.templateId, pinned: parsed.data.pinned === "true" });
  return { ok: true as const };
}

function PinToggle({ template, pinned }: { template: TemplateDefinition; pinned: boolean }) {
  const { t, locale } = useI18n();
  const fetcher = useFetcher<typeof action>();
  // Shows the new state at once; if saving fails the loader's state comes back and a toast says so.
  const shown = fetcher.formData ? fetcher.formData.get("pinned") === "true" : pinned;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) notifications.show({ color: "red", message: t("templates.pinFailed") });
  }, [fetcher.state, fetcher.data, t]);
  const label = t(shown ? "templates.unpin" : "templates.pin", { name: template.name[locale] });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="templateId" value={template.id} />
      <input type="hidden" name="pinned" value={String(!shown)} />
      <Tooltip label={label} withArrow>
        <ActionIcon type="submit" variant={shown ? "light" : "subtle"} color={shown ? "brand" : "gray"} aria-label={label} aria-pressed={shown} size="lg">
          {shown ? <IconPinFilled size={18} aria-hidden /> : <IconPin size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </fetcher.Form>
  );
}

function isCategory(value: string | null): value is TemplateCategory {
  return value !== null && (templateCategories as readonly string[]).includes(value);
}

export default function Templates({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("category");
  const category = isCategory(requested) ? requested : "all";
  const used = templateCategories.filter((c) => templates.some((tpl) => tpl.category === c));
  const shown = category === "all" ? templates : templates.filter((tpl) => tpl.category === category);
  const pinned = new Set(loaderData.pinnedIds);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t("templates.title")}</Title>
        <Text c="dimmed">{t("templates.subtitle")}</Text>
      </Stack>
      <Chip.Group
        value={category}
        onChange={(value) => setSearchParams(value === "all" ? {} : { category: String(value) }, { replace: true, preventScrollReset: true })}
      >
        <Group gap="xs" role="radiogroup" aria-label={t("templates.filter")}>
          <Chip value="all">{t("templates.all")}</Chip>
          {used.map((c) => (
            <Chip key={c} value={c}>
              {categoryLabels[c][locale]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {shown.map((template) => (
          <Card key={template.id} withBorder padding="lg" radius="md" className="link-card" pos="relative">
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
              <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
                <template.icon size={24} />
              </ThemeIcon>
              <PinToggle template={template} pinned={pinned.has(template.id)} />
            </Group>
            <Text component={Link} to={templatePath(template)} fw={700} className="stretched-link" style={{ color: "inherit", textDecoration: "none" }}>
              {template.name[locale]}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {template.description[locale]}
            </Text>
            <Text size="xs" c="dimmed" mt="sm">
              {categoryLabels[template.category][locale]}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
