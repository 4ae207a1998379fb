import { Alert, Badge, Box, Button, Card, Grid, Group, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft, IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { data, Link, useLocation, useRevalidator } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { emptyValues, GeneratorForm, type FormValues } from "#app/features/generate/generator-form.tsx";
import { LiveOutputCard } from "#app/features/generate/live-output-card.tsx";
import { useGeneration } from "#app/features/generate/use-generation.ts";
import { getOutputInputsForUser, listLatestOutputs } from "#app/features/outputs/outputs.server.ts";
import { SavedOutputList } from "#app/features/generate/saved-output-list.tsx";
import { useI18n } from "#app/i18n/context.tsx";
import type { Locale } from "#app/i18n/i18n.ts";
import { getTemplateBySlug } from "#app/templates/registry.ts";
import { checkInputs } from "#app/templates/validation.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/generator";
import { SectionCard } from "#app/components/section-card.tsx";
import { getListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { languageLabel, MarketplaceSelect } from "#app/features/marketplaces/marketplace-select.tsx";
import { getMarketplace, offlineLanguages } from "#app/features/marketplaces/registry.ts";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const locale = (matches[0]?.loaderData as { locale?: Locale } | undefined)?.locale ?? "en";
  const template = loaderData ? getTemplateBySlug(loaderData.slug) : undefined;
  return [{ title: template ? `${template.title[locale]} · Sellscribe` : "Sellscribe" }];
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const template = getTemplateBySlug(params.slug);
  if (!template) throw data(null, { status: 404 });
  const { db, config } = getServices();
  const history = await listLatestOutputs({ db, userId: user.id, templateId: template.id, limit: 24 });
  // "Use these inputs again": ?from=<outputId> prefills the form with that output's inputs (the user's own only).
  const from = new URL(request.url).searchParams.get("from");
  const previous = from ? await getOutputInputsForUser({ db, userId: user.id, outputId: from }) : null;
  const prefill = previous && previous.templateId === template.id ? previous.inputs : null;
  const { marketplaces: stores } = await getListingSettings({ db, workspaceId: membership.workspaceId });
  return { slug: template.slug, history, offline: config.ai.offline, prefill, stores, now: Date.now() };
}

/** Another template, or "Use these inputs again", starts a fresh page (form, outputs) rather than reusing this one's state. */
export default function Generator({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const from = new URLSearchParams(search).get("from") ?? "";
  return <GeneratorPage key={`${loaderData.slug}:${from}`} loaderData={loaderData} />;
}

function GeneratorPage({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { t, locale } = useI18n();
  const template = getTemplateBySlug(loaderData.slug)!;
  const [values, setValues] = useState<FormValues>(() => ({ ...emptyValues(template), ...loaderData.prefill }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [marketplace, setMarketplace] = useState(loaderData.stores[0] ?? "amazon.com");
  const [tab, setTab] = useState<string | null>("new");
  // Out of words: the refusal stays on the page with the way to more words (not only in a toast).
  const [noCredits, setNoCredits] = useState<string | null>(null);
  const generation = useGeneration();
  const revalidator = useRevalidator();

  const onChange = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  };

  const onSubmit = () => {
    const checked = checkInputs(template, values);
    if (!checked.ok) {
      setErrors(Object.fromEntries(Object.entries(checked.fieldErrors).map(([field, problem]) => [field, t(problem.key, problem.params)])));
      notifications.show({ color: "red", message: t("form.hasErrors") });
      return;
    }
    setErrors({});
    setNoCredits(null);
    setTab("new");
    const toastId = notifications.show({ loading: true, message: t("generator.generating"), autoClose: false, withCloseButton: false });
    void generation.start({
      templateId: template.id,
      inputs: values,
      marketplace,
      interruptedMessage: t("generation.error.interrupted"),
      onFinish: (result) => {
        notifications.hide(toastId);
        // History reloads whenever new outputs arrive (seed §4).
        if (result.ok) {
          void revalidator.revalidate();
          notifications.show({ color: "green", message: t("generator.saved", { count: result.outputs.length }) });
          return;
        }
        const { problem } = result;
        if (problem.kind === "cancelled") notifications.show({ color: "blue", message: t("generation.error.cancelled") });
        else if (problem.kind === "fields") {
          setErrors(problem.fieldErrors);
          notifications.show({ color: "red", message: problem.message });
        } else if (problem.code === "NO_CREDITS") {
          setNoCredits(problem.message);
        } else {
          const reference = problem.requestId ? ` ${t("generation.requestId", { requestId: problem.requestId })}` : "";
          notifications.show({ color: "red", message: `${problem.message}${reference}`, autoClose: 10_000 });
        }
      },
    });
  };

  const onReset = () => {
    setValues(emptyValues(template));
    setErrors({});
  };

  const offline = generation.offline ?? loaderData.offline;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: "1 1 320px" }}>
          <Title order={1}>{template.title[locale]}</Title>
          <Text c="dimmed">{template.description[locale]}</Text>
        </Stack>
        <Button component={Link} to="/templates" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {t("generator.templates")}
        </Button>
      </Group>
      {offline ? (
        <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden />} title={t("generation.offline.notice")}>
          {t("generator.offlineBody")}
        </Alert>
      ) : null}
      {noCredits ? (
        <Alert variant="light" color="red" icon={<IconInfoCircle aria-hidden />} title={t("generator.noCredits.title")} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{noCredits}</Text>
            <Button component={Link} to="/pricing" size="xs">
              {t("generator.noCredits.action")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SectionCard titleId="generator-form-title" title={t("generator.formTitle")}>
            <Box mb="md">
              <MarketplaceSelect value={marketplace} stores={loaderData.stores} onChange={setMarketplace} error={errors.marketplace} />
              {loaderData.offline && !offlineLanguages.has(getMarketplace(marketplace)?.language ?? "en") ? (
                <Alert color="yellow" variant="light" mt="xs" role="status">
                  {t("listings.offlineEnglish", { language: languageLabel(getMarketplace(marketplace)?.language ?? "en", locale) })}
                </Alert>
              ) : null}
            </Box>
            <GeneratorForm
              template={template}
              values={values}
              errors={errors}
              running={generation.running}
              onChange={onChange}
              onSubmit={onSubmit}
              onReset={onReset}
              onStop={generation.stop}
            />
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg" component="section" aria-label={t("generator.results")}>
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="new" rightSection={generation.outputs.length > 0 ? <Badge size="sm" variant="light">{generation.outputs.length}</Badge> : null}>
                  {t("generator.tab.new")}
                </Tabs.Tab>
                <Tabs.Tab value="history">{t("generator.tab.history")}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="new">
                <Stack gap="md">
                  {generation.waiting ? (
                    <Group gap="sm" role="status" aria-live="polite">
                      <Loader size="sm" />
                      <Text size="sm">{t("generator.generating")}</Text>
                    </Group>
                  ) : null}
                  {generation.outputs.length === 0 && !generation.running ? (
                    <EmptyState title={t("generator.empty.title")}>{t("generator.empty.body")}</EmptyState>
                  ) : null}
                  {generation.outputs.map((output) => (
                    <LiveOutputCard key={output.key} output={output} />
                  ))}
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="history">
                <SavedOutputList outputs={loaderData.history} now={loaderData.now} emptyTitle={t("generator.history.emptyTitle")} emptyBody={t("generator.history.emptyBody")} />
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
