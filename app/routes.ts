import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/_marketing/layout.tsx", [
    index("routes/_marketing/index.tsx"),
    route("pricing", "routes/_marketing/pricing.tsx"),
    route("about", "routes/_marketing/about.tsx"),
    route("privacy", "routes/_marketing/privacy.tsx"),
    route("terms", "routes/_marketing/terms.tsx"),
    route("*", "routes/_marketing/not-found.tsx"),
  ]),
  route("set-language", "routes/resources/set-language.ts"),
] satisfies RouteConfig;
