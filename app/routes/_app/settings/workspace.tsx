import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect } from "react";
import { data, Form, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { ConfirmAction } from "#app/components/confirm-action.tsx";
import { SubmitButton, TextField } from "#app/components/form/fields.tsx";
import type { FormFailure } from "#app/components/form/form-errors.ts";
import { readForm } from "#app/components/form/form-data.server.ts";
import { ValidatedForm } from "#app/components/form/validated-form.tsx";
import { SectionCard } from "#app/components/section-card.tsx";
import { answerFormFailures, forwardActionHeaders, parseForm, unknownIntentAnswer } from "#app/components/form/form-actions.server.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import { requireMembership, type SignedIn } from "#app/features/auth/active-workspace.server.ts";
import { getWorkspaceModel, listProviderModels, setWorkspaceModel } from "#app/features/workspace/ai-model.server.ts";
import {
  createInvitation,
  invitationDays,
  leaveWorkspace,
  listMembers,
  listPendingInvitations,
  removeMember,
  revokeInvitation,
  seatLimit,
} from "#app/features/workspace/members.server.ts";
import { consumeInviteAllowance } from "#app/features/workspace/invite-limits.server.ts";
import { ModelSection } from "#app/features/workspace/model-section.tsx";
import { twoFactorRequirementAction } from "#app/features/auth/two-factor-actions.server.ts";
import { workspaceRequiresTwoFactor } from "#app/features/auth/two-factor-requirement.server.ts";
import { TwoFactorRequirementSection } from "#app/features/auth/two-factor-workspace.tsx";
import { ListingRulesSection } from "#app/features/workspace/listing-rules-section.tsx";
import { AmazonSection, isAmazonNotice, regionLabels } from "#app/features/amazon/amazon-section.tsx";
import { getAmazonCard } from "#app/features/amazon/card.server.ts";
import { sessionKeyOf, startAmazonConnect } from "#app/features/amazon/connect.server.ts";
import { deleteConnection, getConnectionById } from "#app/features/amazon/connections.server.ts";
import { isRegionId, regionIds } from "#app/features/amazon/regions.ts";
import { membersMayPublish, setMembersMayPublish } from "#app/features/publish/permissions.server.ts";
import { listingRulesSchema, marketplaceList, parseBrandList } from "#app/features/workspace/listing-rules-schema.ts";
import { getListingSettings, setListingSettings } from "#app/features/workspace/listing-settings.server.ts";
import { inviteSchema, modelSchema, workspaceSchema } from "#app/features/workspace/schemas.ts";
import { getWorkspaceById, transferOwnership, updateWorkspaceDetails } from "#app/features/workspace/workspaces.server.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { translate, type MessageKey } from "#app/i18n/i18n.ts";
import { getLocale } from "#app/i18n/locale.server.ts";
import { intlTag } from "#app/lib/intl.ts";
import { actionMail } from "#server/mail/mail.server.ts";
import { getServices } from "#server/services.server.ts";
import type { Route } from "./+types/workspace";
import type { loader as layoutLoader } from "#app/routes/_app/layout.tsx";
import { actionFailure } from "#app/lib/action-failure.ts";
import { ApiKeysSection, type NewApiKey } from "#app/features/api-keys/api-keys-section.tsx";
import { createApiKey, listApiKeys, maxKeysPerWorkspace, revokeApiKey } from "#app/features/api-keys/api-keys.server.ts";
import { createApiKeySchema, expiryOf } from "#app/features/api-keys/schemas.ts";
import { apiKeyScopes } from "#app/features/api-keys/scopes.ts";

export const headers: Route.HeadersFunction = forwardActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "settings.workspace.meta");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { membership } = await requireMembership({ request, context });
  const { db, config } = getServices();
  const workspaceId = membership.workspaceId;
  const [workspace, members, invitations, model, listingSettings, amazonCard, apiKeys] = await Promise.all([
    getWorkspaceById({ db, workspaceId }),
    listMembers({ db, workspaceId }),
    membership.role === "owner" ? listPendingInvitations({ db, workspaceId }) : [],
    getWorkspaceModel({ db, workspaceId, ai: config.ai }),
    getListingSettings({ db, workspaceId }),
    getAmazonCard({ db, config, workspaceId }),
    // API keys are the owners' business: members see the card without them.
    membership.role === "owner" ? listApiKeys({ db, workspaceId }) : null,
  ]);
  // What Seller Central's redirect back came to (the callback route sends ?amazon=…&region=…).
  const search = new URL(request.url).searchParams;
  const amazonNotice = search.get("amazon");
  const noticeRegion = search.get("region");
  const twoFactorRequired = await workspaceRequiresTwoFactor(db, workspaceId);
  const mayMembersPublish = await membersMayPublish({ db, workspaceId });
  return {
    workspace,
    members,
    invitations,
    role: membership.role,
    seatLimit: seatLimit(workspace.plan),
    listingSettings,
    twoFactorRequired,
    apiKeys,
    amazon: { card: amazonCard, notice: isAmazonNotice(amazonNotice) ? amazonNotice : undefined, noticeRegion: isRegionId(noticeRegion) ? noticeRegion : undefined, membersMayPublish: mayMembersPublish },
    modelSettings: { provider: config.ai.provider, offline: config.ai.offline, defaultModel: config.ai.model, model },
    // Not awaited: the page shows at once and the provider's list streams in when it answers.
    providerModels: listProviderModels({ ai: config.ai }),
  };
}

