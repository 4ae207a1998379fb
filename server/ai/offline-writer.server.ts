// The offline writer: used when no AI provider is configured. It composes readable copy from the
// inputs with fixed sentence patterns (deterministic: the same inputs give the same outputs), a
// different opening, structure and closing for each output, following the template, tone and rating.
// It streams word by word like a provider, so the page behaves the same with or without one.
import { isTemplateId, type TemplateId } from "#app/templates/registry.ts";
import type { TemplateInputs } from "#app/templates/types.ts";
import { ratingStars } from "#app/templates/rules.ts";
import type { AiConfig } from "#server/config.server.ts";
import { GenerationError } from "./errors.server.ts";
import { offlineModel } from "./providers.server.ts";
import { outputCount, sleep, type TextWriteRequest, type TextWriteResult, type WriteRequest, type WriteResult, type Writer } from "./writer-types.server.ts";
import { stableHash } from "#app/lib/hash.ts";

type Compose = (inputs: TemplateInputs, index: number, count: number) => string;

const hash = stableHash;

/** Picks the pattern for output `index`: consecutive outputs never share one. */
function pick<T>(list: readonly T[], seed: number, index: number, salt = 0): T {
  return list[(seed + index + salt * 7) % list.length]!;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
const titleCase = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((word) => (/^[a-z]/.test(word) ? capitalize(word) : word))
    .join(" ");

/** Benefit phrases from a free-text field: one per line, comma, semicolon or bullet. */
function phrases(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n|[;•]|,(?!\d)/)
    .map((part) => part.replace(/^\s*(?:[-*]|\d+[.)])\s*/, "").trim())
    .filter((part) => part.length > 1)
    .map((part) => lowerFirst(part.replace(/[.!?]+$/u, "")));
}

const stopWords = new Set(
  "a an and are as at be by for from has have in is it its of on or our that the this to with your you will can made make makes one two three very".split(" ").concat(
    "el la los las un una y de del en con para por que su sus es".split(" "),
  ),
);

// ---------------------------------------------------------------------------------------------
// Product description

// Feature phrases are whatever the seller typed ("gentle on knives", "3 sizes"), so they only appear
// where any phrase reads well: after a colon, in a list, or as a sentence of their own.
const describe: Compose = (inputs, index) => {
  const name = inputs.productName?.trim() || "this product";
  const features = phrases(inputs.keyBenefitsFeatures);
  const seed = hash(`description|${name}|${inputs.keyBenefitsFeatures}`);
  const casual = inputs.toneOfVoice === "Casual";
  const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
  const openings = casual
    ? [
        `Say hello to the ${name}, the easy upgrade you did not know you needed.`,
        `Meet the ${name}: made for real life, and ready when you are.`,
        `Once you try the ${name}, there is no going back.`,
        `The ${name} makes everyday life a little easier, and a lot nicer.`,
        `Good things come in simple packages, and the ${name} proves it.`,
      ]
    : [
        `Discover the ${name}, designed for people who value quality they can rely on.`,
        `The ${name} is made to make everyday tasks simpler.`,
        `Meet the ${name}: practical, well made and ready for daily use.`,
        `Introducing the ${name}, a dependable choice for everyday use.`,
        `The ${name} combines thoughtful design with lasting quality.`,
      ];
  const summaries = casual
    ? [(items: string[]) => `Here is what you get: ${list(items)}.`, (items: string[]) => `The highlights? ${capitalize(list(items))}.`, (items: string[]) => `What makes it great: ${list(items)}.`]
    : [(items: string[]) => `Key benefits: ${list(items)}.`, (items: string[]) => `What sets it apart: ${list(items)}.`, (items: string[]) => `Highlights include the following: ${list(items)}.`];
  const details = casual
    ? [(f: string) => `And the best part? ${capitalize(f)}.`, (f: string) => `Bonus: ${f}.`, (f: string) => `${capitalize(f)}. Need we say more?`]
    : [(f: string) => `One detail stands out: ${f}.`, (f: string) => `${capitalize(f)}, designed in from the start.`, (f: string) => `You will also appreciate this: ${f}.`];
  const closings = casual
    ? [`Grab the ${name} and see the difference for yourself.`, `Treat yourself to the ${name}. You deserve it.`, `The ${name} is the little upgrade that makes a big difference.`]
    : [`Choose the ${name} for a dependable upgrade you will reach for every day.`, `The ${name} is a practical choice that looks good and lasts.`, `Add the ${name} to your routine and enjoy the difference it makes.`];
  // Each output leads with a different feature, so the emphasis changes as well as the wording.
  const turn = features.length > 0 ? index % features.length : 0;
  const ordered = [...features.slice(turn), ...features.slice(0, turn)];
  const [lead, ...rest] = ordered;
  const sentences = [pick(openings, seed, index)];
  if (lead) sentences.push(pick(details, seed, index, 1)(lead));
  if (rest.length > 0) sentences.push(pick(summaries, seed, index, 2)(rest.slice(0, 4)));
  sentences.push(pick(closings, seed, index, 3));
  return sentences.join(" ");
};

