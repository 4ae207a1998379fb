// The grid behind /history and /favorites: template chips, search (in the URL as ?q=), export,
// the server-rendered first page and "Load more" (keyset pages from GET /api/outputs).
import { Button, Card, Chip, CloseButton, Group, Loader, Menu, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconFileSpreadsheet, IconFileText, IconSearch } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { DownloadMenuItem } from "#app/components/download-menu-item.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { languageLabel } from "#app/features/marketplaces/marketplace-select.tsx";
import { marketplaces, registryLanguages } from "#app/features/marketplaces/registry.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { templates } from "#app/templates/registry.ts";
import { OutputCard } from "./output-card.tsx";
import { appendPage, insertItem, mergeFirstPage, removeItem, replaceItem } from "./output-list.ts";
import { maxSearchLength } from "./output-rules.ts";
import type { HistoryFilter, OutputPage, OutputView } from "./output-view.ts";
import { fetchOutputsPage, patchOutput } from "./outputs-client.ts";

export interface OutputsBrowserProps {
  mode: "history" | "favorites";
  /** The loader's first page for the current filter. */
  page: OutputPage;
  filter: HistoryFilter;
  /** The loader's Date.now() (relative dates). */
  now: number;
  /** The page heading (and whatever goes under it). */
  header: ReactNode;
}

interface ListState {
  /** The loader page this list was built from; a new one (revalidation, new filter) is merged in. */
  source: OutputPage;
  key: string;
  list: OutputPage;
}

function filterParams(mode: OutputsBrowserProps["mode"], filter: OutputsBrowserProps["filter"]): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.templateId) params.set("templateId", filter.templateId);
  if (filter.q) params.set("q", filter.q);
  if (filter.marketplace) params.set("marketplace", filter.marketplace);
  if (filter.language) params.set("language", filter.language);
  if (mode === "favorites") params.set("favorite", "true");
  return params;
}