type Result = FormFailure & { intent?: Intent; saved?: MessageKey; savedParams?: Record<string, string>; newApiKey?: NewApiKey };

const idSchema = z.object({ id: z.string().min(1).max(100) });

/** What every intent handler gets: the request, who sent it and where. */
interface IntentArgs extends SignedIn {
  request: Request;
}

const intentNames = ["details", "invite", "revoke", "remove", "transfer", "model", "listingRules", "leave", "twoFactorRequirement", "amazonConnect", "amazonDisconnect", "membersMayPublish", "apiKeyCreate", "apiKeyRevoke"] as const;
type Intent = (typeof intentNames)[number];
const intentSchema = z.object({ intent: z.enum(intentNames) });

/** The form intents of this page; each runs one feature function. Owner-only ones are refused to members with a 403. */
const intents: Record<Intent, { ownerOnly: boolean; run: (args: IntentArgs) => Promise<Response | ReturnType<typeof data<Result>>> }> = {
  details: { ownerOnly: true, run: saveDetails },
  invite: { ownerOnly: true, run: sendInvite },
  revoke: { ownerOnly: true, run: revokeInvite },
  remove: { ownerOnly: true, run: removeMemberIntent },
  transfer: { ownerOnly: true, run: transferOwnershipIntent },
  model: { ownerOnly: true, run: saveModel },
  listingRules: { ownerOnly: true, run: saveListingRules },
  leave: { ownerOnly: false, run: leave },
  twoFactorRequirement: { ownerOnly: true, run: twoFactorRequirementAction },
  amazonConnect: { ownerOnly: true, run: connectAmazon },
  amazonDisconnect: { ownerOnly: true, run: disconnectAmazon },
  membersMayPublish: { ownerOnly: true, run: saveMembersMayPublish },
  apiKeyCreate: { ownerOnly: true, run: createApiKeyIntent },
  apiKeyRevoke: { ownerOnly: true, run: revokeApiKeyIntent },
};