// ---------------------------------------------------------------------------------------------
// Reviews

const reviewBank: Record<"low" | "mixed" | "good" | "great", { casual: string[]; formal: string[] }> = {
  low: {
    casual: [
      "Honestly, the {name} let me down. It looked promising, but it did not hold up after a couple of weeks and I am looking for something else.",
      "I wanted to like the {name}, I really did. Sadly it felt flimsy from day one and it did not do the job I bought it for.",
      "Not for me. The {name} was fiddly to use and the quality just is not there for everyday use.",
    ],
    formal: [
      "The {name} did not meet my expectations. The build quality felt inconsistent and it showed wear within the first weeks of regular use.",
      "I was disappointed with the {name}. It was less sturdy than described and did not perform reliably in daily use.",
      "Unfortunately the {name} did not suit my needs. It required more effort than expected and the finish did not last.",
    ],
  },
  mixed: {
    casual: [
      "The {name} is okay. It does the basics, but a few details feel like an afterthought. Fine if you do not need anything fancy.",
      "Mixed feelings about the {name}. I like how it looks, but it is not as practical day to day as I hoped.",
      "It works, mostly. The {name} gets the job done, though I expected a bit more for everyday use.",
    ],
    formal: [
      "The {name} is adequate for occasional use. It performs its main task, although some details could be better finished.",
      "My experience with the {name} has been mixed. The design is appealing, but its everyday practicality is average.",
      "The {name} is serviceable. It does what it promises, though the overall quality is not exceptional.",
    ],
  },
  good: {
    casual: [
      "Really happy with the {name}. I use it almost every day and it has held up great. One small thing could be better, but I would still buy it again.",
      "The {name} is a solid pick. It feels well made, it is easy to clean, and it just works.",
      "Pleasantly surprised by the {name}. It does exactly what I needed and looks nice doing it.",
    ],
    formal: [
      "The {name} has been a reliable addition to my routine. It is well made and easy to maintain, with only minor room for improvement.",
      "I am satisfied with the {name}. It performs consistently and the materials feel durable.",
      "The {name} offers good quality for everyday use. It is practical, sturdy and pleasant to use.",
    ],
  },
  great: {
    casual: [
      "I love the {name}! I have used it every day for weeks and it still looks brand new. Totally worth it.",
      "The {name} blew me away. It is sturdy, easy to clean and looks great. I already bought one as a gift.",
      "Best purchase I have made in a while. The {name} is exactly what I wanted, and it feels built to last.",
    ],
    formal: [
      "The {name} exceeded my expectations. It is exceptionally well made, easy to care for and a pleasure to use every day.",
      "I highly recommend the {name}. The quality is evident from the first use, and it has remained in excellent condition.",
      "The {name} is an outstanding product. It combines a refined design with dependable everyday performance.",
    ],
  },
};

const reviewDetails: Record<keyof typeof reviewBank, string[]> = {
  low: ["I ended up sending it back.", "I expected better quality.", "It might suit someone with lighter needs.", "The photos made it look sturdier than it is.", "I will not be ordering another one."],
  mixed: ["It might suit someone with lighter needs.", "It arrived well packed, at least.", "I keep using it, but I am not in love with it.", "Good enough for now.", "A small redesign would make it great."],
  good: ["I have used it almost every day since it arrived.", "It arrived well packed and was ready to use straight away.", "Looking after it takes almost no effort.", "It is easy to store when I am done.", "People at home noticed it right away."],
  great: ["I have used it almost every day since it arrived.", "It arrived well packed and was ready to use straight away.", "Looking after it takes almost no effort.", "It is easy to store when I am done.", "People at home noticed it right away."],
};

