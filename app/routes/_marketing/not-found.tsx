import { data } from "react-router";
import { StatusPage } from "#app/components/status-page.tsx";
import { metaTranslator } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/not-found";

// Any address no other route matches: the 404 page inside the public layout, with status 404.
export async function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches)("status.notFound.title")} · Sellscribe` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <StatusPage status={404} />;
}