/** Named intents only: a POST without a known one is a 400 with a message, and nothing changes. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerFormFailures(async () => {
    const signedIn = await requireMembership({ request, context });
    const parsed = intentSchema.safeParse(await readForm(request.clone()));
    if (!parsed.success) return unknownIntentAnswer();
    const intent = parsed.data.intent;
    if (intents[intent].ownerOnly && signedIn.membership.role !== "owner") return actionFailure<Result>("FORBIDDEN", { intent, formError: "workspace.error.ownerOnly" });
    return intents[intent].run({ ...signedIn, request });
  });
}

async function saveDetails({ request, membership }: IntentArgs) {
  const form = await parseForm(request, workspaceSchema);
  await updateWorkspaceDetails({ db: getServices().db, workspaceId: membership.workspaceId, name: form.name, website: form.website || null, billingEmail: form.billingEmail || null });
  return data<Result>({ intent: "details", saved: "workspace.saved" });
}

async function sendInvite({ request, user, membership }: IntentArgs) {
  const { db, config, mailer, limiter } = getServices();
  const workspaceId = membership.workspaceId;
  const form = await parseForm(request, inviteSchema);
  const locale = getLocale(request);
  // Invites mail people who never signed up: bounded per workspace and per address (docs/decisions/012).
  const limited = await consumeInviteAllowance({ limiter, workspaceId, email: form.email });
  if (limited) {
    return actionFailure<Result>("RATE_LIMITED", { intent: "invite", fieldErrors: { email: translate(locale, limited.message, { minutes: limited.minutes }) } }, { headers: { "Retry-After": String(limited.retryAfterSeconds) } });
  }
  const result = await createInvitation({ db, workspaceId, email: form.email, invitedBy: user.id });
  if (!result.ok) {
    const message: MessageKey = result.reason === "alreadyMember" ? "workspace.error.alreadyMember" : "workspace.error.seatLimit";
    return actionFailure<Result>("INVALID_INPUTS", { intent: "invite", fieldErrors: { email: message } });
  }
  const workspace = await getWorkspaceById({ db, workspaceId });
  // Nothing the inviter typed goes in the subject; the workspace name is quoted as their words.
  await mailer.send(
    actionMail({
      to: form.email,
      subject: translate(locale, "invite.mail.subject"),
      intro: translate(locale, "invite.mail.intro", { inviter: user.email }),
      quote: { label: translate(locale, "invite.mail.quoteLabel"), text: workspace.name },
      action: translate(locale, "invite.mail.action"),
      url: `${config.publicUrl}/invite/${result.token}`,
      outro: translate(locale, "invite.mail.outro", { days: invitationDays }),
    }),
  );
  return data<Result>({ intent: "invite", saved: "workspace.invited", savedParams: { email: form.email } });
}

async function revokeInvite({ request, membership }: IntentArgs) {
  const { id } = await parseForm(request, idSchema);
  await revokeInvitation({ db: getServices().db, workspaceId: membership.workspaceId, invitationId: id });
  return data<Result>({ intent: "revoke", saved: "workspace.revoked" });
}

async function removeMemberIntent({ request, membership }: IntentArgs) {
  const { id } = await parseForm(request, idSchema);
  const result = await removeMember({ db: getServices().db, workspaceId: membership.workspaceId, userId: id });
  if (!result.ok) return actionFailure<Result>("BAD_REQUEST", { intent: "remove", formError: result.reason === "owner" ? "workspace.error.removeOwner" : "workspace.error.notMember" });
  return data<Result>({ intent: "remove", saved: "workspace.removed" });
}

async function transferOwnershipIntent({ request, user, membership }: IntentArgs) {
  const { id } = await parseForm(request, idSchema);
  const result = await transferOwnership({ db: getServices().db, workspaceId: membership.workspaceId, fromUserId: user.id, toUserId: id });
  if (!result.ok) return actionFailure<Result>("BAD_REQUEST", { intent: "transfer", formError: result.reason === "notMember" ? "workspace.error.notMember" : "workspace.error.ownerOnly" });
  return data<Result>({ intent: "transfer", saved: "workspace.transferred" });
}

async function saveModel({ request, membership }: IntentArgs) {
  const { db, config } = getServices();
  const { model } = await parseForm(request, modelSchema);
  const change = await setWorkspaceModel({ db, workspaceId: membership.workspaceId, ai: config.ai, model });
  if (!change.ok) {
    const message: MessageKey = change.reason === "unknownModel" ? "workspace.error.unknownModel" : "workspace.error.modelListUnavailable";
    return actionFailure<Result>("INVALID_INPUTS", { intent: "model", fieldErrors: { model: message } });
  }
  return data<Result>({ intent: "model", saved: "workspace.model.saved", savedParams: { model } });
}

async function saveListingRules({ request, membership }: IntentArgs) {
  const { ruleSetId, otherBrands, marketplaces } = await parseForm(request, listingRulesSchema);
  await setListingSettings({ db: getServices().db, workspaceId: membership.workspaceId, ruleSetId, otherBrands: parseBrandList(otherBrands), marketplaces: marketplaceList(marketplaces) });
  return data<Result>({ intent: "listingRules", saved: "listings.settings.saved" });
}

const amazonConnectSchema = z.object({ region: z.enum(regionIds) });

/** Connect Seller Central: a single-use state for this session, then off to the region's consent page. */
async function connectAmazon({ request, user, membership }: IntentArgs) {
  const { db, config } = getServices();
  const { region } = await parseForm(request, amazonConnectSchema);
  if (!config.amazon) return actionFailure<Result>("BAD_REQUEST", { intent: "amazonConnect", formError: "amazon.error.notSetUp" });
  const sessionKey = sessionKeyOf(request);
  if (!sessionKey) return actionFailure<Result>("FORBIDDEN", { intent: "amazonConnect", formError: "amazon.error.badState" });
  return redirect(await startAmazonConnect({ db, amazon: config.amazon, workspaceId: membership.workspaceId, userId: user.id, sessionKey, region }));
}

