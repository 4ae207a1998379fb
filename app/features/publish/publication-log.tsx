// The listing's publication log (issue 34 item 4): every preview, publish and rollback, newest first, who and
// when, the store and SKU, Amazon's submission id and status, its issues; the whole log as a CSV download.
import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import { intlTag } from "#app/lib/intl.ts";
import { IssueList, kindLabels, StatusBadge, storeLabel } from "./publish-ui.tsx";
import type { Publication } from "./types.ts";

const firstRows = 5;

export function publicationsCsvHref(listingId: string): string {
  return `/api/listings/${encodeURIComponent(listingId)}/publications?format=csv`;
}

function LogRow({ publication }: { publication: Publication }) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const when = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "medium", timeStyle: "short" }).format(new Date(publication.createdAt));
  const who = publication.userName ? t("amazon.publish.log.by", { name: publication.userName }) : t("amazon.publish.log.byFormer");
  return (
    <Stack component="li" gap={4} py="xs" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }} data-testid="publication-row">
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {t(kindLabels[publication.kind])}
          </Text>
          <StatusBadge status={publication.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {who} · {t("amazon.publish.log.target", { store: storeLabel(publication.store), sku: publication.sku })}
        {publication.submissionId ? ` · ${t("amazon.publish.log.submission", { id: publication.submissionId })}` : ""}
      </Text>
      {publication.error ? (
        <Text size="xs" c="red.9" style={{ overflowWrap: "anywhere" }}>
          {publication.error}
        </Text>
      ) : null}
      {publication.issues.length > 0 ? (
        <>
          <Group>
            <Anchor component="button" type="button" size="xs" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
              {t(open ? "amazon.publish.log.hideIssues" : "amazon.publish.log.showIssues", { count: publication.issues.length })}
            </Anchor>
          </Group>
          {open ? <IssueList issues={publication.issues} label={t("amazon.publish.log.issuesLabel")} /> : null}
        </>
      ) : null}
    </Stack>
  );
}

export function PublicationLog({ listingId, publications }: { listingId: string; publications: readonly Publication[] }) {
  const { t } = useI18n();
  const [all, setAll] = useState(false);
  const shown = all ? publications : publications.slice(0, firstRows);
  return (
    <Stack gap="xs" component="section" aria-labelledby="publication-log">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} fz="sm" id="publication-log">
          {t("amazon.publish.log.title")}
        </Title>
        {publications.length > 0 ? (
          <Button component="a" href={publicationsCsvHref(listingId)} download size="compact-sm" variant="subtle" leftSection={<IconDownload size={14} aria-hidden />}>
            {t("amazon.publish.log.export")}
          </Button>
        ) : null}
      </Group>
      {publications.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("amazon.publish.log.empty")}
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-labelledby="publication-log">
          {shown.map((publication) => (
            <LogRow key={publication.id} publication={publication} />
          ))}
        </Stack>
      )}
      {publications.length > firstRows ? (
        <Group>
          <Anchor component="button" type="button" size="sm" onClick={() => setAll((shownAll) => !shownAll)} aria-expanded={all}>
            {all ? t("amazon.publish.log.fewer") : t("amazon.publish.log.all", { count: publications.length })}
          </Anchor>
        </Group>
      ) : null}
    </Stack>
  );
}
