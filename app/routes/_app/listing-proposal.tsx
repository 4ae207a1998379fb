import { useEffect } from "react";
import { Alert, Anchor, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { data, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { EmptyState } from "#app/components/empty-state.tsx";
import { requireMembership } from "#app/features/auth/active-workspace.server.ts";
import { findListingsToFix, fixJobOptions, latestFixOfListing, startFixJob, wordsShort } from "#app/features/fixes/fix-jobs.server.ts";
import { ProposalReview } from "#app/features/fixes/proposal-review.tsx";
import { getOpenProposal, reviewProposal } from "#app/features/fixes/proposals.server.ts";
import { getJobRunner } from "#app/features/jobs/job-runner.server.ts";
import { getListing } from "#app/features/listings/listings.server.ts";
import { getMarketplace } from "#app/features/marketplaces/registry.ts";
import { sectionNames, type SectionName } from "#app/features/rules/types.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { translate } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { actionFailure } from "#app/lib/action-failure.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/listing-proposal";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "fixes.proposal.meta");

const notices = ["accepted", "rejected", "stale"] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const { db } = getServices();
  const workspaceId = membership.workspaceId;
  const listing = await getListing({ db, workspaceId, id: params.id });
  if (!listing) throw data(null, { status: 404 });
  const [open, fix] = await Promise.all([getOpenProposal({ db, workspaceId, listingId: listing.id }), latestFixOfListing({ db, workspaceId, listingId: listing.id })]);
  // Not ?notice=: the app's layout turns that into a toast and takes it off the address.
  const notice = new URL(request.url).searchParams.get("reviewed");
  return {
    listing: { id: listing.id, brand: listing.facts.brand, productName: listing.facts.productName, marketplace: listing.marketplace },
    proposal: open ? { version: open.version, live: open.live, proposed: open.proposed, sections: open.sections, passed: open.passed } : null,
    fixing: fix?.status === "queued" || fix?.status === "running",
    failed: fix?.status === "failed" ? (fix.error ?? "") : null,
    notice: notices.find((known) => known === notice) ?? null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, membership } = await requireMembership({ request, context });
  const locale = getLocale(request);
  const { db, config } = getServices();
  const workspaceId = membership.workspaceId;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "fix") {
    const found = await findListingsToFix({ db, workspaceId, listingIds: [params.id] });
    if (!found.ok) throw data(null, { status: 404 });
    const runner = getJobRunner();
    const options = await fixJobOptions({ db, workspaceId, listings: found.listings, rule: null });
    const short = await wordsShort({ db, config, runner, workspaceId, options });
    if (short) return actionFailure("NO_CREDITS", { formError: translate(locale, "jobs.error.noWords", short) });
    await startFixJob({ db, runner, workspaceId, userId: user.id, listings: found.listings, options });
    return redirect(`/listings/${params.id}/proposal`);
  }
  const section = String(form.get("section") ?? "");
  const version = Number(form.get("version"));
  if ((intent !== "accept" && intent !== "reject") || !Number.isSafeInteger(version) || (section !== "all" && !sectionNames.includes(section as SectionName))) {
    return actionFailure("BAD_REQUEST", { formError: translate(locale, "form.malformed") });
  }
  const outcome = await reviewProposal({ db, workspaceId, listingId: params.id, userId: user.id, version, decision: intent, sections: section === "all" ? "all" : [section as SectionName] });
  if (outcome.status === "not_found") throw data(null, { status: 404 });
  const notice = outcome.status === "stale" ? "stale" : intent === "accept" ? "accepted" : "rejected";
  return redirect(`/listings/${params.id}/proposal?reviewed=${notice}`);
}

export default function ListingProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { listing, proposal, fixing, failed, notice } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle";
  const dir = getMarketplace(listing.marketplace)?.rightToLeft ? "rtl" : "ltr";
  // While the fix job writes this listing, the page looks again every second.
  useEffect(() => {
    if (!fixing) return;
    const timer = setInterval(() => revalidator.state === "idle" && void revalidator.revalidate(), 1000);
    return () => clearInterval(timer);
  }, [fixing, revalidator]);
  const formError = actionData && "formError" in actionData ? actionData.formError : undefined;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={`/listings/${listing.id}`} size="sm">
          ← {listing.brand} {listing.productName}
        </Anchor>
        <Title order={1}>{t("fixes.proposal.title")}</Title>
        <Text c="dimmed">{t("fixes.proposal.subtitle")}</Text>
      </Stack>
      {formError && (
        <Alert color="red" variant="light" role="alert">
          {formError}
        </Alert>
      )}
      {notice && (
        <Alert color={notice === "stale" ? "yellow" : "teal"} variant="light" role="status">
          {t(`fixes.proposal.${notice}`)}
        </Alert>
      )}
      {fixing && (
        <Alert variant="light" role="status">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t("fixes.proposal.fixing")}</Text>
          </Group>
        </Alert>
      )}
      {failed !== null && !fixing && !proposal && (
        <Alert color="red" variant="light" role="alert">
          {t("fixes.proposal.failed", { error: failed })}
        </Alert>
      )}
      {proposal ? (
        <ProposalReview version={proposal.version} live={proposal.live} proposed={proposal.proposed} sections={proposal.sections} passed={proposal.passed} dir={dir} busy={busy} />
      ) : (
        !fixing && (
          <Card withBorder padding="xl">
            <EmptyState title={t("fixes.proposal.none")} link={{ to: `/listings/${listing.id}`, label: t("fixes.proposal.back") }}>
              {t("fixes.proposal.noneHint")}
            </EmptyState>
          </Card>
        )
      )}
    </Stack>
  );
}
