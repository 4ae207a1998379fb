import { LegalPage } from "~/features/marketing/legal-page.tsx";
import { pageMeta } from "~/features/marketing/meta.ts";
import { getPublicSiteConfig } from "~/features/marketing/public-config.server.ts";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "privacy.meta.title");

export async function loader() {
  return getPublicSiteConfig();
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="privacy.title"
      updated="privacy.updated"
      supportEmail={loaderData.supportEmail}
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