const review: Compose = (inputs, index) => {
  const name = inputs.productName?.trim() || "product";
  const stars = ratingStars(inputs.rating);
  const band = stars <= 1 ? "low" : stars <= 3 ? "mixed" : stars === 4 ? "good" : "great";
  const tone = inputs.toneOfVoice === "Casual" ? "casual" : "formal";
  const seed = hash(`review|${name}|${inputs.rating}`);
  const base = pick(reviewBank[band][tone], seed, index).replaceAll("{name}", name);
  return `${base} ${pick(reviewDetails[band], seed, index, 1)}`;
};

// ---------------------------------------------------------------------------------------------
// Improve existing copy

const fillers = /\b(?:very|really|just|basically|actually|literally|totally|extremely|quite|truly)\s+/gi;

function sentences(text: string): string[] {
  return (
    text
      .replace(/\s+/g, " ")
      .match(/[^.!?]+[.!?]*/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? []
  );
}

function tidy(sentence: string): string {
  const cleaned = sentence
    .replace(fillers, "")
    .replace(/\b([A-Z]{4,})\b/g, (word) => capitalize(word.toLowerCase()))
    .replace(/!{2,}/g, "!")
    .replace(/\s+([,.!?])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
  const withStop = /[.!?]$/.test(cleaned) ? cleaned : `${cleaned}.`;
  return capitalize(withStop.replace(/!$/, "."));
}

const benefitWords = /\b(?:keeps?|makes?|helps?|saves?|protects?|lasts?|lets?|gives?|fits?|easy|durable|comfortable|safe)\b/i;

const closingLines = ["A simple, dependable choice.", "Made for everyday use.", "Easy to use and easy to look after.", "A practical pick for every day."];

const improveCopy: Compose = (inputs, index) => {
  const original = sentences(inputs.copy ?? "").map(tidy);
  if (original.length === 0) return "";
  const lead = original.findIndex((s) => benefitWords.test(s));
  const variants = [
    original.join(" "),
    // Lead with the strongest benefit.
    (lead > 0 ? [original[lead]!, ...original.filter((_, i) => i !== lead)] : [...original].reverse()).join(" "),
    // Tighter: the first clause of long sentences.
    original.map((s) => (s.split(/\s+/).length > 18 ? tidy(s.split(/,|;| - | – /)[0]!) : s)).join(" "),
  ];
  const text = variants[index % variants.length]!;
  // Short copy can read the same in every variant: a neutral closing line keeps the outputs distinct.
  const repeated = variants.slice(0, index % variants.length).includes(text) || index >= variants.length;
  return repeated ? `${text} ${closingLines[index % closingLines.length]}` : text;
};

// ---------------------------------------------------------------------------------------------
// Product title

const titleExtras = ["Everyday Essential", "Gift Idea", "Home Upgrade", "Practical Design", "Daily Use"];

const productTitle: Compose = (inputs, index) => {
  const brand = inputs.brand?.trim();
  const name = titleCase(inputs.productName?.trim() || "Product");
  const all = phrases(inputs.keyFeatures).map(titleCase);
  const patterns = 4;
  // Beyond the four patterns, the features rotate and a neutral extra keeps titles distinct.
  const turn = Math.floor(index / patterns);
  const features = all.length > 0 ? [...all.slice(turn % all.length), ...all.slice(0, turn % all.length)] : [];
  if (turn > 0) features.push(titleExtras[(turn - 1) % titleExtras.length]!);
  const [f0, f1, f2] = features;
  const withBrand = (text: string) => (brand && !text.toLowerCase().startsWith(brand.toLowerCase()) ? `${titleCase(brand)} ${text}` : text);
  const compose = [
    () => withBrand([name, ...features.slice(0, 3)].join(", ")),
    () => withBrand(`${name}${f0 ? ` With ${f0}` : ""}${f1 ? ` And ${f1}` : ""}${f2 ? `, ${f2}` : ""}`),
    () => withBrand(`${name} - ${[f1, f0, f2].filter(Boolean).join(", ") || "Everyday Essential"}`),
    () => withBrand(`${[f0, name].filter(Boolean).join(" ")}${f1 ? `, ${f1}` : ""}${f2 ? `, ${f2}` : ""}`),
  ];
  return pick(compose, hash(`title|${name}|${inputs.keyFeatures}`), index)();
};

// ---------------------------------------------------------------------------------------------
// Keywords (one output: `count` phrases, one per line)

const packWords = new Set(["set", "sets", "pack", "kit", "bundle", "pair", "pieces", "piece", "pcs", "juego", "paquete", "kit"]);

const keywords: Compose = (inputs, _index, count) => {
  const nameWords: string[] = (inputs.productName ?? "").toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  const core = packWords.has(nameWords.at(-1) ?? "") && nameWords.length > 1 ? nameWords.slice(0, -1) : nameWords;
  const coreText = core.join(" ") || "product";
  const head = core.slice(-2).join(" ") || coreText;
  const candidates: string[] = [];
  const add = (phrase: string) => {
    const clean = phrase.replace(/\s+/g, " ").trim();
    if (clean && !candidates.includes(clean)) candidates.push(clean);
  };
  add(nameWords.join(" "));
  add(coreText);
  add(head);
  // Runs of two to four words with no small word between them ("deep juice grooves", "organic bamboo boards").
  const runs: string[] = [];
  for (const part of (inputs.productDescription ?? "").toLowerCase().split(/[^\p{L}\p{N}'\s-]+/u)) {
    let run: string[] = [];
    for (const word of [...part.split(/\s+/), ""]) {
      if (word && !stopWords.has(word)) {
        run.push(word);
        continue;
      }
      if (run.length >= 2 && run.length <= 4) runs.push(run.join(" "));
      run = [];
    }
  }
  for (const run of runs) add(run.split(" ").some((word) => nameWords.includes(word) || nameWords.includes(word.replace(/s$/, ""))) ? run : `${head} with ${run}`);
  for (const phrase of [`${coreText} for home`, `${head} gift`, `durable ${head}`, `${coreText} for everyday use`, `${head} set`, `easy to clean ${head}`, `${head} gift idea`, `${coreText} for family`, `reusable ${head}`, `${head} for beginners`]) add(phrase);
  return candidates.slice(0, count).join("\n");
};

// ---------------------------------------------------------------------------------------------

/** One composer per template: a new template fails typecheck here until the offline writer can write it. */
const composers = {
  description: describe,
  review,
  existingCopy: improveCopy,
  productTitle,
  keywords,
} satisfies Record<TemplateId, Compose>;

/** The outputs the offline writer writes for a request (exported for tests). */
export function composeOffline(templateId: TemplateId, inputs: TemplateInputs, count: number, outputs: number): string[] {
  const compose: Compose = composers[templateId];
  return Array.from({ length: outputs }, (_, index) => compose(inputs, index, count));
}

export function createOfflineWriter(ai: Pick<AiConfig, "offlineWordDelayMs">): Writer {
  /** Streams `text` word by word, as a provider would. */
  async function stream(text: string, signal: AbortSignal, onDelta: (word: string) => void): Promise<void> {
    try {
      for (const word of text.match(/\s*\S+/g) ?? []) {
        if (ai.offlineWordDelayMs > 0) await sleep(ai.offlineWordDelayMs, signal);
        else if (signal.aborted) throw signal.reason;
        onDelta(word);
      }
    } catch (error) {
      if (signal.aborted) throw new GenerationError("cancelled", "the generation was cancelled", { cause: error });
      throw error;
    }
  }
  return {
    provider: "offline",
    model: offlineModel,
    offline: true,
    async write(request: WriteRequest): Promise<WriteResult> {
      const { template, inputs, count, signal } = request;
      const total = outputCount(template, count);
      if (!isTemplateId(template.id)) throw new GenerationError("internal", `the offline writer has no composer for template ${template.id}`);
      const drafts = composeOffline(template.id, inputs, count, total);
      const outputs: string[] = [];
      for (const [index, draft] of drafts.entries()) {
        await stream(draft, signal, (word) => request.onDelta(index, word));
        const content = (template.finalize ? template.finalize(draft) : draft).trim();
        outputs.push(content);
        request.onOutput(index, content);
      }
      return { outputs, inputTokens: null, outputTokens: null, calls: 0 };
    },
    async writeText(request: TextWriteRequest): Promise<TextWriteResult> {
      const text = request.offlineText();
      await stream(text, request.signal, request.onDelta);
      return { text, inputTokens: null, outputTokens: null, calls: 0 };
    },
  };
}
