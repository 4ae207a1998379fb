import { LegalPage } from "#app/features/marketing/legal-page.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useSupportEmail } from "#app/features/marketing/use-support-email.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "privacy.meta.title");

export default function Privacy() {
  const supportEmail = useSupportEmail();
  return (
    <LegalPage
      title="privacy.title"
      updated="privacy.updated"
      supportEmail={supportEmail}
      sections={[
        { title: "privacy.collect.title", body: "privacy.collect.body" },
        { title: "privacy.use.title", body: "privacy.use.body" },
        { title: "privacy.keep.title", body: "privacy.keep.body" },
        { title: "privacy.rights.title", body: "privacy.rights.body" },
        { title: "privacy.cookies.title", body: "privacy.cookies.body" },
      ]}
    />
  );
}
