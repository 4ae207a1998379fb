// German (amazon.de): descriptions address the buyer as "Sie" in either tone (the casual one is lighter in
// wording, not in register); reviews speak as buyers do. The product's name is never given an article (its
// gender is unknown): it opens a sentence or stands beside a colon or dash, and reviews say "das Produkt".
import type { OfflineLanguage } from "./types.ts";
import { capitalize, decimalCommas, isNumber, joinList, titleCaser, withoutQuantity } from "./words.ts";

const list = (items: readonly string[]) => joinList(items, () => "und");

// German nouns keep their capital, so a seller's phrase ("Schonend für Messer", "Tiefe Saftrillen") loses it
// only when its first word is plainly not a noun: an adjective or participle, a number word, an article or
// a preposition.
const adjectiveSuffix = /^\p{L}{3,}(?:ig|lich|isch|sam|haft|los|bar|fest|frei|dicht|fähig|gerecht)(?:e|er|es|en|em)?$/iu;
const participle = /^\p{L}{3,}(?<!g)end$/iu;
const adjectives =
  /^(?:leicht|schwer|groß|gross|klein|stark|weich|hart|dick|dünn|breit|schmal|lang|kurz|hoch|tief|flach|neu|schnell|sanft|stabil|robust|ideal|perfekt|praktisch|einfach|schön|warm|kalt|heiß|kühl|sauber|rund|hell|dunkel|bunt|extra|edel|fein|glatt|scharf|sicher|gut|besser|optimal|kompakt|elegant|modern|klassisch|natürlich|nachhaltig|hochwertig|langlebig)(?:e|er|es|en|em)?$/iu;
const smallWords =
  /^(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|mehrere|viele|alle|verschiedene|mit|für|aus|von|ohne|in|im|zum|zur|auf|dank|bis|sehr|besonders|super|ganz|inklusive|inkl)$/iu;
const nouns = /^(?:honig|könig|käfig|essig|pfennig|zweig|balsam|minibar|sommerfest|volksfest|oktoberfest|\p{L}*(?:schreib|ess|couch|beistell|nacht|garten|klapp|küchen|wickel|camping|computer|steh|bistro|tee|sofa|spiel|konsolen)tisch|\p{L}*fisch)$/iu;

function phrase(text: string): string {
  const first = text.match(/^\p{Lu}\p{Ll}+(?=\s|$)/u)?.[0];
  if (!first || nouns.test(first)) return text;
  const notNoun = adjectiveSuffix.test(first) || participle.test(first) || adjectives.test(first) || smallWords.test(first);
  return notNoun ? first.toLowerCase() + text.slice(first.length) : text;
}

const stopWords = new Set(
  "aber alle als am an auf aus bei bis da dank das dem den der des die dies diese diesem diesen dieser dieses durch ein eine einem einen einer eines er es für fürs hat haben ihr ihre ihrem ihren im in ist jede jeder jedes mit nach nicht noch nur oder ohne sehr sich sie sind so sowie über um und unser unsere unter vom von vor wie wird werden zu zum zur".split(" "),
);
const packWords = new Set(["set", "sets", "pack", "packung", "kit", "stück", "stk", "teilig", "teile", "paar", "bundle"]);
const prepositions = new Set(["aus", "mit", "für", "fürs", "von", "vom", "in", "im", "zum", "zur", "und", "ohne", "inkl", "inklusive"]);

const titleCase = titleCaser(new Set(["aus", "der", "die", "das", "den", "dem", "des", "ein", "eine", "für", "im", "in", "mit", "oder", "ohne", "und", "von", "vom", "zum", "zur", "x"]));

