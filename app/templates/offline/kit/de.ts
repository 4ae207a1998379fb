// German (amazon.de): descriptions address the buyer as "Sie" in either tone (the casual one is lighter in
// wording, not in register); reviews speak as buyers do. The product's name is never given an article (its
// gender is unknown): it opens a sentence or stands beside a colon or dash, and reviews say "das Produkt".
import type { ListingText, OfflineKit } from "./types.ts";
import { capitalize, decimalCommas, isNumber, joinList, titleCaser, withoutQuantity } from "./words.ts";

const and = () => "und";
const list = (items: readonly string[]) => joinList(items, and);

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
/** Words that say how many come in a pack (the generators' keywords and the listing's reference leave them out). */
const packWords = new Set(["set", "sets", "pack", "packung", "kit", "stück", "stk", "teilig", "teile", "paar", "bundle", "tlg", "satz"]);
const prepositions = new Set(["aus", "mit", "für", "fürs", "von", "vom", "in", "im", "zum", "zur", "und", "ohne", "inkl", "inklusive"]);

/** Small words that stay lower case inside a title (the generators' and the listing's). */
const titleSmallWords = ["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "und", "oder", "für", "mit", "von", "vom", "zu", "zum", "zur", "in", "im", "an", "am", "auf", "aus", "bei", "ohne", "x"];
const titleCase = titleCaser(new Set(titleSmallWords));

// The listing writer's (app/features/listings/offline-listing/) German (ListingText in ./types.ts), as a seller on amazon.de writes: "du" in the casual
// voice, "Sie" in the formal one. Nouns keep their capital, so titles and prose keep the seller's words as
// written. German articles and possessives change with the product's gender (der Becher, die Leine, das
// Brett), which the seller's words do not tell: no sentence here puts {ref} after an article or a
// possessive. They name the product in full as a label ("Acme Schneidebrett: …", "Acme Schneidebrett
// bietet …"), speak of "das Produkt", or say what it does without naming it.
/** Words that start a seller's phrase (or a header in the highlights) and go lower case inside a sentence:
 * prepositions, articles, pronouns, adverbs, and the verbs features start with ("Hält Getränke kalt"). */
const lowerStartWords = new Set(
  (
    "aus mit für ohne und oder sowie von vom zum zur im in an am auf bei nach über unter durch gegen um bis ab der die das den dem des ein eine einen einem einer eines " +
    "alle alles jede jeder jedes jeden kein keine nicht immer ideal inklusive inkl extra super sehr besonders ganz nur auch weniger mehr gut " +
    "hält schont passt sitzt rutscht bleibt lässt macht sorgt bietet schützt begleitet spart eignet reinigt verhindert ermöglicht"
  ).split(" "),
);
/** Adjectives that start a feature ("Robuster Karabiner", "Spülmaschinengeeignet"): common stems, and endings no noun has. */
const adjectiveStems =
  /^(?:robust|stabil|sicher|leicht|weich|dick|dünn|groß|gross|klein|kompakt|praktisch|einfach|schnell|stark|lang|breit|schmal|flach|rund|klar|schlicht|schön|stilvoll|elegant|modern|klassisch|natürlich|clever|durchdacht|ausgewählt|sorgfältig|zuverlässig|entspannt|bereit|genau|passgenau|waschbar|faltbar|klappbar|verstellbar|abnehmbar|wiederverwendbar|aufladbar|stapelbar|langlebig|ergonomisch|gepolstert|nachhaltig|hochwertig)(?:e|er|es|en|em)?$/u;
const adjectiveEndings = /^(?:\p{L}{3,}(?:geeignet|fest|frei|sicher|dicht|leicht|lich|ierend)|\p{L}*(?:waschbar|stellbar|faltbar|klappbar|nehmbar|wendbar|ladbar|stapelbar|tragbar|dehnbar|sichtbar))(?:e|er|es|en|em)?$/u;

const listing: ListingText = {
  titleCase: "asWritten",
  lowerCaseInProse: false,
  lowerStart: (word) => lowerStartWords.has(word) || adjectiveStems.test(word) || adjectiveEndings.test(word),
  unshoutCapitalised: true,
  // Articles, "and", "for": never the end of a phrase. Not the prepositions that end a clause as a verb's
  // particle ("fängt Flüssigkeiten auf", "liegt bei", "sieht gut aus", "passt sich an").
  danglingWords: "und oder sowie der die das dem den des ein eine einen einem einer eines für von zum zur anrufen besuchen kontaktieren schreiben besuche".split(" "),
  endWords: ["an", "so", "see", "text"],
  stopWords: "der die das den dem des ein eine einen einem einer eines und oder aber sowie für mit von vom zu zum zur in im an am auf aus bei nach über unter ohne durch gegen um ist sind es sie ihr ihre sich auch sehr so wie als dass noch nur bis".split(" "),
  clauseWords: ["mit", "für", "aus", "inkl", "inklusive"],
  titleBreakWords: ["mit", "für"],
  audienceLead: ["für"],
  // German puts the head of a compound, and of a name, last: "Bambus Schneidebrett" is a Schneidebrett.
  reference: { from: "end", words: 1 },
  forWord: "für",
  headerSeparators: [": ", " – ", " - ", ". "],
  product: "Produkt",
  productRef: "Produkt",
  team: "Unser Team",

  recognisers: {
    benefits: {
      clean: /spülmaschine|geschirrspüler|abwasch|reinig|abwisch|abspül|pflegeleicht|waschbar|fleck/,
      spill: /saftrille|saftrinne|\brille|auffang|tropf|auslauf|kleckern|kleckerei|überlauf/,
      sizes: /größen|grössen|\d+\s*(?:-\s*)?(?:teilig|tlg|stück|stk)|\d+er[- ]set|\bset aus\b/,
      grip: /rutschfest|rutschsicher|rutschhemm|anti-?rutsch|griffig|gummifüße|gummifüssen/,
      protection: /schutz|schütz|stoßfest|stossfest|stoßdämpf|sturz|kratz/,
      visibility: /reflekt|sichtbar|nachts|im dunkeln|dunkelheit|leucht/,
      comfort: /bequem|komfort|weich|gepolstert|polster|ergonomisch|angenehm/,
      portable: /\bleicht\b(?!\s+zu\b)|federleicht|leichtgewicht|tragbar|kompakt|faltbar|klappbar|zusammenleg|tragegurt|\breise|unterwegs|mitnehm/,
      water: /wasserdicht|wasserfest|wasserabweisend|wasserresistent|spritzwasser|schweiß|schweiss|\bregen(?!er)/,
      charging: /kabellos|ladegerät|ladekabel|ladestation|aufladen|aufladbar|lädt|\bladen\b|akku|batterie/,
      durable: /robust|stabil|langlebig|strapazierfähig|verstärkt|massiv|solide|\bdick|reißfest|reissfest|bruchfest|bruchsicher/,
      fit: /kompatibel|passt|passgenau|passform|verstellbar|einstellbar|anpassbar/,
      storage: /aufhäng|aufhänge|haken|aufbewahr|verstau|griffloch|griff\b|platzsparend/,
      material: /bambus|holz|edelstahl|\bstahl|baumwolle|silikon|leder|nylon|alumin|\bkork|gummi|kautschuk|leinen|wolle|keramik|glas\b/,
    },
    categories: {
      phone: /handy|smartphone|\bhülle|ladegerät|ladekabel|kopfhörer|tablet|smartwatch/,
      pet: /\bhund|welpe|\bkatze|kätzchen|haustier|vierbeiner|\bleine|halsband|hundegeschirr|brustgeschirr|gassi/,
      fitness: /yoga|fitness|training|trainieren|\bsport|gymnastik|hantel|pilates|workout|übung|turnmatte/,
      drinkware: /flasche|becher|tasse|thermos|trinkglas/,
      kitchen: /küche|schneidebrett|schneidbrett|frühstücksbrett|servierbrett|hackbrett|messer|pfanne|\btopf|\bkoch|backen|servier|utensil/,
    },
  },

  benefits: {
    clean: {
      header: ["Leicht zu reinigen", "Schnell wieder sauber"],
      support: {
        casual: ["Die Reinigung geht im Handumdrehen, und du hast mehr Zeit für die schönen Dinge.", "Kurz abspülen, und schon ist alles bereit für den nächsten Einsatz."],
        formal: ["Die Reinigung dauert nur einen Moment, sodass alles schnell wieder einsatzbereit ist.", "Die Pflege ist schnell und unkompliziert erledigt."],
      },
    },
    spill: {
      header: ["Weniger Kleckerei", "Alles bleibt sauber"],
      support: {
        casual: ["Tropfen und Spritzer bleiben da, wo sie hingehören.", "Weniger wegwischen, mehr Zeit für alles andere."],
        formal: ["Flüssigkeiten bleiben dort, wo sie hingehören, und die Umgebung bleibt sauber.", "Ein praktisches Detail, das für Ordnung sorgt."],
      },
    },
    sizes: {
      header: ["Für jede Aufgabe die passende Größe", "Die richtige Größe zur Hand"],
      support: {
        casual: ["Einfach die passende Größe greifen und loslegen.", "Ob kleine oder große Aufgaben: Die richtige Größe ist immer zur Hand."],
        formal: ["Jede Größe eignet sich für eine andere Aufgabe, sodass stets die passende zur Hand ist.", "Die verschiedenen Größen decken kleine wie große Aufgaben im Alltag ab."],
      },
    },
    grip: {
      header: ["Sicherer Stand", "Rutscht nicht weg"],
      support: {
        casual: ["Nichts verrutscht, nichts wackelt: einfach sicherer Halt.", "Hier verrutscht nichts, und du kannst dich ganz auf das Wesentliche konzentrieren."],
        formal: ["Ein sicherer Halt sorgt für Stabilität und Kontrolle bei der Verwendung.", "Die rutschfeste Ausführung bietet jederzeit Stabilität und Kontrolle."],
      },
    },
    protection: {
      header: ["Schutz für jeden Tag", "Verlässlicher Schutz"],
      support: {
        casual: ["Stöße und Stürze passieren, doch so musst du dir weniger Sorgen machen.", "Mehr Gelassenheit bei den kleinen Missgeschicken des Alltags."],
        formal: ["Schützt im Alltag vor Stößen, Stürzen und Kratzern.", "Bietet verlässlichen Schutz vor alltäglicher Abnutzung."],
      },
    },
    visibility: {
      header: ["Gut sichtbar bei wenig Licht", "Sichtbar im Dunkeln"],
      support: {
        casual: ["Ob früh am Morgen oder spät am Abend: Du wirst leichter gesehen.", "Bleib sichtbar, wenn es dunkel wird."],
        formal: ["Reflektierende Details verbessern die Sichtbarkeit bei schlechten Lichtverhältnissen.", "Mehr Sichtbarkeit für sicherere Spaziergänge nach Einbruch der Dunkelheit."],
      },
    },
    comfort: {
      header: ["Angenehm in der Anwendung", "Komfort den ganzen Tag"],
      support: {
        casual: ["Weich, wo es darauf ankommt, und angenehm bei jeder Benutzung.", "Angenehm zu benutzen, Tag für Tag."],
        formal: ["Eine durchdachte Ergonomie sorgt für Komfort, auch bei längerer Anwendung.", "Bei der Gestaltung steht der Komfort im Mittelpunkt, auch bei langer Nutzung."],
      },
    },
    portable: {
      header: ["Leicht mitzunehmen", "Immer dabei"],
      support: {
        casual: ["Ab in die Tasche und überallhin mitnehmen.", "Leicht genug, um dich überallhin zu begleiten."],
        formal: ["Die kompakte, leichte Bauweise erleichtert den Transport.", "Einfach zu transportieren und platzsparend zu verstauen."],
      },
    },
    water: {
      header: ["Bereit für nasse Tage", "Unempfindlich gegen Wasser"],
      support: {
        casual: ["Regen, Spritzer oder Schweiß: Hier geht alles weiter.", "Ein bisschen Wasser bremst dich nicht aus."],
        formal: ["Die Wasserbeständigkeit ermöglicht die Verwendung auch bei Nässe.", "Hält Spritzwasser und feuchten Bedingungen stand."],
      },
    },
    charging: {
      header: ["Einfaches Laden", "Laden leicht gemacht"],
      support: {
        casual: ["Anschließen, aufladen, fertig.", "Eine Sache weniger, an die du denken musst."],
        formal: ["Bequemes Laden hält Ihre Geräte den ganzen Tag einsatzbereit.", "Entwickelt für unkompliziertes Laden im Alltag."],
      },
    },
    durable: {
      header: ["Langlebig gebaut", "Robuste Verarbeitung"],
      support: {
        casual: ["Gemacht für den täglichen Einsatz, Tag für Tag.", "Robust genug für den Alltag, damit du nicht so bald Ersatz brauchst."],
        formal: ["Die solide Konstruktion hält auch jahrelanger regelmäßiger Nutzung stand.", "Widerstandsfähige Materialien behalten auch bei täglicher Nutzung ihre Form."],
      },
    },
    fit: {
      header: ["Passgenau", "Sitzt genau richtig"],
      support: {
        casual: ["Passt einfach, ganz ohne Gefummel.", "Sitzt vom ersten Tag an sicher und fest."],
        formal: ["Die präzise Passform erleichtert die Montage und sorgt für zuverlässigen Einsatz im Alltag.", "Die Konstruktion sorgt für einen präzisen, sicheren Sitz."],
      },
    },
    storage: {
      header: ["Leicht zu verstauen", "Ordentlich aufbewahrt"],
      support: {
        casual: ["Nach dem Gebrauch einfach aufhängen oder wegräumen.", "Lässt sich ordentlich verstauen und ist immer schnell zur Hand."],
        formal: ["Die praktische Aufbewahrung sorgt für Ordnung und kurze Wege.", "Lässt sich bei Nichtgebrauch platzsparend verstauen."],
      },
    },
    material: {
      header: ["Ausgewählte Materialien", "Sorgfältig gewählte Materialien"],
      support: {
        casual: ["Gute Materialien, die du vom ersten Einsatz an siehst und spürst.", "Aus Materialien, die sich so gut anfühlen, wie sie aussehen."],
        formal: ["Sorgfältig ausgewählte Materialien sorgen für ein solides Gefühl und eine langlebige Oberfläche.", "Die Materialien sind auf Alltagstauglichkeit und eine ansprechende Optik ausgelegt."],
      },
    },
  },

  genericFeature: {
    header: ["Durchdachtes Design", "Praktisches Detail", "Mit Sorgfalt entwickelt", "Clevere Gestaltung", "Für den täglichen Gebrauch"],
    support: {
      casual: ["Noch ein Grund, warum dein Alltag leichter wird.", "Eines dieser Details, die du bei jeder Benutzung bemerkst.", "Kleines Detail, großer Unterschied im Alltag.", "Eine von vielen Kleinigkeiten, die deinen Tag einfacher machen."],
      formal: ["Ein durchdachtes Detail, das die tägliche Verwendung erleichtert.", "Dieses Detail sorgt für mehr Komfort im Alltag.", "Eine praktische Lösung, die sorgfältige Gestaltung widerspiegelt.", "Eines von mehreren Details, die auf den täglichen Bedarf abgestimmt sind."],
    },
  },

  categories: {
    phone: {
      fillers: [
        { key: "carry", header: "Immer dabei", text: { casual: "Passt problemlos in Hosentasche oder Rucksack.", formal: "Passt bequem in jede Tasche." } },
        { key: "setup", header: "Schnell startklar", text: { casual: "Auspacken und in wenigen Minuten loslegen.", formal: "Die Einrichtung ist schnell und unkompliziert." } },
        { key: "look", header: "Schlichte Optik", text: { casual: "Eine klare Optik, die zu deinem Stil passt.", formal: "Eine elegante Optik, die Ihr Gerät ergänzt." } },
        { key: "daily", header: "Bereit für den Alltag", text: { casual: "Gemacht für Arbeitsweg, Schreibtisch und Sofa.", formal: "Für verlässliche Leistung den ganzen Tag." } },
      ],
      use: {
        casual: ["Arbeitsweg, Kaffeepause oder Feierabend auf dem Sofa: So bist du den ganzen Tag gut ausgestattet.", "Vom Wecker am Morgen bis zum letzten Blick aufs Display am Abend: Dein Alltag läuft rund."],
        formal: ["Für den täglichen Einsatz entwickelt, fügt sich das Produkt nahtlos in Beruf und Freizeit ein.", "Vom morgendlichen Arbeitsweg bis zum Feierabend: ein verlässlicher Begleiter für einen vollen Terminkalender."],
      },
      searchWords: ["hülle", "schutzhülle", "handyhülle", "stoßfest", "dünn", "bumper", "smartphone", "handy", "zubehör", "schutz", "cover", "tasche"],
      titleUse: "für den Alltag",
    },
    pet: {
      fillers: [
        { key: "comfort", header: "Komfort für Vierbeiner", text: { casual: "Mit Blick auf den Komfort deines Tieres gemacht, Runde für Runde.", formal: "Mit Blick auf den Komfort Ihres Tieres für den täglichen Gebrauch entwickelt." } },
        { key: "walks", header: "Entspannte Spaziergänge", text: { casual: "Anlegen und in Sekunden los zur Gassirunde.", formal: "Schnell angelegt, damit der tägliche Spaziergang ohne Verzögerung beginnt." } },
        { key: "control", header: "Sichere Kontrolle", text: { casual: "Du behältst die Kontrolle, auch wenn plötzlich ein Eichhörnchen auftaucht.", formal: "Bietet sichere Kontrolle für ruhige, entspannte Spaziergänge." } },
        { key: "active", header: "Für aktive Tiere", text: { casual: "Bereit für Joggingrunden, Parks und matschige Abenteuer.", formal: "Geeignet für aktive Tiere und Aktivitäten im Freien." } },
      ],
      use: {
        casual: ["Morgenrunde, Ausflug in den Park oder kurz vor die Tür: Für jeden Ausgang mit deinem Vierbeiner bist du bestens gerüstet.", "Gemacht für das echte Leben mit Haustier, ganz ohne Aufwand im Alltag."],
        formal: ["Das Produkt verbindet Praktikabilität und Komfort im Alltag mit Ihrem Tier.", "Ob kurze Runde oder längerer Ausflug: Das Produkt unterstützt eine ruhige, entspannte Routine für Sie und Ihr Tier."],
      },
      searchWords: ["hund", "hunde", "welpe", "haustier", "gassi", "spaziergang", "training", "führleine", "outdoor", "wandern", "joggen", "zubehör", "hundebedarf"],
      titleUse: "für die tägliche Gassirunde",
    },
    fitness: {
      fillers: [
        { key: "workout", header: "Für jedes Training", text: { casual: "Fitnessstudio, Workout zu Hause oder Dehnen vor dem Schlafengehen: immer startklar.", formal: "Geeignet für das Training zu Hause, im Studio und zum Dehnen." } },
        { key: "support", header: "Stabiler Halt", text: { casual: "Fühl dich bei jeder Bewegung sicher und stabil.", formal: "Bietet stabilen Halt während des gesamten Trainings." } },
        { key: "anywhere", header: "Zu Hause oder im Studio", text: { casual: "Funktioniert im Wohnzimmer genauso gut wie im Fitnessstudio.", formal: "Gleichermaßen geeignet für das Training zu Hause und im Studio." } },
        { key: "clean", header: "Einfache Pflege", text: { casual: "Nach dem Training kurz abwischen, fertig.", formal: "Nach jeder Einheit einfach abwischen." } },
      ],
      use: {
        casual: ["Kurzes Workout in der Mittagspause, Kurs nach der Arbeit oder Dehnen vor dem Schlafen: Du bist jederzeit startklar.", "Training zu Hause, Kurs im Studio oder eine Einheit im Park: dein Training, dein Ort."],
        formal: ["Geeignet für das Training zu Hause, im Studio und im Kurs, unterstützt das Produkt eine regelmäßige Trainingsroutine.", "Vom sanften Aufwärmen bis zur intensiven Einheit: entwickelt, um Ihr Training zu unterstützen."],
      },
      searchWords: ["training", "workout", "pilates", "dehnen", "gymnastik", "fitness", "sport", "boden", "meditation", "studio", "anfänger", "zuhause", "heimtraining"],
      titleUse: "für das Training zu Hause",
    },
    drinkware: {
      fillers: [
        { key: "drinks", header: "Für alle Getränke", text: { casual: "Wasser, Kaffee, Tee oder Smoothies: Füll ein, was dir Energie gibt.", formal: "Geeignet für Wasser, Kaffee, Tee und andere Getränke des Alltags." } },
        { key: "carry", header: "Für unterwegs", text: { casual: "Vom Schreibtisch ins Fitnessstudio und auf den Wanderweg: immer dabei.", formal: "Begleitet Sie vom Büro ins Fitnessstudio und darüber hinaus." } },
        { key: "clean", header: "Einfache Pflege", text: { casual: "Zwischendurch kurz ausspülen, und alles bleibt frisch.", formal: "Zwischen den Anwendungen einfach ausspülen." } },
        { key: "daily", header: "Trinken im Alltag", text: { casual: "Wenn das Getränk immer in Reichweite ist, trinkst du ganz nebenbei regelmäßiger.", formal: "Ein Getränk in Reichweite unterstützt regelmäßiges Trinken über den Tag." } },
      ],
      use: {
        casual: ["Morgens Kaffee, nachmittags Wasser, nach dem Training Nachschub: So bist du den ganzen Tag versorgt.", "Schreibtisch, Auto, Sporttasche: immer mit dabei."],
        formal: ["Das Produkt begleitet Sie durch den Arbeitstag, auf dem Arbeitsweg und ins Fitnessstudio.", "Für den täglichen Einsatz entwickelt: ideal für Arbeit, Reisen und Sport."],
      },
      searchWords: ["wasser", "trinken", "getränke", "reise", "sport", "fitnessstudio", "wandern", "camping", "büro", "wiederverwendbar", "thermos", "becher", "schule", "fahrrad"],
      titleUse: "für Sport, Büro und Reisen",
    },
    kitchen: {
      fillers: [
        { key: "clean", header: "Einfache Pflege", text: { casual: "Abspülen, abtrocknen, bereit für die nächste Mahlzeit.", formal: "Nach jedem Gebrauch abspülen und abtrocknen: So bleibt alles über Jahre in gutem Zustand." } },
        { key: "cooking", header: "Kochen im Alltag", text: { casual: "Vom schnellen Frühstück bis zum großen Abendessen am Wochenende: ein fester Platz in deiner Küche.", formal: "Geeignet für die tägliche Zubereitung, vom einfachen Frühstück bis zum Familienessen." } },
        { key: "look", header: "Schön in jeder Küche", text: { casual: "Macht auch auf der Arbeitsplatte eine gute Figur.", formal: "Eine klare, klassische Optik, die zu jeder Küche passt." } },
        { key: "hosting", header: "Ideal für Gäste", text: { casual: "Praktisch zum Servieren von Snacks, wenn Freunde vorbeikommen.", formal: "Auch zum Servieren für Gäste bestens geeignet." } },
      ],
      use: {
        casual: ["Vom Abendessen unter der Woche bis zum Brunch am Wochenende: bereit für alles, was auf den Tisch kommt.", "Schneiden, servieren, wiederholen: Deine Küche kommt nie aus dem Takt."],
        formal: ["Von der täglichen Zubereitung bis zum Servieren für Gäste: Das Produkt eignet sich für zahlreiche Aufgaben in der Küche.", "Für den regelmäßigen Einsatz in der heimischen Küche entwickelt, vom einfachen Mittagessen bis zum Familienfest."],
      },
      searchWords: ["schneidbrett", "hackbrett", "frühstücksbrett", "servierbrett", "servierplatte", "käse", "wurst", "fleisch", "gemüse", "brot", "kochen", "küche", "küchenhelfer", "koch", "geschenk", "einzug"],
      titleUse: "für Küche und Haushalt",
    },
    generic: {
      fillers: [
        { key: "design", header: "Durchdachtes Design", text: { casual: "Jedes Detail hat seinen Grund, damit einfach alles funktioniert.", formal: "Jedes Detail ist darauf ausgelegt, den Alltag einfacher zu machen." } },
        { key: "daily", header: "Für den Alltag gemacht", text: { casual: "Bereit für jeden Tag, Tag für Tag.", formal: "Für den regelmäßigen, täglichen Gebrauch ausgelegt." } },
        { key: "clean", header: "Pflegeleicht", text: { casual: "Wenig Pflegeaufwand, mehr Zeit zum Genießen.", formal: "Einfache Pflege erhält den guten Zustand." } },
        { key: "use", header: "Einfach in der Handhabung", text: { casual: "Keine Anleitung nötig: direkt nach dem Auspacken einsatzbereit.", formal: "Vom ersten Tag an intuitiv zu bedienen." } },
        { key: "gift", header: "Schöne Geschenkidee", text: { casual: "Ein gern gesehenes Geschenk zu Geburtstagen, Feiertagen oder einfach so.", formal: "Ein durchdachtes Geschenk zu Geburtstagen und Feiertagen." } },
        { key: "look", header: "Klare Optik", text: { casual: "Sieht gut aus und leistet viel.", formal: "Eine klare Optik, die sich in jeden Raum einfügt." } },
        { key: "dependable", header: "Zuverlässig", text: { casual: "Verlässlich im Einsatz, Tag für Tag.", formal: "Zuverlässige Leistung, Tag für Tag." } },
        { key: "finish", header: "Sorgfältige Verarbeitung", text: { casual: "Saubere Details, die man aus der Nähe bemerkt.", formal: "Mit Sorgfalt verarbeitet, bis ins Detail." } },
      ],
      use: {
        casual: ["Ein Begleiter, der sich in deinen Alltag einfügt und ihn ein bisschen leichter macht.", "Einmal ausprobiert, fragst du dich, wie es vorher ohne ging."],
        formal: ["Das Produkt ist so gestaltet, dass es sich ganz natürlich in den Alltag einfügt.", "Praktische, zuverlässige Leistung für alltägliche Aufgaben."],
      },
      searchWords: ["alltag", "zuhause", "haushalt", "geschenk", "geschenkidee", "zubehör", "praktisch", "täglich", "wohnung", "nützlich"],
      titleUse: "für den Alltag",
    },
  },

  openings: {
    Casual: [
      (c) => `${c.full}${c.audience ? ` für ${c.audience}` : ""}: So wird dein Alltag ein Stück einfacher.`,
      (c) => `Darf es ein bisschen einfacher sein? ${c.full} macht deinen Alltag leichter${c.audience ? `, ganz besonders für ${c.audience}` : ""}.`,
      (c) => `Einfach praktisch: ${c.full} ist gemacht für ${c.audience || "alle, die es unkompliziert mögen"}.`,
    ],
    Professional: [
      (c) => `${c.full} verbindet praktisches Design mit Materialien für den täglichen Gebrauch${c.audience ? `, ideal für ${c.audience}` : ""}.`,
      (c) => `${c.full} bietet verlässliche Leistung im täglichen Einsatz${c.audience ? ` für ${c.audience}` : ""}.`,
      (c) => `Praktisch und zuverlässig: ${c.full} erleichtert alltägliche Aufgaben${c.audience ? ` für ${c.audience}` : ""}.`,
    ],
    Formal: [
      (c) => `Wir freuen uns, Ihnen ${c.full} vorzustellen: durchdacht bis ins Detail${c.audience ? ` und entwickelt für ${c.audience}` : ""}.`,
      (c) => `${c.full} steht für Sorgfalt im Detail und Zuverlässigkeit im Alltag${c.audience ? `, entwickelt für ${c.audience}` : ""}.`,
      (c) => `Mit Liebe zum Detail gefertigt, überzeugt ${c.full} Tag für Tag durch verlässliche Leistung${c.audience ? ` für ${c.audience}` : ""}.`,
    ],
  },
  featureSummaries: {
    Casual: [(list) => `Das bekommst du: ${list}.`, (list) => `Das Wichtigste auf einen Blick: ${list}.`],
    Professional: [(list) => `Die wichtigsten Merkmale: ${list}.`, (list) => `Was überzeugt: ${list}.`],
    Formal: [(list) => `Zu den wesentlichen Merkmalen zählen: ${list}.`, (list) => `Besondere Merkmale: ${list}.`],
  },
  featureSingles: {
    Casual: [(item) => `Unser Lieblingsdetail: ${item}.`, (item) => `Das Highlight: ${item}.`],
    Professional: [(item) => `Wichtigstes Merkmal: ${item}.`, (item) => `Was überzeugt: ${item}.`],
    Formal: [(item) => `Ein Detail sticht hervor: ${item}.`, (item) => `Besonderes Merkmal: ${item}.`],
  },
  closings: {
    Casual: [() => `Probier es aus und mach dir den Alltag ein bisschen leichter.`, (c) => `${c.brandOr} macht praktische Produkte für das echte Leben, und das merkt man.`, () => `Eine kleine Veränderung, die im Alltag viel bewirkt.`],
    Professional: [(c) => `${c.brandOr} entwickelt praktische Produkte für den Alltag.`, () => `Eine zuverlässige Wahl für den täglichen Gebrauch.`, (c) => `${c.brandOr} setzt auf durchdachte Details und solide Verarbeitung.`],
    Formal: [(c) => `${c.brandOr} achtet auf jedes Detail, damit Sie sich Tag für Tag auf Ihren Kauf verlassen können.`, (c) => `${c.brandOr} bietet Ihnen eine zuverlässige Lösung für Ihren Alltag.`, () => `Eine durchdachte Wahl für alle, die Wert auf Details legen.`],
  },
  audienceBullet: {
    casual: { header: "Passt zu dir", text: "Entwickelt für {audience} und ganz unkompliziert im Alltag." },
    formal: { header: "Auf Ihre Bedürfnisse abgestimmt", text: "Entwickelt für {audience} und abgestimmt auf den täglichen Gebrauch." },
  },
  titlePadding: ["für den Alltag", "Praktischer Alltagshelfer", "für Haus und Alltag", "Praktisches Design", "Produkt für den täglichen Gebrauch"],
};

export const german: OfflineKit = {
  and,
  smallWords: titleSmallWords,
  packWords: [...packWords],
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
  listing,
};
