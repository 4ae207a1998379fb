import { Anchor, Button, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useEffectEvent } from "react";
import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { fieldErrorsOf } from "#app/components/form/form-errors.ts";
import { readForm } from "#app/components/form/form-data.server.ts";
import { SectionCard } from "#app/components/section-card.tsx";
import { StatusPage } from "#app/components/status-page.tsx";
import { planLabel } from "#app/components/shell/plan-label.ts";
import { GrantWordsForm, SetPlanForm, type AdminActionResult } from "#app/features/admin/admin-forms.tsx";
import { failuresShown, getAdminWorkspace, listAdminWorkspaces, listAuditEntries, listFailedGenerations, listFailedJobRows, requireAdmin } from "#app/features/admin/admin.server.ts";
import { AuditTable, FailedGenerationsTable, FailedJobRowsTable, useAdminFormat, WorkspacesTable } from "#app/features/admin/admin-tables.tsx";
import { adminQuerySchema, grantWordsSchema, setPlanSchema } from "#app/features/admin/schemas.ts";
import { OperatorError, grantWords, setPlan, type OperatorActor } from "#app/features/admin/operator.server.ts";
import { metaTranslator } from "#app/lib/page-meta.ts";
import { timeZoneFromCookies } from "#app/features/time-zone/time-zone.ts";
import { I18nExtension, useI18n } from "#app/i18n/context.tsx";
import { ensureCatalog } from "#app/i18n/catalog-files.ts";
import { getAppCatalog } from "#app/i18n/locale.server.ts";
import { getPlan, isPlanId } from "#app/lib/plans.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/admin";
import { actionFailure } from "#app/lib/action-failure.ts";
import type { ApiErrorCode } from "#app/lib/errors.ts";

// The operator page (docs/decisions/026-operator-page.md): outside the signed-in layout, since an operator
// looks across workspaces, not into their own. Anyone but a verified admin gets the ordinary 404 page.
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaTranslator(matches);
  // Without loader data the page is the 404 (ErrorBoundary below): titled as any unknown address is.
  return [{ title: loaderData ? t("admin.meta") : `${t("status.notFound.title")} · Sellscribe` }, { name: "robots", content: "noindex" }];
};

/** The 404 (or another failure) as a whole page: a main landmark and a title, as the public 404 has. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main">
      <StatusPage status={status} />
    </main>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin({ context });
  const { db, config } = getServices();
  const url = new URL(request.url);
  const query = adminQuerySchema.parse(Object.fromEntries(url.searchParams));
  const [workspaces, managed, audit, failedGenerations, failedJobRows] = await Promise.all([
    listAdminWorkspaces({ db, config, search: query.q, cursor: query.cursor }),
    query.workspace ? getAdminWorkspace({ db, config, workspaceId: query.workspace }) : null,
    listAuditEntries({ db }),
    listFailedGenerations({ db }),
    listFailedJobRows({ db }),
  ]);
  return {
    admin: { email: admin.email },
    query,
    workspaces,
    managed,
    audit,
    failedGenerations,
    failedJobRows,
    failuresShown,
    timeZone: timeZoneFromCookies(request.headers.get("cookie")) ?? "UTC",
    catalog: getAppCatalog(request),
  };
}

/** A client-side navigation into this part of the app first loads the app-only catalog's file (once). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await ensureCatalog(data.catalog);
  return data;
}

const refusals: Record<OperatorError["code"], { code: ApiErrorCode; field?: "words" | "plan" | "period" }> = {
  usage: { code: "BAD_REQUEST" },
  noTables: { code: "INTERNAL" },
  words: { code: "INVALID_INPUTS", field: "words" },
  plan: { code: "INVALID_INPUTS", field: "plan" },
  period: { code: "INVALID_INPUTS", field: "period" },
  unknownUser: { code: "NOT_FOUND" },
  unknownWorkspace: { code: "NOT_FOUND" },
  paysThroughStripe: { code: "CONFLICT", field: "plan" },
};

/** Named intents, each one operator action (the same function as the command line's); anything else is a 400. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ context });
  const { db, config } = getServices();
  const form = await readForm(request);
  const actor: OperatorActor = { kind: "admin", userId: admin.id, email: admin.email };
  const intent = form.intent;
  if (intent !== "grantWords" && intent !== "setPlan") return actionFailure<AdminActionResult>("BAD_REQUEST", { formError: "form.malformed" });
  const parsed = (intent === "grantWords" ? grantWordsSchema : setPlanSchema).safeParse(form);
  if (!parsed.success) return actionFailure<AdminActionResult>("INVALID_INPUTS", { intent, fieldErrors: fieldErrorsOf(parsed.error), formError: "form.hasErrors" });
  try {
    if (parsed.data.intent === "grantWords") {
      const { words, workspaceId } = parsed.data;
      const { workspace, balance } = await grantWords({ db, config, actor, target: { workspaceId }, words: String(words) });
      return data<AdminActionResult>({ intent, saved: "admin.notice.granted", savedParams: { words, workspace: workspace.name, available: balance.available } });
    }
    const { plan, period, workspaceId } = parsed.data;
    const { workspace } = await setPlan({ db, config, actor, target: { workspaceId }, plan, period });
    return data<AdminActionResult>({ intent, saved: "admin.notice.planSet", savedParams: { workspace: workspace.name, plan } });
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    const refusal = refusals[error.code];
    const message = `admin.error.${error.code}`;
    return actionFailure<AdminActionResult>(refusal.code, { intent, formError: message, formErrorParams: error.params, fieldErrors: refusal.field ? { [refusal.field]: message } : undefined });
  }
}

/** The page's address with some of its query changed (search, page, workspace being managed). */
function hrefWith(query: { q: string; cursor?: string; workspace?: string }, change: Partial<Record<"q" | "cursor" | "workspace", string | undefined>>) {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.cursor) params.set("cursor", next.cursor);
  if (next.workspace) params.set("workspace", next.workspace);
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