export const german: OfflineLanguage = {
  list,
  phrase,
  numbers: decimalCommas,
  typography: (text) => text,
  templates: {
    description: {
      product: "dieses Produkt",
      openings: {
        casual: [
          (name) => `${name} ist das kleine Upgrade, von dem Sie gar nicht wussten, dass Sie es brauchen.`,
          (name) => `Darf ich vorstellen: ${name} – gemacht für den echten Alltag und sofort startklar.`,
          (name) => `Einmal ausprobiert, nie mehr hergegeben: ${name} wird im Handumdrehen zu Ihrem neuen Lieblingsstück.`,
          (name) => `${name} macht den Alltag ein bisschen leichter – und ein ganzes Stück schöner.`,
          (name) => `Gute Dinge müssen nicht kompliziert sein – ${name} ist der beste Beweis.`,
        ],
        formal: [
          (name) => `${name} – entwickelt für alle, die im Alltag Wert auf verlässliche Qualität legen.`,
          (name) => `${name} macht alltägliche Aufgaben spürbar einfacher.`,
          (name) => `${name}: praktisch, sorgfältig verarbeitet und bereit für den täglichen Einsatz.`,
          (name) => `Zuverlässig im Alltag, durchdacht im Detail: ${name}.`,
          (name) => `${name} verbindet durchdachtes Design mit langlebiger Qualität.`,
        ],
      },
      summaries: {
        casual: [(items) => `Das bekommen Sie: ${items}.`, (items) => `Die Highlights? ${capitalize(items)}.`, (items) => `Darum lohnt es sich: ${items}.`],
        formal: [(items) => `Die wichtigsten Vorteile im Überblick: ${items}.`, (items) => `Das zeichnet dieses Produkt aus: ${items}.`, (items) => `Zu den weiteren Merkmalen zählen: ${items}.`],
      },
      details: {
        casual: [(f) => `Und das Beste? ${capitalize(f)}.`, (f) => `Kleiner Bonus: ${f}.`, (f) => `${capitalize(f)}. Noch Fragen?`],
        formal: [(f) => `Ein Detail überzeugt besonders: ${f}.`, (f) => `${capitalize(f)} – von Anfang an mitgedacht.`, (f) => `Das werden Sie ebenfalls zu schätzen wissen: ${f}.`],
      },
      closings: {
        casual: [() => `Einfach ausprobieren und den Unterschied selbst erleben.`, () => `Gönnen Sie sich etwas Gutes – Sie haben es sich verdient.`, (name) => `${name} – kleine Veränderung, große Wirkung. Probieren Sie es aus.`],
        formal: [
          (name) => `${name} ist eine verlässliche Wahl, zu der Sie jeden Tag gern greifen werden.`,
          (name) => `${name} ist praktisch, sieht gut aus und hält lange.`,
          (name) => `Überzeugen Sie sich selbst: ${name} wird schnell zu einem festen Bestandteil Ihres Alltags.`,
        ],
      },
    },

    review: {
      product: "Produkt",
      reviews: {
        low: {
          casual: [
            "Ehrlich gesagt hat mich das Teil enttäuscht. Sah vielversprechend aus, hat aber schon nach ein paar Wochen schlappgemacht – ich schaue mich jetzt nach etwas anderem um.",
            "Ich wollte das Produkt wirklich mögen. Leider wirkte es vom ersten Tag an wackelig und hat nicht das gemacht, wofür ich es gekauft habe.",
            "Nichts für mich. Die Handhabung ist fummelig, und für den täglichen Gebrauch reicht die Qualität einfach nicht aus.",
          ],
          formal: [
            "Das Produkt hat meine Erwartungen nicht erfüllt. Die Verarbeitung wirkt ungleichmäßig, und schon nach wenigen Wochen regelmäßiger Nutzung zeigten sich Gebrauchsspuren.",
            "Ich bin von diesem Produkt enttäuscht. Es ist weniger stabil als beschrieben und hat im Alltag nicht zuverlässig funktioniert.",
            "Leider entspricht das Produkt nicht meinen Anforderungen. Die Handhabung ist aufwendiger als erwartet, und die Oberfläche hat nicht lange gehalten.",
          ],
        },
        mixed: {
          casual: [
            "Ganz okay. Das Wichtigste kann es, aber manche Details wirken wie nachträglich drangebastelt. Reicht, wenn man nichts Besonderes braucht.",
            "Gemischte Gefühle. Optisch gefällt es mir, im Alltag ist es aber nicht so praktisch, wie ich gehofft hatte.",
            "Funktioniert, meistens jedenfalls. Es erfüllt seinen Zweck, aber für den täglichen Gebrauch hätte ich etwas mehr erwartet.",
          ],
          formal: [
            "Für den gelegentlichen Gebrauch ist das Produkt ausreichend. Die Hauptfunktion erfüllt es, einige Details könnten jedoch sorgfältiger verarbeitet sein.",
            "Meine Erfahrungen mit diesem Produkt sind gemischt. Das Design ist ansprechend, die Alltagstauglichkeit jedoch nur durchschnittlich.",
            "Das Produkt ist brauchbar. Es hält, was es verspricht, die Qualität insgesamt ist jedoch nicht herausragend.",
          ],
        },
        good: {
          casual: [
            "Bin echt zufrieden. Ich nutze es fast jeden Tag, und es hält super. Eine Kleinigkeit könnte besser sein, aber ich würde es wieder kaufen.",
            "Eine solide Wahl. Fühlt sich hochwertig an, lässt sich leicht reinigen und funktioniert einfach.",
            "Positiv überrascht! Macht genau das, was ich brauche, und sieht dabei auch noch gut aus.",
          ],
          formal: [
            "Das Produkt hat sich in meinem Alltag als zuverlässig erwiesen. Es ist gut verarbeitet und leicht zu pflegen, nur an wenigen Stellen gibt es noch Verbesserungspotenzial.",
            "Ich bin mit dem Produkt zufrieden. Es funktioniert zuverlässig, und die Materialien wirken langlebig.",
            "Gute Qualität für den täglichen Gebrauch. Das Produkt ist praktisch, stabil und angenehm in der Handhabung.",
          ],
        },
        great: {
          casual: [
            "Ich liebe es! Seit Wochen jeden Tag im Einsatz und sieht immer noch aus wie neu. Hat sich total gelohnt.",
            "Hat mich echt umgehauen. Stabil, leicht zu reinigen und sieht klasse aus. Ich habe direkt noch eins zum Verschenken bestellt.",
            "Mein bester Kauf seit Langem. Genau das, was ich wollte, und es fühlt sich an, als würde es ewig halten.",
          ],
          formal: [
            "Das Produkt hat meine Erwartungen übertroffen. Es ist hervorragend verarbeitet, pflegeleicht und im täglichen Gebrauch eine Freude.",
            "Ich kann dieses Produkt uneingeschränkt empfehlen. Die Qualität überzeugt vom ersten Gebrauch an, und es ist nach wie vor in einwandfreiem Zustand.",
            "Ein hervorragendes Produkt. Es verbindet durchdachtes Design mit zuverlässiger Leistung im Alltag.",
          ],
        },
      },
      details: {
        low: ["Ich habe es zurückgeschickt.", "Ich hatte eine bessere Qualität erwartet.", "Für weniger anspruchsvolle Zwecke mag es reichen.", "Auf den Fotos wirkt es stabiler, als es ist.", "Noch einmal bestelle ich es nicht."],
        mixed: ["Für weniger anspruchsvolle Zwecke mag es reichen.", "Immerhin kam es gut verpackt an.", "Ich benutze es weiter, aber begeistert bin ich nicht.", "Für den Moment reicht es.", "Mit ein paar kleinen Änderungen wäre es richtig gut."],
        good: ["Die Materialien fühlen sich wertig an.", "Es kam gut verpackt an und war sofort einsatzbereit.", "Die Pflege ist kinderleicht.", "Nach dem Gebrauch lässt es sich leicht verstauen.", "Zu Hause ist es sofort allen aufgefallen."],
        great: ["Die Materialien fühlen sich wertig an.", "Es kam gut verpackt an und war sofort einsatzbereit.", "Die Pflege ist kinderleicht.", "Nach dem Gebrauch lässt es sich leicht verstauen.", "Zu Hause ist es sofort allen aufgefallen."],
      },
    },

    existingCopy: {
      // Not "einfach" (also "easy": "einfach zu reinigen") nor "echt" ("echt Leder").
      fillers: /(?<![\p{L}\p{N}])(?:sehr|wirklich|eigentlich|total|extrem|ziemlich|absolut|wahnsinnig|super|quasi|tatsächlich|unglaublich)\s+/giu,
      benefits: /(?<![\p{L}\p{N}])(?:hält|halten|macht|machen|hilft|helfen|spart|sparen|schützt|schützen|bietet|bieten|passt|passen|sorgt|sorgen|ermöglicht|ermöglichen|leicht|einfach|(?:langlebig|robust|bequem|sicher|pflegeleicht|stabil)(?:e|er|es|en|em)?)(?![\p{L}\p{N}])/iu,
      abbreviations: ["z. B.", "ca.", "bzw.", "inkl.", "d. h.", "u. a.", "evtl.", "ggf.", "max.", "min.", "Nr."],
      closings: ["Eine einfache, zuverlässige Wahl.", "Gemacht für den täglichen Gebrauch.", "Einfach in der Handhabung und leicht zu pflegen.", "Eine praktische Wahl für jeden Tag."],
    },

    productTitle: {
      product: "Produkt",
      titleCase,
      patterns: [
        ({ name, features }) => [name, ...features.slice(0, 3)].join(", "),
        ({ name, features: [f0, f1, f2] }) => `${name}${f0 ? ` mit ${list([f0, f1].filter((f) => f !== undefined))}` : ""}${f2 ? `, ${f2}` : ""}`,
        ({ name, features: [f0, f1, f2] }) => `${name} - ${[f1, f0, f2].filter(Boolean).join(", ") || "Praktisch im Alltag"}`,
        ({ name, features: [f0, f1, f2] }) => `${[name, f0].filter(Boolean).join(" ")}${f2 ? `, ${f2}` : ""}${f1 ? `, ${f1}` : ""}`,
      ],
      extras: ["Für den Alltag", "Geschenkidee", "Für Zuhause", "Praktisches Design", "Alltagshelfer"],
    },

    keywords: {
      product: "produkt",
      stopWords,
      // Compounds are written with hyphens as often as without ("Bambus-Schneidebrett-Set"): buyers type the parts.
      core: (words) => {
        const parts = words.flatMap((word) => word.split("-")).filter(Boolean);
        const core = withoutQuantity(parts.filter((word) => !packWords.has(word)));
        return core.length > 0 ? core : parts;
      },
      // German compounds are one word: buyers call the product by the last word before a preposition ("Schneidebrett").
      head: (core) => {
        const cut = core.findIndex((word) => prepositions.has(word));
        const before = (cut > 0 ? core.slice(0, cut) : core).filter((word) => !isNumber(word));
        return before.slice(-1);
      },
      withRun: (head, run) => `${head} mit ${run}`,
      suggestions: (core, head) => [
        `${core} für zuhause`,
        `${head} geschenk`,
        `${head} robust`,
        `${core} für den alltag`,
        `${head} set`,
        `${head} leicht zu reinigen`,
        `${head} geschenkidee`,
        `${core} für die familie`,
        `${head} wiederverwendbar`,
        `${head} für anfänger`,
      ],
    },
  },
};
