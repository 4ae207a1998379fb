// One saved output: content (as text, never HTML), template type, favorite heart, relative date and
// the actions copy, edit, delete (with Undo) and "inputs used". Self-contained: it talks to the API itself.
import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconCopy, IconHeart, IconHeartFilled, IconListDetails, IconPencil, IconTrash } from "@tabler/icons-react";
import { useId, useOptimistic, useState, useTransition, type CSSProperties } from "react";
import { Link } from "react-router";
import { templateTypeLabel } from "#app/templates/template-label.ts";
import { useI18n } from "#app/i18n/context.tsx";
import { getTemplateById, templatePath } from "#app/templates/registry.ts";
import { describeInputs } from "./output-inputs.ts";
import { checkOutputContent, maxOutputContentLength } from "./output-rules.ts";
import type { OutputView } from "./output-view.ts";
import { deleteOutputRequest, patchOutput, restoreOutputRequest } from "./outputs-client.ts";
import { formatExactDate, formatRelativeTime } from "./relative-time.ts";
import { useHydrated, useNow } from "./use-now.ts";
import { intlTag } from "#app/lib/intl.ts";
import { OutputLint } from "#app/features/rules/output-lint.tsx";

export interface OutputCardProps {
  output: OutputView;
  /**
   * The loader's Date.now(), so the server and the hydrating browser print the same relative date.
   * Without it the date appears right after hydration.
   */
  now?: number | null;
  /** After a favorite or content change was saved (the card already shows it). */
  onChange?(output: OutputView): void;
  /** After the output was deleted (the card hides itself and offers Undo in a toast). */
  onRemoved?(output: OutputView): void;
  /** After Undo brought a deleted output back. */
  onRestored?(output: OutputView): void;
}

const clampHeight = 168;

/** Long copy shows its first lines; "Show more" opens the rest (a plain button, no extra landmark per card). */
function ClampedText({ text, dir }: { text: string; dir?: "rtl" | "ltr" }) {
  const { t } = useI18n();
  const { ref, height } = useElementSize();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const clamped = height > clampHeight && !expanded;
  return (
    <>
      <div
        id={id}
        style={{
          maxHeight: expanded ? undefined : clampHeight,
          overflow: "hidden",
          maskImage: clamped ? "linear-gradient(to bottom, black 70%, transparent)" : undefined,
        }}
      >
        <Text ref={ref} size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} dir={dir}>
          {text}
        </Text>
      </div>
      {height > clampHeight ? (
        <Anchor component="button" type="button" size="sm" mt={4} aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((open) => !open)}>
          {t(expanded ? "outputs.showLess" : "outputs.showMore")}
        </Anchor>
      ) : null}
    </>
  );
}

