import { useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

// Constant, so a re-render never rewrites the adopted markup (React compares this prop by identity).
const adoptServerMarkup = { __html: "" };
let hydrated = false;

/**
 * Markup that needs no JavaScript (text, images, plain links, plain forms). On the page the browser loaded,
 * hydration adopts the server's HTML as it is instead of rebuilding its components: for a public page
 * that is most of the main-thread work a slow phone does after the first paint. From the first
 * client-side navigation on (another page, the language switch) it renders like any other component.
 * Nothing interactive inside: links and forms work as plain HTML until then (full page loads).
 */
export function StaticMarkup({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  // On the server, and on the client after hydration, this is null: render normally.
  const [adoptedAt] = useState(() => (typeof document !== "undefined" && !hydrated ? key : null));
  useEffect(() => {
    hydrated = true;
  }, []);
  return adoptedAt === key ? (
    <div style={{ display: "contents" }} dangerouslySetInnerHTML={adoptServerMarkup} suppressHydrationWarning />
  ) : (
    <div style={{ display: "contents" }}>{children}</div>
  );
}
