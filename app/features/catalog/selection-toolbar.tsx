// Listings chosen on /catalog (issue 33 item 6) and the bar that acts on them. The bar takes its actions as
// children ("Fix selected" today; other features add theirs), so the catalog knows none of them.
import { Alert, Button, Text } from "@mantine/core";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useI18n } from "#app/i18n/context.tsx";
import classes from "./catalog.module.css";
import { selectListings } from "./listing-selection.ts";

export interface ListingSelection {
  /** The chosen listings' ids, in the order they were chosen (kept across pages and filters). */
  ids: readonly string[];
  has: (id: string) => boolean;
  /** Chooses (or lets go of) these listings; past `max` the rest are refused and `overCap` says so. */
  set: (ids: readonly string[], selected: boolean) => void;
  clear: () => void;
  max: number;
  overCap: boolean;
}

/** The page's selection, keyed by listing id: it survives keyset pages because the route stays mounted. */
export function useListingSelection({ max }: { max: number }): ListingSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [overCap, setOverCap] = useState(false);
  const set = useCallback(
    (ids: readonly string[], selected: boolean) => {
      const { next, refused } = selectListings(chosen, ids, selected, max);
      setChosen(next);
      setOverCap(refused);
    },
    [chosen, max],
  );
  const clear = useCallback(() => {
    setChosen(new Set());
    setOverCap(false);
  }, []);
  return useMemo(() => ({ ids: [...chosen], has: (id: string) => chosen.has(id), set, clear, max, overCap }), [chosen, set, clear, max, overCap]);
}

/** "N selected" and "Clear selection", then the actions; nothing while none is chosen. Sticks to the viewport's bottom. */
export function SelectionToolbar({ selection, children }: { selection: ListingSelection; children?: ReactNode }) {
  const { t } = useI18n();
  if (selection.ids.length === 0) return null;
  return (
    <div className={classes.toolbar} role="region" aria-label={t("catalog.selection.label")}>
      <div className={classes.toolbarHead}>
        <Text fw={600} size="sm" role="status">
          {t("catalog.selection.count", { count: selection.ids.length })}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
          {t("catalog.selection.clear")}
        </Button>
      </div>
      <div className={classes.toolbarActions}>{children}</div>
      {selection.overCap && (
        <Alert color="yellow" role="alert" className={classes.toolbarMessage} p="xs">
          {t("catalog.selection.cap", { max: selection.max })}
        </Alert>
      )}
    </div>
  );
}