/** Disconnect: the connection and its tokens are deleted; another workspace's is not found. */
async function disconnectAmazon({ request, membership }: IntentArgs) {
  const { db } = getServices();
  const { id } = await parseForm(request, idSchema);
  const connection = await getConnectionById({ db, workspaceId: membership.workspaceId, connectionId: id });
  if (!connection || !(await deleteConnection({ db, workspaceId: membership.workspaceId, connectionId: id }))) return actionFailure<Result>("NOT_FOUND", { intent: "amazonDisconnect", formError: "amazon.error.notFound" });
  return data<Result>({ intent: "amazonDisconnect", saved: "amazon.notice.disconnected", savedParams: { region: translate(getLocale(request), regionLabels[connection.region]) } });
}

const membersMayPublishSchema = z.object({ membersMayPublish: z.literal("on").optional() });

/** Members may publish to Amazon (issue 34 item 4): the owner's switch; unchecked sends nothing. */
async function saveMembersMayPublish({ request, user, membership }: IntentArgs) {
  const { membersMayPublish: on } = await parseForm(request, membersMayPublishSchema);
  await setMembersMayPublish({ db: getServices().db, workspaceId: membership.workspaceId, userId: user.id, allowed: on === "on" });
  return data<Result>({ intent: "membersMayPublish", saved: on === "on" ? "amazon.publish.permission.saved" : "amazon.publish.permission.savedOff" });
}

async function leave({ user, membership }: IntentArgs) {
  const result = await leaveWorkspace({ db: getServices().db, workspaceId: membership.workspaceId, userId: user.id });
  if (!result.ok) return actionFailure<Result>("BAD_REQUEST", { intent: "leave", formError: result.reason === "soleOwner" ? "workspace.error.soleOwner" : "workspace.error.notMember" });
  // The active workspace changes, so every page's data does too.
  return redirect("/dashboard?notice=left");
}

/** A new API key: its secret is in this answer only (never in the loader's data, never stored). */
async function createApiKeyIntent({ request, user, membership }: IntentArgs) {
  const form = await parseForm(request, createApiKeySchema);
  const created = await createApiKey({
    db: getServices().db,
    workspaceId: membership.workspaceId,
    userId: user.id,
    name: form.name,
    scopes: apiKeyScopes.filter((scope) => form[scope] === "on"),
    expiresAt: form.expiresOn ? expiryOf(form.expiresOn) : null,
  });
  if (!created.ok && created.reason === "tooMany") return actionFailure<Result>("CONFLICT", { intent: "apiKeyCreate", formError: "apiKeys.error.tooMany", formErrorParams: { max: maxKeysPerWorkspace } });
  if (!created.ok) return actionFailure<Result>(created.reason === "notOwner" ? "FORBIDDEN" : "INVALID_INPUTS", { intent: "apiKeyCreate", formError: created.reason === "notOwner" ? "workspace.error.ownerOnly" : "apiKeys.error.scopes" });
  return data<Result>({ intent: "apiKeyCreate", saved: "apiKeys.createdToast", newApiKey: { name: form.name, key: created.key } });
}

async function revokeApiKeyIntent({ request, user, membership }: IntentArgs) {
  const { id } = await parseForm(request, idSchema);
  if (!(await revokeApiKey({ db: getServices().db, workspaceId: membership.workspaceId, id, userId: user.id }))) return actionFailure<Result>("NOT_FOUND", { intent: "apiKeyRevoke", formError: "apiKeys.error.notFound" });
  return data<Result>({ intent: "apiKeyRevoke", saved: "apiKeys.revokedToast" });
}

