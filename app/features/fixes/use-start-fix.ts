// Starting a fix job from a page (issue 33 item 6): POST /api/fixes, then its progress on /jobs/:id, as the
// rule button and "Fix selected" on /catalog both do. Browser-safe.
import { useState } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "#app/i18n/context.tsx";
import type { FixRequest } from "./fix-request.ts";

export function useStartFix() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Starts the job; `onStarted` runs before the page moves to its progress. */
  async function start(request: FixRequest, onStarted?: () => void) {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/api/fixes", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
      const body = (await response.json().catch(() => ({}))) as { fix?: { id: string }; error?: string };
      if (response.ok && body.fix) {
        onStarted?.();
        await navigate(`/jobs/${body.fix.id}`);
        return;
      }
      setError(body.error ?? t("catalog.fix.failed"));
    } catch {
      setError(t("catalog.fix.offline"));
    }
    setBusy(false);
  }

  return { start, busy, error };
}
