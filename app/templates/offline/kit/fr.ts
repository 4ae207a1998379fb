// French (amazon.fr, amazon.ca, amazon.com.be): "vous" in either tone, as French listings do (the casual one
// is lighter in wording). The product's name is never given an article (its gender is unknown): it opens a
// sentence or stands beside a colon, and reviews say "ce produit" or "cet article"; adjectives that would
// agree with the name or with the reviewer ("déçu·e") are avoided. A no-break space goes before ":", ";",
// "?" and "!".
import type { OfflineLanguage } from "./types.ts";
import { capitalize, decimalCommas, headFirst, joinList, lowerFirst, titleCaser, withoutLeadingPack, withoutQuantity } from "./words.ts";

const list = (items: readonly string[]) => joinList(items, () => "et");

/** French spacing: a no-break space before a high punctuation mark ("pratique !", "Au programme : …"). */
const highPunctuation = /(?<=[\p{L}\p{N}»)\]’'.…])[ \u00a0]*([;:!?]+)(?=\s|$)/gu;
const typography = (text: string) => text.replace(highPunctuation, "\u00a0$1");

const elision = /(?<!\p{L})((?:[cdjlmnst]|qu)['’])(?=\p{L})/giu;

const stopWords = new Set(
  "à au aux avec c' ce ces cet cette chaque d' dans de des du elle en est et il j' l' la le les leur leurs n' ne nos notre on ou par pas plus pour qu' que qui s' sa sans se ses son sont sur toute toutes tous tout très un une vos votre vous".split(" "),
);
const packWords = new Set(["lot", "ensemble", "set", "kit", "coffret", "pack", "paquet", "pièces", "pcs"]);
const links = new Set(["de", "à", "a"]);

const titleCase = titleCaser(new Set(["à", "au", "aux", "avec", "de", "des", "du", "en", "et", "la", "le", "les", "ou", "par", "pour", "sans", "sur", "un", "une"]));

export const french: OfflineLanguage = {
  list,
  phrase: lowerFirst,
  numbers: decimalCommas,
  typography,
  templates: {
    description: {
      product: "ce produit",
      openings: {
        casual: [
          (name) => `Voici ${name} : le petit plus dont vous ne saviez pas avoir besoin.`,
          (name) => `${name} a tout pour vous simplifier la vie.`,
          (name) => `L'essayer, c'est l'adopter : ${name} va vite devenir indispensable.`,
          (name) => `${name} rend le quotidien un peu plus facile, et beaucoup plus agréable.`,
          (name) => `Les bonnes choses sont souvent les plus simples, et ${name} en est la preuve.`,
        ],
        formal: [
          (name) => `${name} : une qualité sur laquelle vous pouvez compter, jour après jour.`,
          (name) => `${name} simplifie les tâches du quotidien.`,
          (name) => `${name} : une finition soignée, un usage pratique et une qualité pensée pour durer.`,
          (name) => `Un choix fiable pour un usage quotidien : ${name}.`,
          (name) => `${name} allie un design réfléchi à une qualité durable.`,
        ],
      },
      summaries: {
        casual: [(items) => `Au programme : ${items}.`, (items) => `Les points forts ? ${capitalize(items)}.`, (items) => `Pourquoi on l'adore : ${items}.`],
        formal: [(items) => `Principaux avantages : ${items}.`, (items) => `Ses points forts : ${items}.`, (items) => `Parmi ses autres atouts : ${items}.`],
      },
      details: {
        casual: [(f) => `Et le meilleur ? ${capitalize(f)}.`, (f) => `Petit bonus : ${f}.`, (f) => `${capitalize(f)}. Que demander de plus ?`],
        formal: [(f) => `Un détail fait la différence : ${f}.`, (f) => `${capitalize(f)} : un atout pensé dès la conception.`, (f) => `Vous apprécierez également ce point : ${f}.`],
      },
      closings: {
        casual: [() => `Laissez-vous tenter et voyez la différence par vous-même.`, () => `Faites-vous plaisir, vous le méritez.`, (name) => `${name}, c'est le petit changement qui fait toute la différence.`],
        formal: [
          (name) => `${name} conjugue praticité, esthétique et durabilité.`,
          () => `Offrez-vous une valeur sûre, que vous utiliserez chaque jour.`,
          (name) => `Au quotidien, ${name} fera rapidement la différence.`,
        ],
      },
    },

    review: {
      product: "produit",
      reviews: {
        low: {
          casual: [
            "Franchement, ce produit est une déception. Il avait l'air prometteur, mais il n'a pas tenu plus de deux semaines et je cherche déjà autre chose.",
            "J'avais vraiment envie d'aimer cet article. Malheureusement, il faisait fragile dès le premier jour et ne remplit pas la fonction pour laquelle je l'ai acheté.",
            "Pas pour moi. Pas pratique à utiliser, et la qualité n'est tout simplement pas au rendez-vous pour un usage quotidien.",
          ],
          formal: [
            "Ce produit n'a pas répondu à mes attentes. La qualité de fabrication est inégale et des signes d'usure sont apparus dès les premières semaines d'utilisation régulière.",
            "Cet article est décevant. Il est moins solide qu'annoncé et ne fonctionne pas de manière fiable au quotidien.",
            "Malheureusement, ce produit ne correspond pas à mes besoins. Il demande plus d'efforts que prévu et la finition n'a pas tenu.",
          ],
        },
        mixed: {
          casual: [
            "C'est correct, sans plus. L'essentiel est là, mais certains détails font un peu bâclés. Ça suffit si on ne cherche rien de particulier.",
            "Avis mitigé. J'aime bien le look, mais au quotidien, c'est moins pratique que je ne l'espérais.",
            "Ça marche, la plupart du temps. Ce produit fait le travail, mais je m'attendais à un peu mieux pour un usage quotidien.",
          ],
          formal: [
            "Ce produit convient pour un usage occasionnel. Il remplit sa fonction principale, même si certaines finitions mériteraient plus de soin.",
            "Mon expérience avec cet article est mitigée. Le design est réussi, mais son côté pratique au quotidien reste moyen.",
            "Ce produit est correct. Il fait ce qu'il promet, mais sa qualité globale n'a rien d'exceptionnel.",
          ],
        },
        good: {
          casual: [
            "Vraiment un bon achat. Je m'en sers presque tous les jours et il tient très bien. Un petit détail pourrait être amélioré, mais je le rachèterais sans hésiter.",
            "Ce produit est un choix solide. Il a l'air bien fabriqué, se nettoie facilement et fonctionne, tout simplement.",
            "Bonne surprise ! Ce produit fait exactement ce dont j'avais besoin, et en plus il est joli.",
          ],
          formal: [
            "Ce produit s'est révélé fiable au quotidien. Il est bien fabriqué et facile à entretenir ; seuls quelques détails pourraient être améliorés.",
            "Cet achat me donne satisfaction. L'article fonctionne de manière constante et les matériaux semblent durables.",
            "Ce produit offre une bonne qualité pour un usage quotidien. Il est pratique, solide et agréable à utiliser.",
          ],
        },
        great: {
          casual: [
            "J'adore ce produit ! Je l'utilise tous les jours depuis des semaines et il est toujours comme neuf. Ça vaut vraiment le coup.",
            "Franchement bluffant. Cet article est solide, se nettoie en un clin d'œil et a un super look. J'en ai déjà commandé un deuxième pour l'offrir.",
            "Mon meilleur achat depuis longtemps. C'est exactement ce que je voulais, et on sent qu'il est fait pour durer.",
          ],
          formal: [
            "Ce produit a dépassé mes attentes. Il est remarquablement bien fabriqué, facile à entretenir et très agréable à utiliser au quotidien.",
            "Je recommande vivement cet article. La qualité se remarque dès la première utilisation, et il est resté en parfait état.",
            "Un produit remarquable. Il allie un design soigné à des performances fiables au quotidien.",
          ],
        },
      },
      details: {
        low: ["J'ai fini par le renvoyer.", "Je m'attendais à une meilleure qualité.", "Ça conviendra peut-être à quelqu'un qui en aura un usage plus léger.", "Sur les photos, ça a l'air plus solide qu'en vrai.", "Je n'en commanderai pas un deuxième."],
        mixed: ["Ça conviendra peut-être à quelqu'un qui en aura un usage plus léger.", "Au moins, il est arrivé bien emballé.", "Je continue à m'en servir, mais sans enthousiasme.", "Ça fera l'affaire pour l'instant.", "Avec quelques petites améliorations, ce serait parfait."],
        good: ["On sent la qualité des matériaux.", "Il est arrivé bien emballé et prêt à l'emploi.", "L'entretien ne demande quasiment aucun effort.", "Il se range facilement après usage.", "À la maison, tout le monde l'a remarqué tout de suite."],
        great: ["On sent la qualité des matériaux.", "Il est arrivé bien emballé et prêt à l'emploi.", "L'entretien ne demande quasiment aucun effort.", "Il se range facilement après usage.", "À la maison, tout le monde l'a remarqué tout de suite."],
      },
    },

    existingCopy: {
      // Not "juste" (also "accurate": "une mesure juste").
      fillers: /(?<![\p{L}\p{N}])(?:très|vraiment|(?:tout\s+)?simplement|absolument|totalement|extrêmement|littéralement|franchement|carrément|réellement|incroyablement|super|hyper)\s+/giu,
      benefits:
        /(?<![\p{L}\p{N}])(?:garde|gardent|rend|rendent|aide|aident|économise|économisent|protège|protègent|dure|durent|permet|permettent|offre|offrent|facilite|facilitent|s'adapte|faciles?|durables?|résistante?s?|confortables?|sûre?s?|pratiques?)(?![\p{L}\p{N}])/iu,
      abbreviations: ["p. ex.", "env.", "max.", "min.", "réf."],
      closings: ["Un choix simple et fiable.", "Conçu pour un usage quotidien.", "Facile à utiliser et à entretenir.", "Un allié pratique pour tous les jours."],
    },

    productTitle: {
      product: "Produit",
      titleCase,
      patterns: [
        ({ name, features }) => [name, ...features.slice(0, 3)].join(", "),
        ({ name, features: [f0, f1, f2] }) => `${name}${f0 ? ` avec ${list([f0, f1].filter((f) => f !== undefined))}` : ""}${f2 ? `, ${f2}` : ""}`,
        ({ name, features: [f0, f1, f2] }) => `${name} - ${[f1, f0, f2].filter(Boolean).join(", ") || "Usage Quotidien"}`,
        ({ name, features: [f0, f1, f2] }) => `${[name, f0].filter(Boolean).join(" ")}${f2 ? `, ${f2}` : ""}${f1 ? `, ${f1}` : ""}`,
      ],
      extras: ["Usage Quotidien", "Idée Cadeau", "Pour la Maison", "Design Pratique", "Indispensable du Quotidien"],
    },

    keywords: {
      product: "produit",
      stopWords,
      core: (words) => withoutQuantity(withoutLeadingPack(words, packWords, new Set(["de"]))),
      head: (core) => headFirst(core, links, stopWords),
      withRun: (head, run) => `${head} avec ${run}`,
      suggestions: (core, head) => [
        `${core} pour la maison`,
        `${head} cadeau`,
        `${head} solide`,
        `${core} usage quotidien`,
        `${head} lot`,
        `${head} facile à nettoyer`,
        `idée cadeau ${head}`,
        `${core} pour la famille`,
        `${head} réutilisable`,
        `${head} pour débutant`,
      ],
      prepare: (text) => text.replace(elision, "$1 "),
    },
  },
};