/** Which Amazon button is waiting for its answer ("connect:eu", "disconnect:na"), so only it spins. */
function amazonBusy(formData: FormData | undefined): string | undefined {
  const intent = formData?.get("intent");
  if (intent === "amazonConnect") return `connect:${String(formData?.get("region"))}`;
  if (intent === "membersMayPublish") return "membersMayPublish";
  return intent === "amazonDisconnect" ? "disconnect" : undefined;
}

/** Intents whose form is a ValidatedForm: it shows its own errors (fields, and a toast). */
const validatedIntents: ReadonlySet<Intent | undefined> = new Set<Intent>(["details", "invite", "model", "listingRules", "twoFactorRequirement", "apiKeyCreate"]);

function IntentForm({ intent, id, children }: { intent: Intent; id?: string; children: React.ReactNode }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {children}
    </Form>
  );
}

export default function WorkspaceSettings({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const actionData = answer as Result | undefined;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/_app/layout");
  const navigation = useNavigation();
  const { workspace, members, invitations, role } = loaderData;
  const isOwner = role === "owner";
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData : null) ?? null;
  useEffect(() => {
    if (actionData?.saved) notifications.show({ color: "green", message: t(actionData.saved, actionData.savedParams) });
    // Refusals of the plain intent forms (and of an unknown intent) have no form to show them: a toast does.
    else if (actionData?.formError && !validatedIntents.has(actionData.intent)) notifications.show({ color: "red", message: t(actionData.formError as MessageKey, actionData.formErrorParams) });
  }, [actionData, t]);
  const dateFormat = new Intl.DateTimeFormat(intlTag(locale), { dateStyle: "medium" });
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const seats = loaderData.seatLimit === null ? t("workspace.members.unlimited") : t("workspace.members.limit", { count: loaderData.seatLimit });

  return (
    <Stack gap="lg" maw={720}>
      <SectionCard titleId="workspace-title" title={t("workspace.details.title")}>
        {!isOwner ? (
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} mb="md">
            {t("workspace.details.ownerOnly")}
          </Alert>
        ) : null}
        <ValidatedForm schema={workspaceSchema} result={resultFor("details")} preventScrollReset>
          <input type="hidden" name="intent" value="details" />
          <Stack gap="md">
            <TextField name="name" label={t("workspace.companyName")} defaultValue={workspace.name} autoComplete="organization" required withAsterisk disabled={!isOwner} />
            <TextField name="website" label={t("workspace.website")} description={t("workspace.websiteHint")} defaultValue={workspace.website ?? ""} autoComplete="url" inputMode="url" disabled={!isOwner} />
            <TextField name="billingEmail" type="email" label={t("workspace.billingEmail")} defaultValue={workspace.billingEmail ?? ""} autoComplete="email" disabled={!isOwner} />
            {isOwner ? <SubmitButton style={{ alignSelf: "flex-start" }}>{t("workspace.save")}</SubmitButton> : null}
          </Stack>
        </ValidatedForm>
      </SectionCard>

      <ModelSection settings={loaderData.modelSettings} models={loaderData.providerModels} canChange={isOwner} result={resultFor("model")} />

      <ListingRulesSection ruleSetId={loaderData.listingSettings.ruleSetId} otherBrands={loaderData.listingSettings.otherBrands} stores={loaderData.listingSettings.marketplaces} canChange={isOwner} result={resultFor("listingRules")} />

      <TwoFactorRequirementSection required={loaderData.twoFactorRequired} canChange={isOwner} result={resultFor("twoFactorRequirement")} />

      <AmazonSection card={loaderData.amazon.card} canChange={isOwner} notice={loaderData.amazon.notice} noticeRegion={loaderData.amazon.noticeRegion} busy={amazonBusy(navigation.formData)} membersMayPublish={loaderData.amazon.membersMayPublish} />

      <Card withBorder padding="lg" component="section" aria-labelledby="members-title" id="members" style={{ scrollMarginTop: 80 }}>
        <Group justify="space-between" mb="xs" align="baseline">
          <Title order={2} fz="lg" id="members-title">
            {t("workspace.members.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {seats}
          </Text>
        </Group>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("workspace.members.title")}>
          {members.map((member) => {
            const isSelf = member.userId === layout?.user.id;
            return (
              <Paper component="li" key={member.userId} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {member.firstName} {member.lastName} {isSelf ? <Text span c="dimmed" size="sm">({t("workspace.members.you")})</Text> : null}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                      {member.email} · {t("workspace.members.joined", { date: dateFormat.format(new Date(member.joinedAt.replace(" ", "T") + (member.joinedAt.includes("T") ? "" : "Z"))) })}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Badge variant={member.role === "owner" ? "filled" : "light"}>{t(member.role === "owner" ? "workspace.role.owner" : "workspace.role.member")}</Badge>
                    {isOwner && !isSelf && member.role !== "owner" ? (
                      <ConfirmAction
                        question={t("workspace.members.removeQuestion", { name: `${member.firstName} ${member.lastName}` })}
                        confirmLabel={t("workspace.members.remove")}
                        loading={busyIntent === "remove"}
                        renderConfirm={(button) => (
                          <IntentForm intent="remove" id={member.userId}>
                            {button}
                          </IntentForm>
                        )}
                        aria-label={t("workspace.members.removeAria", { name: `${member.firstName} ${member.lastName}` })}
                      >
                        {t("workspace.members.remove")}
                      </ConfirmAction>
                    ) : null}
                    {isOwner && !isSelf && member.role !== "owner" ? (
                      <ConfirmAction
                        question={t("workspace.members.transferQuestion", { name: `${member.firstName} ${member.lastName}` })}
                        confirmLabel={t("workspace.members.transfer")}
                        loading={busyIntent === "transfer"}
                        renderConfirm={(button) => (
                          <IntentForm intent="transfer" id={member.userId}>
                            {button}
                          </IntentForm>
                        )}
                        aria-label={t("workspace.members.transferAria", { name: `${member.firstName} ${member.lastName}` })}
                      >
                        {t("workspace.members.transfer")}
                      </ConfirmAction>
                    ) : null}
                    {isSelf && (member.role !== "owner" || members.filter((m) => m.role === "owner").length > 1) ? (
                      <ConfirmAction
                        question={t("workspace.members.leaveQuestion", { workspace: workspace.name })}
                        confirmLabel={t("workspace.members.leave")}
                        loading={busyIntent === "leave"}
                        renderConfirm={(button) => <IntentForm intent="leave">{button}</IntentForm>}
                      >
                        {t("workspace.members.leave")}
                      </ConfirmAction>
                    ) : null}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>

        {isOwner ? (
          <Stack gap="sm" mt="lg">
            <Title order={3} fz="md">
              {t("workspace.invite.title")}
            </Title>
            <ValidatedForm schema={inviteSchema} result={resultFor("invite")} preventScrollReset key={invitations.map((i) => i.id).join()}>
              <input type="hidden" name="intent" value="invite" />
              <Group align="flex-start" gap="sm" wrap="wrap">
                <TextField name="email" type="email" label={t("workspace.invite.email")} autoComplete="off" required withAsterisk style={{ flex: "1 1 220px" }} />
                <SubmitButton mt={{ base: 0, xs: 25 }}>{t("workspace.invite.submit")}</SubmitButton>
              </Group>
            </ValidatedForm>
            {invitations.length > 0 ? (
              <Stack gap="xs" mt="sm">
                <Text size="sm" fw={600}>
                  {t("workspace.invite.pending")}
                </Text>
                {invitations.map((invitation) => (
                  <Paper key={invitation.id} withBorder p="xs" radius="md">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        {invitation.email}{" "}
                        <Text span size="xs" c="dimmed">
                          · {t("workspace.invite.expires", { date: dateFormat.format(new Date(invitation.expiresAt)) })}
                        </Text>
                      </Text>
                      <IntentForm intent="revoke" id={invitation.id}>
                        <Button type="submit" variant="subtle" color="gray" size="xs" loading={busyIntent === "revoke"}>
                          {t("workspace.invite.revoke")}
                        </Button>
                      </IntentForm>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ) : null}
          </Stack>
        ) : null}
      </Card>

      <ApiKeysSection keys={loaderData.apiKeys} result={resultFor("apiKeyCreate")} newKey={actionData?.intent === "apiKeyCreate" ? (actionData.newApiKey ?? null) : null} />
    </Stack>
  );
}