export default function AdminRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <I18nExtension catalog={loaderData.catalog}>
      <AdminPage loaderData={loaderData} actionData={actionData as AdminActionResult | undefined} />
    </I18nExtension>
  );
}

function AdminPage({ loaderData, actionData }: { loaderData: Route.ComponentProps["loaderData"]; actionData: AdminActionResult | undefined }) {
  const { t } = useI18n();
  const format = useAdminFormat(loaderData.timeZone);
  const { query, workspaces, managed } = loaderData;

  // A toast once per answer, in the words and number format of the moment it arrives.
  const announceSaved = useEffectEvent((answer: AdminActionResult) => {
    if (!answer.saved) return;
    const params = { ...answer.savedParams };
    if (typeof params.words === "number") params.words = format.number(params.words);
    if (typeof params.available === "number") params.available = format.number(params.available);
    if (typeof params.plan === "string") params.plan = isPlanId(params.plan) ? t(getPlan(params.plan).name) : t("admin.plan.none");
    notifications.show({ color: "green", message: t(answer.saved, params) });
  });
  useEffect(() => {
    if (actionData) announceSaved(actionData);
  }, [actionData]);

  const managedPlan = managed ? (managed.plan.kind === "paid" ? managed.plan.planId : managed.plan.kind === "none" || managed.plan.kind === "trialEnded" ? "none" : "starter") : "starter";
  const managedPeriod = managed?.plan.kind === "paid" ? managed.plan.period : "monthly";

  return (
    <Container size="xl" py="lg" px={{ base: "sm", sm: "lg" }}>
      <a href="#main" className="skip-link">
        {t("nav.skipToContent")}
      </a>
      <Stack gap="lg" component="main" id="main">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>{t("admin.title")}</Title>
            <Text size="sm" c="dimmed">
              {t("admin.signedInAs", { email: loaderData.admin.email })}
            </Text>
          </div>
          <Anchor component={Link} to="/dashboard" size="sm">
            {t("admin.backToApp")}
          </Anchor>
        </Group>

        {query.workspace ? (
          managed ? (
            <SectionCard titleId="manage-title" title={t("admin.manage.title", { workspace: managed.name })} data-testid="admin-manage">
              <Text size="sm" mb="md" data-testid="admin-manage-summary">
                {t("admin.manage.summary", {
                  owner: managed.ownerEmail ?? t("admin.workspaces.noOwner"),
                  plan: planLabel(managed.plan, t),
                  used: format.number(managed.wordsUsed),
                  available: format.number(managed.wordsAvailable),
                })}
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
                {/* A new balance (after a grant) starts an empty form. */}
                <GrantWordsForm key={`grant-${managed.id}-${managed.wordsAvailable}`} workspaceId={managed.id} result={actionData} />
                <SetPlanForm key={`plan-${managed.id}`} workspaceId={managed.id} current={{ plan: managedPlan, period: managedPeriod }} result={actionData} />
              </SimpleGrid>
              <Anchor component={Link} to={hrefWith(query, { workspace: undefined })} size="sm" mt="md" display="inline-block">
                {t("admin.manage.close")}
              </Anchor>
            </SectionCard>
          ) : (
            <Text c="red" size="sm" role="alert">
              {t("admin.error.unknownWorkspace")}
            </Text>
          )
        ) : null}

        <SectionCard titleId="workspaces-title" title={t("admin.workspaces.title")}>
          <Form method="get" role="search" aria-label={t("admin.workspaces.search")}>
            <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
              <TextInput name="q" defaultValue={query.q} label={t("admin.workspaces.search")} placeholder={t("admin.workspaces.searchPlaceholder")} style={{ flex: "1 1 16rem" }} maxLength={200} />
              <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
                {t("admin.workspaces.searchSubmit")}
              </Button>
            </Group>
          </Form>
          <WorkspacesTable workspaces={workspaces.items} format={format} manageHref={(id) => hrefWith(query, { workspace: id })} />
          {query.cursor || workspaces.nextCursor ? (
            <Group gap="md" mt="md">
              {query.cursor ? (
                <Anchor component={Link} to={hrefWith(query, { cursor: undefined, workspace: undefined })} size="sm">
                  {t("admin.workspaces.firstPage")}
                </Anchor>
              ) : null}
              {workspaces.nextCursor ? (
                <Anchor component={Link} to={hrefWith(query, { cursor: workspaces.nextCursor, workspace: undefined })} size="sm">
                  {t("admin.workspaces.nextPage")}
                </Anchor>
              ) : null}
            </Group>
          ) : null}
        </SectionCard>

        <SectionCard titleId="audit-title" title={t("admin.audit.title")}>
          <AuditTable entries={loaderData.audit} format={format} />
        </SectionCard>

        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <SectionCard titleId="failed-generations-title" title={t("admin.failures.generationsTitle")}>
            <FailedGenerationsTable generations={loaderData.failedGenerations} format={format} />
          </SectionCard>
          <SectionCard titleId="failed-jobs-title" title={t("admin.failures.jobsTitle")}>
            <FailedJobRowsTable rows={loaderData.failedJobRows} format={format} />
          </SectionCard>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t("admin.failures.limit", { count: loaderData.failuresShown })}
        </Text>
      </Stack>
    </Container>
  );
}
