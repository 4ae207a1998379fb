import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";

const NotificationsHost = lazy(() => import("./notifications-host.tsx"));
const subscribeToNothing = () => () => {};

/**
 * Mantine's <Notifications>, loaded only when wanted: right after hydration on signed-in pages (`eager`),
 * and on public pages when the first toast is queued (notifications.show() needs only the small store,
 * which keeps the toast until the host mounts). Keeps the host's code and styles off the public pages.
 */
export function NotificationsOnDemand({ eager }: { eager: boolean }) {
  const queued = useNotifications().notifications.length > 0;
  // False on the server and while hydrating, true afterwards: toasts are client-only anyway.
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const [wanted, setWanted] = useState(false);
  if (hydrated && (eager || queued) && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
