// A listing not linked to a product in Seller Central (issue 34, bad input): ask for its SKU (the server checks
// Amazon has it in this store before linking), or import the store from Amazon first.
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconLink } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";
import { callPublishApi, PublishCallError } from "./publish-ui.tsx";
import { amazonLinkAnswerSchema, type AmazonLink } from "./types.ts";

export function AmazonLinkForm({ listingId, store, disabled, onLinked }: { listingId: string; store: string; disabled: boolean; onLinked: (link: AmazonLink) => void }) {
  const { t } = useI18n();
  const [sku, setSku] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sku.trim()) {
      setError(t("amazon.publish.link.skuRequired"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { link } = await callPublishApi(`/api/listings/${encodeURIComponent(listingId)}/amazon-link`, amazonLinkAnswerSchema, { method: "POST", body: { store, sku: sku.trim() }, networkMessage: t("amazon.publish.error.network") });
      onLinked(link);
    } catch (failure) {
      setError(failure instanceof PublishCallError ? failure.message : t("amazon.publish.error.network"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="amazon-link">
      <Text size="sm">{t("amazon.publish.link.intro", { store })}</Text>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label={t("amazon.publish.link.sku")}
            description={t("amazon.publish.link.skuHint")}
            value={sku}
            onChange={(event) => setSku(event.currentTarget.value)}
            error={error ?? undefined}
            maxLength={200}
            autoComplete="off"
            disabled={disabled}
            style={{ flex: "1 1 200px" }}
          />
          <Button type="submit" leftSection={<IconLink size={16} aria-hidden />} loading={busy} disabled={disabled} mt={{ base: 0, xs: 44 }}>
            {t("amazon.publish.link.submit")}
          </Button>
        </Group>
      </form>
      <Text size="sm">
        <Anchor component={Link} to="/settings/workspace#amazon" size="sm">
          {t("amazon.publish.link.importFirst")}
        </Anchor>
      </Text>
    </Stack>
  );
}
