import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { MarketplaceSelect } from "#app/features/marketplaces/marketplace-select.tsx";
import { marketplaces } from "#app/features/marketplaces/registry.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { readApiError } from "#app/lib/errors.ts";

/** The same product's listings for other stores: one link each, this one marked. */
export function SiblingLinks({ family, current }: { family: readonly { id: string; marketplace: string }[]; current: string }) {
  const { t } = useI18n();
  return (
    <Group gap="xs" component="nav" aria-label={t("listings.siblings.label")} wrap="wrap">
      <Text size="sm" c="dimmed">
        {t("listings.siblings.label")}:
      </Text>
      {family.map((member) => (
        <Button key={member.id} component={Link} to={`/listings/${member.id}`} size="compact-sm" variant={member.id === current ? "filled" : "default"} aria-current={member.id === current ? "page" : undefined}>
          {member.marketplace}
        </Button>
      ))}
    </Group>
  );
}

/** "Create for another store": a sibling written natively for the chosen store, then its builder. */
export function LocalizeButton({ listingId, current, stores, disabled }: { listingId: string; current: string; stores: readonly string[]; disabled: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState(() => stores.find((id) => id !== current) ?? marketplaces.find((marketplace) => marketplace.id !== current)!.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch(`/api/listings/${encodeURIComponent(listingId)}/localize`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ marketplace: target }) });
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const refusal = readApiError(body);
        setProblem(refusal?.fieldErrors?.marketplace ?? refusal?.error ?? t("listings.localize.failed"));
        return;
      }
      setOpen(false);
      void navigate(`/listings/${(body as { listing: { id: string } }).listing.id}?write=1`);
    } catch {
      setProblem(t("listings.localize.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="subtle" leftSection={<IconWorld size={16} aria-hidden />} onClick={() => setOpen(true)} disabled={disabled}>
        {t("listings.localize.button")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("listings.localize.title")}>
        <Stack gap="sm">
          <Text size="sm">{t("listings.localize.body")}</Text>
          <MarketplaceSelect value={target} stores={stores.filter((id) => id !== current)} onChange={setTarget} error={problem ?? undefined} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button onClick={() => void create()} loading={busy}>
              {t("listings.localize.create")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
