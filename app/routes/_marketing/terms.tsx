import { LegalPage } from "#app/features/marketing/legal-page.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import { useSupportEmail } from "#app/features/marketing/use-support-email.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "terms.meta.title");

export default function Terms() {
  const supportEmail = useSupportEmail();
  return (
    <LegalPage
      title="terms.title"
      updated="terms.updated"
      supportEmail={supportEmail}
      sections={[
        { title: "terms.service.title", body: "terms.service.body" },
        { title: "terms.account.title", body: "terms.account.body" },
        { title: "terms.content.title", body: "terms.content.body" },
        { title: "terms.billing.title", body: "terms.billing.body" },
        { title: "terms.use.title", body: "terms.use.body" },
      ]}
    />
  );
}
