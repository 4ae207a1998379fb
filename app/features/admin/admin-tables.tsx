import { Anchor, Badge, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { jobName } from "#app/features/fixes/fix-job-name.ts";
import { planLabel } from "#app/components/shell/plan-label.ts";
import { useI18n } from "#app/i18n/context.tsx";
import type { MessageKey, Translate } from "#app/i18n/i18n.ts";
import { intlTag } from "#app/lib/intl.ts";
import { getPlan, isPlanId } from "#app/lib/plans.ts";
import type { AdminWorkspace, AuditEntry, FailedGeneration, FailedJobRow } from "./admin.server.ts";
import cardTable from "#app/components/card-table.module.css";
import classes from "./admin.module.css";

/** Numbers and dates in the page's language and the operator's time zone. */
export function useAdminFormat(timeZone: string) {
  const { locale } = useI18n();
  const tag = intlTag(locale);
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone });
  return { number: (n: number) => n.toLocaleString(tag), date: (iso: string) => dateTime.format(new Date(iso)) };
}

type Format = ReturnType<typeof useAdminFormat>;

interface Column<T> {
  label: MessageKey;
  cell: (row: T) => ReactNode;
  nowrap?: boolean;
}

/** A table that becomes one card per row on a phone (app/components/card-table.module.css); `caption` names it for screen readers. */
function AdminTable<T extends { id: string }>({ caption, rows, columns, testId }: { caption: string; rows: T[]; columns: Column<T>[]; testId: string }) {
  const { t } = useI18n();
  return (
    <Table className={cardTable.cardTable} verticalSpacing="sm" data-testid={testId} aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label} scope="col">
              {t(column.label)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            {columns.map((column) => (
              <Table.Td key={column.label} data-label={t(column.label)} data-nowrap={column.nowrap || undefined}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function WorkspacesTable({ workspaces, format, manageHref }: { workspaces: AdminWorkspace[]; format: Format; manageHref: (id: string) => string }) {
  const { t } = useI18n();
  if (workspaces.length === 0) return <EmptyState title={t("admin.workspaces.emptyTitle")}>{t("admin.workspaces.emptyBody")}</EmptyState>;
  return (
    <AdminTable
      caption={t("admin.workspaces.title")}
      testId="admin-workspaces"
      rows={workspaces}
      columns={[
        {
          label: "admin.workspaces.workspace",
          cell: (w) => (
            <div>
              <Text size="sm" fw={600}>
                {w.name}
              </Text>
              <Text size="xs" c="dimmed">
                {w.ownerEmail ?? t("admin.workspaces.noOwner")} · {t("admin.workspaces.members", { count: w.members })}
              </Text>
            </div>
          ),
        },
        { label: "admin.workspaces.plan", cell: (w) => planLabel(w.plan, t), nowrap: true },
        {
          label: "admin.workspaces.wordsUsed",
          cell: (w) => t("admin.workspaces.wordsUsedValue", { used: format.number(w.wordsUsed), available: format.number(w.wordsAvailable) }),
        },
        { label: "admin.workspaces.lastActivity", cell: (w) => (w.lastActivity ? format.date(w.lastActivity) : t("admin.workspaces.noActivity")) },
        {
          label: "admin.workspaces.actions",
          nowrap: true,
          cell: (w) => (
            <Anchor component={Link} to={manageHref(w.id)} size="sm" aria-label={t("admin.workspaces.manageNamed", { workspace: w.name })}>
              {t("admin.workspaces.manage")}
            </Anchor>
          ),
        },
      ]}
    />
  );
}

function auditWhat(entry: AuditEntry, t: Translate, format: Format): string {
  if (entry.action === "grantWords") return t("admin.audit.grantWords", { words: format.number(Number(entry.params.words ?? 0)) });
  const plan = String(entry.params.plan ?? "");
  const period = entry.params.period === "yearly" ? t("pricing.period.yearly") : t("pricing.period.monthly");
  if (!isPlanId(plan)) return t("admin.audit.endPlan");
  return t("admin.audit.setPlan", { plan: t(getPlan(plan).name), period });
}

export function AuditTable({ entries, format }: { entries: AuditEntry[]; format: Format }) {
  const { t } = useI18n();
  if (entries.length === 0) return <Text size="sm" c="dimmed">{t("admin.audit.empty")}</Text>;
  return (
    <AdminTable
      caption={t("admin.audit.title")}
      testId="admin-audit"
      rows={entries}
      columns={[
        { label: "admin.column.when", cell: (e) => format.date(e.createdAt), nowrap: true },
        {
          label: "admin.audit.who",
          cell: (e) =>
            e.actorKind === "cli" ? (
              <Badge variant="light" color="gray">
                {t("admin.audit.commandLine")}
              </Badge>
            ) : (
              e.actorEmail
            ),
        },
        { label: "admin.audit.what", cell: (e) => auditWhat(e, t, format) },
        { label: "admin.workspaces.workspace", cell: (e) => e.workspaceName },
      ]}
    />
  );
}

export function FailedGenerationsTable({ generations, format }: { generations: FailedGeneration[]; format: Format }) {
  const { t } = useI18n();
  if (generations.length === 0) return <Text size="sm" c="dimmed">{t("admin.failures.noGenerations")}</Text>;
  return (
    <AdminTable
      caption={t("admin.failures.generationsTitle")}
      testId="admin-failed-generations"
      rows={generations}
      columns={[
        { label: "admin.column.when", cell: (g) => format.date(g.createdAt), nowrap: true },
        {
          label: "admin.workspaces.workspace",
          cell: (g) => (
            <div>
              <Text size="sm">{g.workspaceName ?? g.workspaceId}</Text>
              {g.userEmail ? (
                <Text size="xs" c="dimmed">
                  {g.userEmail}
                </Text>
              ) : null}
            </div>
          ),
        },
        { label: "admin.failures.template", cell: (g) => `${g.templateId} · ${g.provider}/${g.model}` },
        {
          label: "admin.failures.error",
          cell: (g) => (
            <div>
              <Text className={classes.error}>{g.error ?? t("admin.failures.noMessage")}</Text>
              {g.requestId ? (
                <Text size="xs" c="dimmed">
                  {t("admin.failures.requestId", { requestId: g.requestId })}
                </Text>
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}

export function FailedJobRowsTable({ rows, format }: { rows: FailedJobRow[]; format: Format }) {
  const { t } = useI18n();
  if (rows.length === 0) return <Text size="sm" c="dimmed">{t("admin.failures.noJobRows")}</Text>;
  return (
    <AdminTable
      caption={t("admin.failures.jobsTitle")}
      testId="admin-failed-jobs"
      rows={rows}
      columns={[
        { label: "admin.column.when", cell: (r) => (r.finishedAt ? format.date(r.finishedAt) : "—"), nowrap: true },
        { label: "admin.workspaces.workspace", cell: (r) => r.workspaceName ?? r.workspaceId },
        { label: "admin.failures.job", cell: (r) => t("admin.failures.jobRow", { file: jobName(r, t), row: r.rowNumber }) },
        { label: "admin.failures.error", cell: (r) => <Text className={classes.error}>{r.error ?? t("admin.failures.noMessage")}</Text> },
      ]}
    />
  );
}
