// Loaded on demand by notifications-on-demand.tsx, with the styles toasts need.
import "#app/styles/mantine-notifications.css";
import { Notifications } from "@mantine/notifications";
import { useToastRules } from "./toast-rules.ts";

export default function NotificationsHost() {
  useToastRules();
  return <Notifications position="top-right" autoClose={5000} />;
}
