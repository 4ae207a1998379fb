// "Fix selected" in /catalog's selection toolbar (issue 33 item 6): one fix job for the listings chosen, through
// POST /api/fixes {listingIds}; the selection is let go once the job has started.
import { Alert, Button } from "@mantine/core";
import { IconWand } from "@tabler/icons-react";
import { useI18n } from "#app/i18n/context.tsx";
import { useStartFix } from "./use-start-fix.ts";

export function FixSelectedButton({ listingIds, onStarted }: { listingIds: readonly string[]; onStarted: () => void }) {
  const { t } = useI18n();
  const { start, busy, error } = useStartFix();
  return (
    <>
      <Button onClick={() => void start({ listingIds: [...listingIds] }, onStarted)} loading={busy} disabled={listingIds.length === 0} leftSection={<IconWand size={16} aria-hidden />}>
        {t("catalog.selection.fix")}
      </Button>
      {error && (
        <Alert color="red" role="alert" w="100%">
          {error}
        </Alert>
      )}
    </>
  );
}
