import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Signed-in pages
  layout("routes/_app/layout.tsx", [
    route("dashboard", "routes/_app/dashboard.tsx"),
    route("templates", "routes/_app/templates.tsx"),
    route("templates/:slug", "routes/_app/generator.tsx"),
    route("history", "routes/_app/history.tsx"),
    route("history/export", "routes/_app/history-export.ts"),
    route("favorites", "routes/_app/favorites.tsx"),
    route("listings", "routes/_app/listings.tsx"),
    route("listings/new", "routes/_app/listing-new.tsx"),
    route("listings/:id", "routes/_app/listing.tsx"),
    route("listings/:id/versions", "routes/_app/listing-versions.tsx"),
    // Live vs proposed, section by section, with accept or reject (issue 33 item 6).
    route("listings/:id/proposal", "routes/_app/listing-proposal.tsx"),
    route("jobs", "routes/_app/jobs.tsx"),
    route("jobs/new", "routes/_app/jobs-new.tsx"),
    route("jobs/:id", "routes/_app/job.tsx"),
    // The catalog audit (issue 33): health per listing and for the catalog, and its CSV export.
    route("catalog", "routes/_app/catalog.tsx"),
    route("catalog/export", "routes/_app/catalog-export.ts"),
    // The user's data export: status and request (the Personal settings card), and the download.
    route("settings/data-export", "routes/_app/data-export.ts"),
    route("settings/data-export/:id/download", "routes/_app/data-export-download.ts"),
    // Seller Central's redirect back after its consent page (register $PUBLIC_URL/settings/amazon/callback).
    route("settings/amazon/callback", "routes/_app/amazon-callback.ts"),
    route("settings", "routes/_app/settings/layout.tsx", [
      route("workspace", "routes/_app/settings/workspace.tsx"),
      route("personal", "routes/_app/settings/personal.tsx"),
      route("billing", "routes/_app/settings/billing.tsx"),
    ]),
  ]),
  // The operator page (ADMIN_EMAILS): across workspaces, so outside the signed-in layout; a 404 for anyone else.
  route("admin", "routes/admin/admin.tsx"),
  // An invitation link works for guests (sign up or in first) and signed-in users.
  route("invite/:token", "routes/invite.tsx"),
  // Accounts
  route("sign-in", "routes/_auth/sign-in.tsx"),
  // The code step of sign-in for users with two-factor (after a right password).
  route("sign-in/two-factor", "routes/_auth/two-factor.tsx"),
  route("sign-up", "routes/_auth/sign-up.tsx"),
  route("forgot-password", "routes/_auth/forgot-password.tsx"),
  route("reset-password", "routes/_auth/reset-password.tsx"),
  // The link from a verification or change-of-address mail (signed in or not); its action is the banner's "send again".
  route("verify-email", "routes/verify-email.tsx"),
  // Endpoints with no page of their own
  route("sign-out", "routes/resources/sign-out.ts"),
  // Passkey ceremonies (options and verification), our wrappers of Better Auth's passkey plugin.
  route("passkeys/:step", "routes/resources/passkeys.ts"),
  route("auth/external", "routes/resources/auth-external.ts"),
  route("set-language", "routes/resources/set-language.ts"),
  // The language catalogs as immutable script files, loaded before hydration (docs/decisions/043).
  route("i18n/:file", "routes/resources/i18n-catalog.ts"),
  route("api/generations", "routes/api/generations.ts"),
  route("api/listings", "routes/api/listings.ts"),
  route("api/listings/lint", "routes/api/listings-lint.ts"),
  route("api/listings/:id/generate", "routes/api/listing-generate.ts"),
  route("api/listings/:id/export", "routes/api/listing-export.ts"),
  route("api/listings/:id/keywords", "routes/api/listing-keywords.ts"),
  route("api/listings/:id/localize", "routes/api/listing-localize.ts"),
  route("api/listings/:id/publish/preview", "routes/api/listing-publish-preview.ts"),
  route("api/listings/:id/publish", "routes/api/listing-publish.ts"),
  route("api/listings/:id/publications", "routes/api/listing-publications.ts"),
  route("api/listings/:id/amazon-link", "routes/api/listing-amazon-link.ts"),
  route("api/keywords/:verb", "routes/api/keywords.ts"),
  route("api/jobs", "routes/api/jobs.ts"),
  // Bulk publish (issue 34 item 3): the plan, the start, a batch's progress.
  route("api/publish-batches/preview", "routes/api/publish-batches-preview.ts"),
  route("api/publish-batches", "routes/api/publish-batches.ts"),
  route("api/publish-batches/:id", "routes/api/publish-batch.ts"),
  route("api/jobs/preview", "routes/api/jobs-preview.ts"),
  route("api/jobs/:id", "routes/api/job.ts"),
  route("api/jobs/:id/rows", "routes/api/job-rows.ts"),
  route("api/jobs/:id/export", "routes/api/job-export.ts"),
  route("api/jobs/:id/:action", "routes/api/job-action.ts"),
  route("api/amazon/imports", "routes/api/amazon-imports.ts"),
  route("api/amazon/imports/:id", "routes/api/amazon-import.ts"),
  route("api/amazon/imports/:id/:action", "routes/api/amazon-import-action.ts"),
  route("api/fixes", "routes/api/fixes.ts"),
  route("api/fixes/:id", "routes/api/fix.ts"),
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts"),
  route("billing/start", "routes/resources/billing-start.ts"),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  // Public site (the splat route is the 404 page)
  layout("routes/_marketing/layout.tsx", [
    index("routes/_marketing/index.tsx"),
    route("pricing", "routes/_marketing/pricing.tsx"),
    route("about", "routes/_marketing/about.tsx"),
    route("privacy", "routes/_marketing/privacy.tsx"),
    route("terms", "routes/_marketing/terms.tsx"),
    route("*", "routes/_marketing/not-found.tsx"),
  ]),
] satisfies RouteConfig;
