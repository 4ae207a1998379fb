import { LegalPage } from "~/features/marketing/legal-page.tsx";
import { pageMeta } from "~/features/marketing/meta.ts";
import { getPublicSiteConfig } from "~/features/marketing/public-config.server.ts";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "terms.meta.title");

export async function loader() {
  return getPublicSiteConfig();
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="terms.title"
      updated="terms.updated"
      supportEmail={loaderData.supportEmail}
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