export function OutputsBrowser({ mode, page, filter, now, header }: OutputsBrowserProps) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = filterParams(mode, filter);
  const key = params.toString();

  // The list: the loader's first page, pages added by "Load more", and the cards' own changes.
  const [state, setState] = useState<ListState>({ source: page, key, list: page });
  let current = state;
  if (state.source !== page || state.key !== key) {
    current = { source: page, key, list: state.key === key ? mergeFirstPage(state.list, page) : page };
    setState(current);
  }
  const { items, nextCursor } = current.list;
  const [loadingMore, setLoadingMore] = useState(false);

  // The search box: typed text now, the URL (and the server's search) 300 ms after the last key.
  const urlQ = searchParams.get("q") ?? "";
  const [text, setText] = useState(urlQ);
  const [lastUrlQ, setLastUrlQ] = useState(urlQ);
  if (urlQ !== lastUrlQ) {
    setLastUrlQ(urlQ);
    // Back/forward or "Clear": show what the URL searches for (but keep a trailing space being typed).
    if (urlQ.trim() !== text.trim()) setText(urlQ);
  }
  const applySearch = useDebouncedCallback((value: string) => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value.trim()) next.set("q", value.trim());
        else next.delete("q");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, 300);

  const reloading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  function update(change: (list: OutputPage) => OutputPage) {
    setState((previous) => ({ ...previous, list: change(previous.list) }));
  }

  function belongs(output: OutputView): boolean {
    return (
      (mode !== "favorites" || output.favorite) &&
      (!filter.templateId || output.templateId === filter.templateId) &&
      (!filter.marketplace || (output.marketplace ?? "amazon.com") === filter.marketplace) &&
      (!filter.language || (output.language ?? "en") === filter.language)
    );
  }

  function handleChange(output: OutputView) {
    if (belongs(output)) {
      update((list) => replaceItem(list, output));
      return;
    }
    // Unfavorited on /favorites: the card leaves the list, and the toast offers it back.
    update((list) => removeItem(list, output.id));
    if (mode === "favorites" && !output.favorite) showUnfavoritedToast(output);
  }

  function showUnfavoritedToast(output: OutputView) {
    const toastId = `unfavorited-${output.id}`;
    notifications.show({
      id: toastId,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <span>{t("favorites.removed")}</span>
          <Button
            size="compact-sm"
            variant="light"
            onClick={async () => {
              notifications.hide(toastId);
              const result = await patchOutput(output.id, { favorite: true });
              if (!result.ok) {
                notifications.show({ color: "red", message: result.message ?? t("outputs.favoriteFailed") });
                return;
              }
              update((list) => insertItem(list, result.data.output));
            }}
          >
            {t("outputs.undo")}
          </Button>
        </Group>
      ),
    });
  }

  async function loadMore() {
    if (!nextCursor) return;
    const requestKey = key;
    const query = new URLSearchParams(params);
    query.set("cursor", nextCursor);
    setLoadingMore(true);
    const result = await fetchOutputsPage(query);
    setLoadingMore(false);
    if (!result.ok) {
      notifications.show({ color: "red", message: result.message ?? t("history.loadMoreFailed") });
      return;
    }
    // A page for a filter the user has since left is dropped.
    setState((previous) => (previous.key === requestKey ? { ...previous, list: appendPage(previous.list, result.data) } : previous));
  }

  const filtered = Boolean(filter.templateId || filter.q || filter.marketplace || filter.language);

  /** Sets (or, with "", removes) one URL parameter of the filter; the loader reads the new first page. */
  function setParam(name: string, value: string) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  const exportHref = (format: "csv" | "txt") => {
    const query = new URLSearchParams(params);
    query.set("format", format);
    return `/history/export?${query.toString()}`;
  };

  const empty = items.length === 0;
  const showToolbar = filtered || !empty;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>{header}</div>
        {!empty ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} aria-label={t("history.export.menu")}>
                {t("history.export.label")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <DownloadMenuItem href={exportHref("csv")} icon={<IconFileSpreadsheet size={16} aria-hidden />}>
                {t("history.export.csv")}
              </DownloadMenuItem>
              <DownloadMenuItem href={exportHref("txt")} icon={<IconFileText size={16} aria-hidden />}>
                {t("history.export.text")}
              </DownloadMenuItem>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>

      {showToolbar ? (
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            aria-label={t("history.search.label")}
            placeholder={t("history.search.placeholder")}
            value={text}
            maxLength={maxSearchLength}
            onChange={(event) => {
              setText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") applySearch.flush();
            }}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              reloading ? (
                <Loader size="xs" aria-label={t("history.loading")} />
              ) : text ? (
                <CloseButton
                  size="sm"
                  aria-label={t("history.search.clear")}
                  onClick={() => {
                    setText("");
                    applySearch("");
                    applySearch.flush();
                  }}
                />
              ) : null
            }
            maw={{ base: "100%", sm: 420 }}
            style={{ flex: "1 1 260px" }}
          />
          <NativeSelect
            label={t("history.filter.store")}
            value={filter.marketplace ?? ""}
            onChange={(event) => setParam("marketplace", event.currentTarget.value)}
            data={[{ value: "", label: t("history.filter.allStores") }, ...marketplaces.map((marketplace) => ({ value: marketplace.id, label: marketplace.id }))]}
            w={{ base: "calc(50% - 6px)", sm: 180 }}
          />
          <NativeSelect
            label={t("history.filter.language")}
            value={filter.language ?? ""}
            onChange={(event) => setParam("language", event.currentTarget.value)}
            data={[{ value: "", label: t("history.filter.allLanguages") }, ...[...registryLanguages].map((language) => ({ value: language, label: languageLabel(language, locale) }))]}
            w={{ base: "calc(50% - 6px)", sm: 180 }}
          />
          </Group>
          <Chip.Group
            value={filter.templateId ?? "all"}
            onChange={(value) =>
              setSearchParams(
                (previous) => {
                  const next = new URLSearchParams(previous);
                  if (value === "all") next.delete("templateId");
                  else next.set("templateId", String(value));
                  return next;
                },
                { replace: true, preventScrollReset: true },
              )
            }
          >
            <Group gap="xs" role="radiogroup" aria-label={t("history.filter")}>
              <Chip value="all">{t("history.filter.all")}</Chip>
              {templates.map((template) => (
                <Chip key={template.id} value={template.id}>
                  {template.name[locale]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      ) : null}

      {empty ? (
        <Card withBorder>
          {filtered ? (
            <EmptyState
              title={t("history.noResults.title")}
              action={
                <Button component={Link} to={location.pathname} variant="light" mt="xs" replace>
                  {t("history.noResults.clear")}
                </Button>
              }
            >
              {filter.q ? t("history.noResults.search", { q: filter.q }) : t("history.noResults.filter")}
            </EmptyState>
          ) : mode === "favorites" ? (
            <EmptyState title={t("favorites.empty.title")} link={{ to: "/history", label: t("favorites.empty.action") }}>
              {t("favorites.empty.body")}
            </EmptyState>
          ) : (
            <EmptyState title={t("history.empty.title")} link={{ to: "/templates", label: t("history.empty.action") }}>
              {t("history.empty.body")}
            </EmptyState>
          )}
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={reloading} style={{ opacity: reloading ? 0.6 : 1, transition: "opacity 150ms" }}>
          {items.map((output) => (
            <OutputCard
              key={output.id}
              output={output}
              now={now}
              onChange={handleChange}
              onRemoved={(removed) => update((list) => removeItem(list, removed.id))}
              onRestored={(restored) => {
                if (belongs(restored)) update((list) => insertItem(list, restored));
              }}
            />
          ))}
        </SimpleGrid>
      )}

      {nextCursor ? (
        <Group justify="center">
          <Button variant="default" onClick={() => void loadMore()} loading={loadingMore}>
            {t("history.loadMore")}
          </Button>
        </Group>
      ) : items.length > page.items.length && items.length > 0 ? (
        <Text ta="center" size="sm" c="dimmed">
          {t("history.end")}
        </Text>
      ) : null}
    </Stack>
  );
}
