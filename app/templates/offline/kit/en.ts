// English: the offline writer's first language, and the one for any language it does not write.
import type { OfflineLanguage } from "./types.ts";
import { capitalize, joinList } from "./words.ts";

const list = (items: readonly string[]) => joinList(items, () => "and");

/** Small words that end a keyword run (Spanish ones too: sellers mix them in). */
export const englishStopWords: ReadonlySet<string> = new Set(
  "a an and are as at be by for from has have in is it its of on or our that the this to with your you will can made make makes one two three very".split(" ").concat(
    "el la los las un una y de del en con para por que su sus es".split(" "),
  ),
);

const packWords = new Set(["set", "sets", "pack", "kit", "bundle", "pair", "pieces", "piece", "pcs", "juego", "paquete", "kit"]);

/** English title case: every word starts with a capital ("With", "And" too), as Amazon's English titles do. */
const titleCase = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((word) => (/^[a-z]/.test(word) ? capitalize(word) : word))
    .join(" ");

export const english: OfflineLanguage = {
  list,
  phrase: (text) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text),
  numbers: (text) => text,
  typography: (text) => text,
  templates: {
    // Feature phrases are whatever the seller typed ("gentle on knives", "3 sizes"), so they only appear
    // where any phrase reads well: after a colon, in a list, or as a sentence of their own.
    description: {
      product: "this product",
      openings: {
        casual: [
          (name) => `Say hello to the ${name}, the easy upgrade you did not know you needed.`,
          (name) => `Meet the ${name}: made for real life, and ready when you are.`,
          (name) => `Once you try the ${name}, there is no going back.`,
          (name) => `The ${name} makes everyday life a little easier, and a lot nicer.`,
          (name) => `Good things come in simple packages, and the ${name} proves it.`,
        ],
        formal: [
          (name) => `Discover the ${name}, designed for people who value quality they can rely on.`,
          (name) => `The ${name} is made to make everyday tasks simpler.`,
          (name) => `Meet the ${name}: practical, well made and ready for daily use.`,
          (name) => `Introducing the ${name}, a dependable choice for everyday use.`,
          (name) => `The ${name} combines thoughtful design with lasting quality.`,
        ],
      },
      summaries: {
        casual: [(items) => `Here is what you get: ${items}.`, (items) => `The highlights? ${capitalize(items)}.`, (items) => `What makes it great: ${items}.`],
        formal: [(items) => `Key benefits: ${items}.`, (items) => `What sets it apart: ${items}.`, (items) => `Highlights include the following: ${items}.`],
      },
      details: {
        casual: [(f) => `And the best part? ${capitalize(f)}.`, (f) => `Bonus: ${f}.`, (f) => `${capitalize(f)}. Need we say more?`],
        formal: [(f) => `One detail stands out: ${f}.`, (f) => `${capitalize(f)}, designed in from the start.`, (f) => `You will also appreciate this: ${f}.`],
      },
      closings: {
        casual: [(name) => `Grab the ${name} and see the difference for yourself.`, (name) => `Treat yourself to the ${name}. You deserve it.`, (name) => `The ${name} is the little upgrade that makes a big difference.`],
        formal: [
          (name) => `Choose the ${name} for a dependable upgrade you will reach for every day.`,
          (name) => `The ${name} is a practical choice that looks good and lasts.`,
          (name) => `Add the ${name} to your routine and enjoy the difference it makes.`,
        ],
      },
    },

    review: {
      product: "product",
      reviews: {
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
      },
      details: {
        low: ["I ended up sending it back.", "I expected better quality.", "It might suit someone with lighter needs.", "The photos made it look sturdier than it is.", "I will not be ordering another one."],
        mixed: ["It might suit someone with lighter needs.", "It arrived well packed, at least.", "I keep using it, but I am not in love with it.", "Good enough for now.", "A small redesign would make it great."],
        good: ["I have used it almost every day since it arrived.", "It arrived well packed and was ready to use straight away.", "Looking after it takes almost no effort.", "It is easy to store when I am done.", "People at home noticed it right away."],
        great: ["I have used it almost every day since it arrived.", "It arrived well packed and was ready to use straight away.", "Looking after it takes almost no effort.", "It is easy to store when I am done.", "People at home noticed it right away."],
      },
    },

    existingCopy: {
      fillers: /\b(?:very|really|just|basically|actually|literally|totally|extremely|quite|truly)\s+/gi,
      benefits: /\b(?:keeps?|makes?|helps?|saves?|protects?|lasts?|lets?|gives?|fits?|easy|durable|comfortable|safe)\b/i,
      abbreviations: ["e.g.", "i.e.", "approx.", "vs."],
      closings: ["A simple, dependable choice.", "Made for everyday use.", "Easy to use and easy to look after.", "A practical pick for every day."],
    },

    productTitle: {
      product: "Product",
      titleCase,
      patterns: [
        ({ name, features }) => [name, ...features.slice(0, 3)].join(", "),
        ({ name, features: [f0, f1, f2] }) => `${name}${f0 ? ` With ${f0}` : ""}${f1 ? ` And ${f1}` : ""}${f2 ? `, ${f2}` : ""}`,
        ({ name, features: [f0, f1, f2] }) => `${name} - ${[f1, f0, f2].filter(Boolean).join(", ") || "Everyday Essential"}`,
        ({ name, features: [f0, f1, f2] }) => `${[f0, name].filter(Boolean).join(" ")}${f1 ? `, ${f1}` : ""}${f2 ? `, ${f2}` : ""}`,
      ],
      extras: ["Everyday Essential", "Gift Idea", "Home Upgrade", "Practical Design", "Daily Use"],
    },

    keywords: {
      product: "product",
      stopWords: englishStopWords,
      core: (words) => (packWords.has(words.at(-1) ?? "") && words.length > 1 ? words.slice(0, -1) : [...words]),
      head: (core) => core.slice(-2),
      withRun: (head, run) => `${head} with ${run}`,
      suggestions: (core, head) => [
        `${core} for home`,
        `${head} gift`,
        `durable ${head}`,
        `${core} for everyday use`,
        `${head} set`,
        `easy to clean ${head}`,
        `${head} gift idea`,
        `${core} for family`,
        `reusable ${head}`,
        `${head} for beginners`,
      ],
    },
  },
};