export function OutputCard({ output, now: serverNow = null, onChange, onRemoved, onRestored }: OutputCardProps) {
  const { t, locale } = useI18n();
  const now = useNow(serverNow);
  const hydrated = useHydrated();
  const inputsId = useId();

  // The card's own copy of the output follows the prop whenever the parent passes a new one.
  const [view, setView] = useState(output);
  const [source, setSource] = useState(output);
  if (source !== output) {
    setSource(output);
    setView(output);
  }

  const [favorite, setOptimisticFavorite] = useOptimistic(view.favorite);
  const [, startTransition] = useTransition();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [editError, setEditError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [showInputs, setShowInputs] = useState(false);

  const typeLabel = templateTypeLabel(view.templateId, locale);
  const template = getTemplateById(view.templateId);
  const favoriteLabel = t(favorite ? "outputs.unfavorite" : "outputs.favorite");

  // Flips at once; the optimistic value falls back to the saved one when the request ends, so a failure flips it back.
  function toggleFavorite() {
    const next = !favorite;
    startTransition(async () => {
      setOptimisticFavorite(next);
      const result = await patchOutput(view.id, { favorite: next });
      if (!result.ok) {
        notifications.show({ color: "red", message: result.message ?? t("outputs.favoriteFailed") });
        return;
      }
      startTransition(() => {
        setView(result.data.output);
        onChange?.(result.data.output);
      });
    });
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(view.content);
      notifications.show({ color: "teal", message: t("outputs.copied") });
    } catch {
      notifications.show({ color: "red", message: t("outputs.copyFailed") });
    }
  }

  function startEditing() {
    setDraft(view.content);
    setEditError(null);
    setEditing(true);
  }

  async function save() {
    const checked = checkOutputContent(draft);
    if (!checked.ok) {
      setEditError(t(checked.key, checked.params));
      return;
    }
    setSaving(true);
    const result = await patchOutput(view.id, { content: checked.content });
    setSaving(false);
    if (!result.ok) {
      setEditError(result.message ?? t("outputs.saveFailed"));
      return;
    }
    setView(result.data.output);
    setEditing(false);
    onChange?.(result.data.output);
    notifications.show({ color: "teal", message: t("outputs.saved") });
  }

  async function undoDelete(deleted: OutputView, toastId: string) {
    notifications.hide(toastId);
    const result = await restoreOutputRequest(deleted.id);
    if (!result.ok) {
      notifications.show({ color: "red", message: result.message ?? t("outputs.undoFailed") });
      return;
    }
    setHidden(false);
    onRestored?.(result.data.output);
    notifications.show({ color: "teal", message: t("outputs.restored") });
  }

  async function remove() {
    setDeleting(true);
    const result = await deleteOutputRequest(view.id);
    setDeleting(false);
    if (!result.ok) {
      notifications.show({ color: "red", message: result.message ?? t("outputs.deleteFailed") });
      return;
    }
    const deleted = result.data.output;
    setHidden(true);
    onRemoved?.(deleted);
    const toastId = `output-deleted-${deleted.id}`;
    notifications.show({
      id: toastId,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <span>{t("outputs.deleted")}</span>
          <Button size="compact-sm" variant="light" onClick={() => void undoDelete(deleted, toastId)}>
            {t("outputs.undo")}
          </Button>
        </Group>
      ),
    });
  }

  if (hidden) return null;

  const inputs = describeInputs(view.templateId, view.inputs, locale);
  const editedMark = view.editedAt ? t("outputs.edited") : null;

  return (
    <Card component="article" withBorder padding="md" radius="md" aria-label={t("outputs.card", { type: typeLabel })} data-output-id={view.id} h="100%">
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge variant="light" style={{ minWidth: 0 }}>
            {typeLabel}
          </Badge>
          {view.marketplace ? (
            <Badge variant="outline" color="gray" style={{ minWidth: 0, "--badge-color": "var(--mantine-color-gray-8)" } as CSSProperties} title={t("outputs.writtenFor", { marketplace: view.marketplace })}>
              {view.marketplace}
            </Badge>
          ) : null}
        </Group>
        <Tooltip label={favoriteLabel} withArrow>
          <ActionIcon variant="subtle" color={favorite ? "red" : "gray"} size="lg" aria-label={favoriteLabel} onClick={toggleFavorite}>
            {favorite ? <IconHeartFilled size={20} aria-hidden /> : <IconHeart size={20} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>

      <div style={{ flex: 1 }}>
        {editing ? (
          <Stack gap="xs">
            <Textarea
              label={t("outputs.editLabel")}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              autosize
              minRows={4}
              maxRows={16}
              error={editError}
              description={`${draft.trim().length.toLocaleString(intlTag(locale))} / ${maxOutputContentLength.toLocaleString(intlTag(locale))}`}
              data-autofocus
              autoFocus
            />
            <Group gap="xs" justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setEditing(false)} disabled={saving}>
                {t("outputs.cancel")}
              </Button>
              <Button size="xs" onClick={() => void save()} loading={saving}>
                {t("outputs.save")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <ClampedText text={view.content} dir={view.language === "ar" ? "rtl" : undefined} />
            <OutputLint templateId={view.templateId} content={view.content} />
          </>
        )}
      </div>

      <Group justify="space-between" align="center" mt="sm" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <Tooltip label={hydrated ? formatExactDate(view.createdAt, locale) : ""} disabled={!hydrated} withArrow>
            <Text component="time" dateTime={view.createdAt} size="xs" c="dimmed">
              {now === null ? "" : formatRelativeTime(view.createdAt, now, locale, t("outputs.justNow"))}
            </Text>
          </Tooltip>
          {editedMark ? (
            <Text size="xs" c="dimmed">
              · {editedMark}
            </Text>
          ) : null}
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t("outputs.copy")} withArrow>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("outputs.copy")} onClick={() => void copy()}>
              <IconCopy size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("outputs.edit")} withArrow>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("outputs.edit")} onClick={startEditing} disabled={editing}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t(showInputs ? "outputs.inputs.hide" : "outputs.inputs.show")} withArrow>
            <ActionIcon
              variant={showInputs ? "light" : "subtle"}
              color="gray"
              size="lg"
              aria-label={t(showInputs ? "outputs.inputs.hide" : "outputs.inputs.show")}
              aria-expanded={showInputs}
              aria-controls={inputsId}
              onClick={() => setShowInputs((shown) => !shown)}
            >
              <IconListDetails size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t("outputs.delete")} withArrow>
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("outputs.delete")} onClick={() => void remove()} loading={deleting}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <div id={inputsId} hidden={!showInputs}>
        {showInputs ? (
          <Stack gap={6} mt="sm" pt="sm" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t("outputs.inputs.title")}
            </Text>
            {inputs.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("outputs.inputs.none")}
              </Text>
            ) : (
              <dl style={{ margin: 0 }}>
                {inputs.map((input) => (
                  <div key={input.name} style={{ marginBottom: 4 }}>
                    <Text component="dt" size="xs" c="dimmed">
                      {input.label}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                      {input.value}
                    </Text>
                  </div>
                ))}
              </dl>
            )}
            {template ? (
              <Anchor component={Link} to={`${templatePath(template)}?from=${encodeURIComponent(view.id)}`} size="sm" fw={600}>
                {t("outputs.reuse")}
              </Anchor>
            ) : null}
          </Stack>
        ) : null}
      </div>
    </Card>
  );
}
