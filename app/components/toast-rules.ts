import { hideNotification, notificationsStore, updateNotificationsState, type NotificationData } from "@mantine/notifications";
import { useEffect } from "react";
import { useI18n } from "#app/i18n/context.tsx";

// Mantine's toasts already close after their time, pause while hovered or focused, and can be
// dragged or swiped away. The seed asks for two more rules (§4), added here for every toast at once:
// a click closes it, and its timer waits while the window has no focus.

const pausedByBlur = new Map<string, NotificationData["autoClose"]>();

function withRules(list: NotificationData[], windowFocused: boolean, closeLabel: string): NotificationData[] | null {
  let changed = false;
  const next = list.map((toast) => {
    const id = toast.id;
    if (!id) return toast;
    let updated = toast;
    if (!updated.onClick) {
      updated = { ...updated, onClick: () => hideNotification(id) };
    }
    if (!updated.closeButtonProps) {
      // Mantine's close button has no accessible name of its own.
      updated = { ...updated, closeButtonProps: { "aria-label": closeLabel } };
    }
    if (!windowFocused && updated.autoClose !== false && !updated.loading && !pausedByBlur.has(id)) {
      pausedByBlur.set(id, updated.autoClose);
      updated = { ...updated, autoClose: false };
    }
    if (windowFocused && pausedByBlur.has(id)) {
      // Restarting the timer gives the reader the whole time again once they are back.
      updated = { ...updated, autoClose: pausedByBlur.get(id) };
      pausedByBlur.delete(id);
    }
    if (updated !== toast) changed = true;
    return updated;
  });
  return changed ? next : null;
}

/** Applies the rules to the toasts shown now and to every later one; mount once, beside <Notifications>. */
export function useToastRules(): void {
  const { t } = useI18n();
  const closeLabel = t("common.close");
  useEffect(() => {
    let windowFocused = document.hasFocus();
    let applying = false;
    const apply = () => {
      if (applying) return;
      const next = withRules(notificationsStore.getState().notifications, windowFocused, closeLabel);
      if (!next) return;
      applying = true;
      updateNotificationsState(notificationsStore, () => next);
      applying = false;
    };
    const onBlur = () => {
      windowFocused = false;
      apply();
    };
    const onFocus = () => {
      windowFocused = true;
      apply();
    };
    const unsubscribe = notificationsStore.subscribe(apply);
    window.addEventListener("blur", onBlur);
    window.addEventListener("focus", onFocus);
    apply();
    return () => {
      unsubscribe();
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("focus", onFocus);
    };
  }, [closeLabel]);
}
