// French (amazon.fr, amazon.ca, amazon.com.be): "vous" in either tone, as French listings do (the casual one
// is lighter in wording). The product's name is never given an article (its gender is unknown): it opens a
// sentence or stands beside a colon, and reviews say "ce produit" or "cet article"; adjectives that would
// agree with the name or with the reviewer ("déçu·e") are avoided. A no-break space goes before ":", ";",
// "?" and "!".
import type { ListingText, OfflineKit } from "./types.ts";
import { capitalize, decimalCommas, headFirst, joinList, lowerFirst, titleCaser, withoutLeadingPack, withoutQuantity } from "./words.ts";

const and = () => "et";
const list = (items: readonly string[]) => joinList(items, and);

/** French spacing: a no-break space before a high punctuation mark ("pratique !", "Au programme : …"). */
const highPunctuation = /(?<=[\p{L}\p{N}»)\]’'.…])[ \u00a0]*([;:!?]+)(?=\s|$)/gu;
const typography = (text: string) => text.replace(highPunctuation, "\u00a0$1");

const elision = /(?<!\p{L})((?:[cdjlmnst]|qu)['’])(?=\p{L})/giu;

const stopWords = new Set(
  "à au aux avec c' ce ces cet cette chaque d' dans de des du elle en est et il j' l' la le les leur leurs n' ne nos notre on ou par pas plus pour qu' que qui s' sa sans se ses son sont sur toute toutes tous tout très un une vos votre vous".split(" "),
);
/** Words that say how many come in a pack (the generators' keywords and the listing's reference leave them out). */
const packWords = new Set(["lot", "ensemble", "set", "kit", "coffret", "pack", "paquet", "pièces", "pcs", "lots", "pièce", "paire"]);
const links = new Set(["de", "à", "a"]);

/** Small words that stay lower case inside a title (the generators' and the listing's). */
const titleSmallWords = ["à", "au", "aux", "avec", "chez", "d'", "dans", "de", "des", "du", "en", "et", "l'", "la", "le", "les", "ou", "par", "pour", "sans", "sous", "sur", "un", "une", "vers"];
const titleCase = titleCaser(new Set(titleSmallWords));

// The listing writer's (app/features/listings/offline-listing/) French (ListingText in ./types.ts), as a seller on amazon.fr writes: "vous" in both
// voices (the casual one is warmer, not "tu"), titles in sentence case with the seller's own capitals kept
// (brands and models), a no-break space before a colon. The product is "votre {ref}", which does not change
// with its gender; no article, adjective or participle here agrees with it ("pensé pour" agrees with the
// noun beside it: "le petit plus, pensé pour", "une conception pensée pour").
/** French typography: a no-break space before a colon (lint and tidying keep it; see tidyLine). */
function withNoBreakSpace<T>(value: T): T {
  if (typeof value === "string") return value.replace(/ :/g, "\u00a0:") as T;
  if (typeof value === "function") return ((...args: unknown[]) => withNoBreakSpace((value as (...args: unknown[]) => unknown)(...args))) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withNoBreakSpace(item)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withNoBreakSpace(item)])) as T;
  return value;
}

/** Words that already determine the audience ("les", "tous", "vos"): no article goes before them. */
const determiners = new Set("le la les l un une des du de d mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs ce cet cette ces tout toute tous toutes chaque aux au nous vous".split(" "));

const wording = withNoBreakSpace({
  benefits: {
    clean: {
      header: ["Facile à nettoyer", "Entretien simplifié"],
      support: {
        casual: ["Un coup d'éponge et c'est reparti.", "Le nettoyage ne prend que quelques secondes, et vous profitez de votre journée."],
        formal: ["Le nettoyage ne prend qu'un instant, pour une utilisation sans attendre.", "L'entretien courant est simple et rapide, pour garder votre {ref} en bon état."],
      },
    },
    spill: {
      header: ["Moins de salissures", "Des surfaces propres"],
      support: {
        casual: ["Les gouttes et les éclaboussures restent là où elles doivent être.", "Moins de dégâts à essuyer, plus de temps pour le reste."],
        formal: ["Les liquides restent à leur place, pour des surfaces toujours propres.", "Un détail pratique qui contribue à garder votre espace en ordre."],
      },
    },
    sizes: {
      header: ["Une taille pour chaque usage", "La bonne taille à chaque fois"],
      support: {
        casual: ["Choisissez la taille qu'il vous faut, et c'est parti.", "Petites ou grandes tâches, il y a toujours une taille adaptée."],
        formal: ["Chaque taille répond à un usage différent, pour avoir toujours la bonne à portée de main.", "La variété des tailles couvre les petites comme les grandes tâches du quotidien."],
      },
    },
    grip: {
      header: ["Stabilité au quotidien", "Prise en main sûre"],
      support: {
        casual: ["Rien ne glisse, rien ne bouge : une utilisation stable, à chaque fois.", "Rien ne bouge, pour vous concentrer sur l'essentiel."],
        formal: ["Une bonne adhérence assure stabilité et contrôle pendant l'utilisation.", "La conception antidérapante offre stabilité et contrôle à tout moment."],
      },
    },
    protection: {
      header: ["Protection au quotidien", "Une protection qui compte"],
      support: {
        casual: ["Les chocs et les chutes, ça arrive : avec cette protection, vous vous en souciez moins.", "L'esprit tranquille face aux petits chocs du quotidien."],
        formal: ["Aide à protéger contre les chocs, les chutes et les rayures du quotidien.", "Offre une protection fiable contre l'usure quotidienne."],
      },
    },
    visibility: {
      header: ["Visible dans la pénombre", "Visible à la nuit tombée"],
      support: {
        casual: ["Tôt le matin ou tard le soir, on vous repère plus facilement.", "Restez visible quand la lumière baisse."],
        formal: ["Les détails réfléchissants améliorent la visibilité par faible luminosité.", "Une visibilité accrue pour des promenades plus sûres à la tombée de la nuit."],
      },
    },
    comfort: {
      header: ["Agréable à utiliser", "Confort toute la journée"],
      support: {
        casual: ["Tout en douceur là où ça compte, pour un moment agréable à chaque utilisation.", "Un confort tel qu'on en oublierait presque sa présence."],
        formal: ["Une ergonomie soignée assure le confort, même lors d'une utilisation prolongée.", "La conception privilégie le confort, même lors de longues séances."],
      },
    },
    portable: {
      header: ["Facile à emporter", "Vous suit partout"],
      support: {
        casual: ["Une place dans votre sac, et c'est parti pour la journée.", "Un poids plume qui vous accompagne partout."],
        formal: ["Sa conception compacte et légère facilite le transport.", "Facile à transporter et à ranger après utilisation."],
      },
    },
    water: {
      header: ["Résistance à l'eau", "Même sous la pluie"],
      support: {
        casual: ["Pluie, éclaboussures ou transpiration : rien ne l'arrête.", "Un peu d'eau, aucun problème."],
        formal: ["Sa résistance à l'eau permet une utilisation dans des conditions humides.", "Supporte les éclaboussures et les environnements humides."],
      },
    },
    charging: {
      header: ["Recharge simplifiée", "Recharge sans effort"],
      support: {
        casual: ["Branchez, rechargez, c'est prêt.", "Une chose de moins à laquelle penser."],
        formal: ["Une recharge pratique pour garder vos appareils prêts pour la journée.", "Une recharge simple, pensée pour le quotidien."],
      },
    },
    durable: {
      header: ["Une construction durable", "Robustesse au quotidien"],
      support: {
        casual: ["Un usage quotidien, jour après jour, sans faiblir.", "Robuste au quotidien, pour ne pas avoir à en racheter de sitôt."],
        formal: ["Une construction solide, à la hauteur de longues années d'utilisation régulière.", "Des matériaux résistants qui gardent leur forme au fil de l'usage quotidien."],
      },
    },
    fit: {
      header: ["Un ajustement précis", "Ajustement sur mesure"],
      support: {
        casual: ["S'ajuste sans prise de tête.", "Un maintien sûr dès le premier jour."],
        formal: ["Un ajustement précis facilite l'installation et l'usage au quotidien.", "La conception assure un maintien précis et sûr."],
      },
    },
    storage: {
      header: ["Facile à ranger", "Rangement malin"],
      support: {
        casual: ["À suspendre ou à ranger dans un coin après utilisation.", "Se range facilement, pour l'avoir toujours sous la main."],
        formal: ["Un rangement pratique qui garde tout en ordre et à portée de main.", "Occupe peu d'espace entre deux utilisations."],
      },
    },
    material: {
      header: ["Des matériaux de qualité", "Matériaux choisis avec soin"],
      support: {
        casual: ["Des matériaux que l'on voit et que l'on sent dès la première utilisation.", "Des matériaux aussi agréables au toucher qu'à l'œil."],
        formal: ["Des matériaux sélectionnés avec soin apportent à votre {ref} une sensation de solidité et une finition durable.", "Des matériaux choisis pour leur résistance au quotidien et leur bel aspect."],
      },
    },
  },

  genericFeature: {
    header: ["Conception réfléchie", "Détail pratique", "Soin du détail", "Design astucieux", "Pour un usage quotidien"],
    support: {
      casual: ["Encore une raison pour laquelle votre {ref} vous simplifie la vie.", "Le genre de détail que l'on remarque à chaque utilisation.", "Un petit détail qui fait une grande différence au quotidien.", "Une façon de plus de rendre votre journée plus simple."],
      formal: ["Un détail réfléchi qui rend votre {ref} plus facile à utiliser au quotidien.", "Ce détail apporte un confort supplémentaire au quotidien.", "Une touche pratique qui témoigne d'une conception soignée.", "L'un des nombreux détails pensés pour les besoins du quotidien."],
    },
  },

  categories: {
    phone: {
      fillers: [
        { key: "carry", header: "À emporter partout", text: { casual: "Se glisse dans une poche ou un sac sans encombre.", formal: "Se glisse facilement dans une poche ou un sac." } },
        { key: "setup", header: "Installation facile", text: { casual: "Déballez, et c'est prêt en quelques minutes.", formal: "L'installation est simple et rapide." } },
        { key: "look", header: "Un look épuré", text: { casual: "Un look épuré qui s'accorde à votre style.", formal: "Une esthétique soignée qui met en valeur votre appareil." } },
        { key: "daily", header: "Pour tous les jours", text: { casual: "Trajets, bureau, canapé : pour toutes vos journées.", formal: "Des performances fiables tout au long de la journée." } },
      ],
      use: {
        casual: ["Trajets, pauses café et soirées sur le canapé : votre {ref} suit le rythme de vos journées.", "Du réveil au dernier coup d'œil du soir, votre {ref} s'intègre à votre routine."],
        formal: ["Votre {ref} s'intègre naturellement à votre quotidien, au travail comme dans la vie privée.", "Du trajet du matin jusqu'à la fin de la journée de travail, votre {ref} accompagne un emploi du temps chargé."],
      },
      searchWords: ["coque", "housse", "étui", "protection", "antichoc", "fine", "bumper", "smartphone", "portable", "téléphone", "accessoires", "appareil", "mobile"],
      titleUse: "pour un usage quotidien",
    },
    pet: {
      fillers: [
        { key: "comfort", header: "Le confort de votre animal", text: { casual: "Le confort de votre animal au cœur de la conception, balade après balade.", formal: "Une conception attentive au confort de votre animal au quotidien." } },
        { key: "walks", header: "Des balades faciles", text: { casual: "Un clic et hop, direction la promenade.", formal: "Se met en place rapidement, pour des promenades sans attendre." } },
        { key: "control", header: "Un contrôle sûr", text: { casual: "Gardez le contrôle, même quand un écureuil passe par là.", formal: "Offre un contrôle sûr pour des promenades calmes et sereines." } },
        { key: "active", header: "Pour les animaux actifs", text: { casual: "Courses, parcs et aventures dans la boue : c'est parti.", formal: "Convient aux animaux actifs et aux sorties en plein air." } },
      ],
      use: {
        casual: ["Balade du matin, sortie au parc ou petit tour dehors : votre {ref} vous accompagne à chaque sortie avec votre animal.", "La vraie vie avec un animal, sans complications au quotidien."],
        formal: ["Votre {ref} allie praticité et confort au quotidien avec votre animal.", "Pour les petites promenades comme pour les longues sorties, votre {ref} contribue à une routine calme et confortable, pour vous comme pour votre animal."],
      },
      searchWords: ["chien", "chiot", "animal", "animaux", "promenade", "balade", "dressage", "éducation", "extérieur", "randonnée", "course", "accessoires"],
      titleUse: "pour les promenades quotidiennes",
    },
    fitness: {
      fillers: [
        { key: "workout", header: "Pour chaque séance", text: { casual: "Salle de sport, séance à la maison ou étirements avant de dormir : à vous de jouer.", formal: "Convient aux séances à la maison, en salle et aux étirements." } },
        { key: "support", header: "Un appui stable", text: { casual: "Sentez-vous stable à chaque mouvement.", formal: "Offre un appui stable tout au long de votre séance." } },
        { key: "anywhere", header: "À la maison ou en salle", text: { casual: "Aussi à l'aise dans votre salon qu'à la salle de sport.", formal: "Convient aussi bien à l'entraînement à domicile qu'en salle." } },
        { key: "clean", header: "Entretien simple", text: { casual: "Un coup de chiffon après la séance, et c'est tout.", formal: "Un simple coup de chiffon après chaque séance suffit." } },
      ],
      use: {
        casual: ["Une séance rapide à midi, un cours après le travail ou des étirements avant de dormir : votre {ref} suit votre rythme.", "À la maison, en salle ou au parc : votre {ref} vous suit partout."],
        formal: ["À la maison, en salle ou en cours, votre {ref} accompagne une pratique sportive régulière.", "De l'échauffement en douceur aux séances intenses, votre {ref} accompagne votre entraînement."],
      },
      searchWords: ["exercice", "entraînement", "pilates", "étirements", "gym", "fitness", "sport", "sol", "méditation", "salle", "débutants", "maison", "musculation"],
      titleUse: "pour le sport à la maison",
    },
    drinkware: {
      fillers: [
        { key: "drinks", header: "Toutes vos boissons", text: { casual: "Eau, café, thé ou smoothie : à vous de choisir.", formal: "Pour l'eau, le café, le thé et les autres boissons du quotidien." } },
        { key: "carry", header: "Partout avec vous", text: { casual: "Du bureau à la salle de sport, jusqu'aux sentiers de randonnée : toujours avec vous.", formal: "Vous accompagne du bureau à la salle de sport, et bien au-delà." } },
        { key: "clean", header: "Entretien simple", text: { casual: "Un rinçage rapide entre deux remplissages, et c'est tout.", formal: "Un simple rinçage entre deux utilisations suffit." } },
        { key: "daily", header: "Hydratation au quotidien", text: { casual: "Avec une boisson toujours à portée de main, boire tout au long de la journée devient un réflexe.", formal: "Garder une boisson à portée de main favorise une hydratation régulière tout au long de la journée." } },
      ],
      use: {
        casual: ["Café le matin, eau l'après-midi, de quoi boire après le sport : votre {ref} suit le rythme de vos journées.", "Bureau, voiture, sac de sport : votre {ref} vous suit partout."],
        formal: ["Votre {ref} vous accompagne au travail, pendant vos trajets et à la salle de sport.", "Votre {ref} trouve sa place au travail, en voyage comme pendant le sport."],
      },
      searchWords: ["eau", "boisson", "hydratation", "voyage", "sport", "salle", "randonnée", "camping", "bureau", "réutilisable", "thermos", "gobelet", "école", "vélo"],
      titleUse: "pour le sport, le bureau et les voyages",
    },
    kitchen: {
      fillers: [
        { key: "clean", header: "Entretien simple", text: { casual: "Rincez, séchez, et c'est prêt pour le prochain repas.", formal: "Un rinçage et un séchage après chaque utilisation, pour de longues années en bon état." } },
        { key: "cooking", header: "La cuisine de tous les jours", text: { casual: "Des petits-déjeuners express aux grands dîners du week-end : une place de choix dans votre cuisine.", formal: "Convient à la préparation des repas au quotidien, du petit-déjeuner au dîner en famille." } },
        { key: "look", header: "Belle allure en cuisine", text: { casual: "Une allure qui mérite de rester sur le plan de travail.", formal: "Un style épuré et intemporel, à l'aise dans toutes les cuisines." } },
        { key: "hosting", header: "Pour recevoir", text: { casual: "Bien pratique pour servir l'apéro quand les amis passent.", formal: "Tout aussi utile pour servir lorsque vous recevez." } },
      ],
      use: {
        casual: ["Des dîners de semaine aux repas entre amis du week-end, votre {ref} est de toutes les recettes.", "Couper, servir, recommencer : votre {ref} suit le rythme d'une cuisine animée comme celui des brunchs du dimanche."],
        formal: ["De la préparation des repas au service des invités, votre {ref} se prête à de nombreuses tâches en cuisine.", "Votre {ref} accompagne un usage régulier en cuisine, des repas simples de la semaine aux grandes tablées."],
      },
      searchWords: ["découpe", "billot", "service", "plateau", "charcuterie", "fromage", "apéritif", "cuisine", "cuisiner", "chef", "légumes", "viande", "pain", "ustensiles", "maison", "cadeau", "crémaillère"],
      titleUse: "pour la cuisine et la maison",
    },
    generic: {
      fillers: [
        { key: "design", header: "Conception réfléchie", text: { casual: "Chaque détail a sa raison d'être, pour que tout fonctionne simplement.", formal: "Chaque détail est pensé pour simplifier l'usage au quotidien." } },
        { key: "daily", header: "Pour tous les jours", text: { casual: "Un compagnon du quotidien, jour après jour.", formal: "Convient à un usage régulier au quotidien." } },
        { key: "clean", header: "Facile à entretenir", text: { casual: "Un entretien minimal, pour en profiter pleinement.", formal: "Un entretien simple suffit à conserver un bon état." } },
        { key: "use", header: "Simple à utiliser", text: { casual: "Pas besoin de mode d'emploi : c'est prêt dès le déballage.", formal: "Une utilisation intuitive dès le premier jour." } },
        { key: "gift", header: "Une idée cadeau", text: { casual: "Un cadeau qui fait plaisir pour un anniversaire, les fêtes ou juste comme ça.", formal: "Une attention appréciée pour les anniversaires et les fêtes." } },
        { key: "look", header: "Un style épuré", text: { casual: "Joli et efficace.", formal: "Un style épuré qui s'intègre à tous les intérieurs." } },
        { key: "dependable", header: "Fiabilité", text: { casual: "Fidèle au poste, jour après jour.", formal: "Des performances fiables, jour après jour." } },
        { key: "finish", header: "Finitions soignées", text: { casual: "Des finitions nettes que l'on remarque de près.", formal: "Des finitions soignées, jusque dans les détails." } },
      ],
      use: {
        casual: ["Votre {ref} s'intègre à votre routine et rend le quotidien un peu plus simple.", "Après quelques jours, vous vous demanderez comment vous faisiez avant."],
        formal: ["Votre {ref} s'intègre naturellement à la routine quotidienne.", "Des performances pratiques et fiables pour les tâches du quotidien."],
      },
      searchWords: ["quotidien", "maison", "foyer", "cadeau", "idée", "accessoire", "pratique", "utile", "essentiel"],
      titleUse: "pour un usage quotidien",
    },
  },

  openings: {
    Casual: [
      (c) => `${c.full} : le petit plus qui simplifie votre quotidien${c.audience ? `, pensé pour ${c.audience}` : ""}.`,
      (c) => `Pour vous simplifier la vie au quotidien, ${c.full} est là${c.audience ? `, tout particulièrement pour ${c.audience}` : ""}.`,
      (c) => `Au quotidien, ${c.full} vous facilite la vie${c.audience ? ` : une conception pensée pour ${c.audience}` : ""}.`,
    ],
    Professional: [
      (c) => `${c.full} associe un design pratique à des matériaux pensés pour un usage quotidien${c.audience ? `, pour ${c.audience}` : ""}.`,
      (c) => `${c.full} offre des performances fiables au quotidien${c.audience ? ` pour ${c.audience}` : ""}.`,
      (c) => `Pratique et fiable, ${c.full} trouve naturellement sa place au quotidien${c.audience ? `, pour ${c.audience}` : ""}.`,
    ],
    Formal: [
      (c) => `Nous avons le plaisir de vous présenter ${c.full}, fruit d'un travail soigné jusque dans les moindres détails${c.audience ? `, pour ${c.audience}` : ""}.`,
      (c) => `${c.full} est le fruit d'une attention portée à chaque détail et d'une exigence de fiabilité${c.audience ? ` pour ${c.audience}` : ""}.`,
      (c) => `Avec ${c.full}, vous disposez d'une solution fiable pour le quotidien${c.audience ? `, pensée pour ${c.audience}` : ""}.`,
    ],
  },
  featureSummaries: {
    Casual: [(list) => `Ce que vous allez aimer : ${list}.`, (list) => `Les points forts en un coup d'œil : ${list}.`],
    Professional: [(list) => `Caractéristiques principales : ${list}.`, (list) => `Ce qui fait la différence : ${list}.`],
    Formal: [(list) => `Ses principales caractéristiques : ${list}.`, (list) => `Caractéristiques notables : ${list}.`],
  },
  featureSingles: {
    Casual: [(item) => `Notre détail préféré : ${item}.`, (item) => `Le point fort : ${item}.`],
    Professional: [(item) => `Caractéristique principale : ${item}.`, (item) => `Ce qui fait la différence : ${item}.`],
    Formal: [(item) => `Un détail se distingue : ${item}.`, (item) => `Caractéristique notable : ${item}.`],
  },
  closings: {
    Casual: [() => `Un petit changement qui fait une vraie différence au quotidien.`, (c) => `${c.brandOr} conçoit des produits pensés pour la vraie vie, et ça se voit.`, () => `Simplifiez-vous la vie, un jour après l'autre.`],
    Professional: [(c) => `${c.brandOr} conçoit des produits pratiques pour le quotidien.`, () => `Un choix fiable pour un usage quotidien.`, (c) => `${c.brandOr} mise sur des détails bien pensés et une fabrication soignée.`],
    Formal: [(c) => `${c.brandOr} apporte un soin particulier à chaque détail afin de répondre à vos attentes jour après jour.`, (c) => `${c.brandOr} vous propose une solution fiable pour votre quotidien.`, () => `Un choix judicieux pour celles et ceux qui accordent de l'importance aux détails.`],
  },
  audienceBullet: {
    casual: { header: "Sur mesure pour vous", text: "Une conception pensée pour {audience}, qui s'intègre facilement à votre routine." },
    formal: { header: "Au service de vos besoins", text: "Une conception qui tient compte de vos besoins, pensée pour {audience} et pour un usage quotidien." },
  },
  titlePadding: ["pour un usage quotidien", "indispensable du quotidien", "essentiel pour la maison", "design pratique", "produit pour un usage quotidien"],
} satisfies Pick<ListingText, "benefits" | "genericFeature" | "categories" | "openings" | "featureSummaries" | "featureSingles" | "closings" | "audienceBullet" | "titlePadding">);

const listing: ListingText = {
  titleCase: "sentence",
  lowerCaseInProse: true,
  // Not "sans": "sans BPA" without it says the opposite.
  danglingWords: "et ou avec pour de du des la le les un une à au aux en sur par dans chez vers appelez contactez visitez écrivez".split(" "),
  // "Ne glisse plus": "plus" ends a French phrase.
  endWords: ["plus"],
  stopWords: "le la les l un une des du de d et ou à au aux en dans par pour sur sous avec sans entre vers chez ce cet cette ces son sa ses votre vos notre nos leur leurs qui que qu est sont il elle ils elles on se très plus ne pas y".split(" "),
  // "en": the material follows the head ("planche à découper en bambou").
  clauseWords: ["avec", "pour", "en"],
  titleBreakWords: ["avec", "pour"],
  audienceLead: ["pour"],
  reference: { from: "start", words: 3 },
  forWord: "pour",
  headerSeparators: ["\u00a0: ", " – ", " - ", ". "],
  product: "Produit",
  productRef: "produit",
  team: "Notre équipe",
  // "Panier à linge sale": dirty, not the English "sale".
  ordinaryWords: ["sale", "sales"],
  typeset: (phrase) => phrase.replace(/[ \t]+:(?=\s|$)/g, "\u00a0:"),
  // "pour les cuisiniers amateurs": a plural noun the seller wrote bare takes "les" in a sentence (the title keeps it bare).
  audienceInProse: (audience) => {
    const first = audience.split(/\s+/)[0] ?? "";
    const bare = first.toLocaleLowerCase().split(/['’]/)[0] ?? "";
    return /^\p{Ll}+[sx]$/u.test(first) && !determiners.has(bare) ? `les ${audience}` : audience;
  },
  // "l'eau", "d'origine": the search term is the word after the elided article.
  searchWord: (word) => word.replace(/^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’](?=\p{L})/u, ""),

  recognisers: {
    benefits: {
      clean: /lave-vaisselle|lave vaisselle|lavable|nettoy|essuy|\btaches?\b|facile à entretenir|entretien facile|rinç/,
      spill: /rainure|rigole|\bjus\b|gouttes?|égoutt|fuites?|débord|renvers/,
      sizes: /\btailles\b|\blot de\b|\d+\s*(?:-\s*)?(?:pièces|pcs)\b|\bset de\b|\bjeu de\b/,
      grip: /antidérapant|anti-dérapant|adhéren|ne glisse pas|prise en main|pieds en caoutchouc/,
      protection: /protection|protège|protég|\bchocs?\b|antichoc|\bchutes?\b|rayure/,
      visibility: /réfléchissant|visibilité|visible|\bnuit\b|lumineu|phosphorescent/,
      comfort: /confort|\bdoux\b|\bdouce|rembourr|moelleu|ergonomique|agréable/,
      portable: /\bléger\b|\blégère|poids plume|compact|pliable|pliant|transport|voyage|sangle|nomade|emporter/,
      water: /étanche|imperméable|résistant à l'eau|résiste à l'eau|déperlant|transpiration|sueur|éclabouss|pluie/,
      charging: /sans fil|recharge|chargeur|charge rapide|batterie|autonomie/,
      durable: /robuste|résistant|solide|durable|renforcé|épais|indéformable|incassable/,
      fit: /compatible|s'adapte|s’adapte|ajustable|réglable|sur mesure/,
      storage: /suspendre|suspension|crochet|rangement|se range|poignée|accroch|gain de place/,
      material: /bambou|\bbois\b|inox|\bacier|coton|silicone|\bcuir\b|nylon|alumin|liège|caoutchouc|\blin\b|laine|céramique|verre/,
    },
    categories: {
      phone: /téléphone|smartphone|\bcoque|étui|chargeur|câble|écouteurs|tablette|montre connectée/,
      pet: /\bchiens?\b|\bchiots?\b|\bchats?\b|chaton|animal|animaux|laisse|collier|harnais/,
      fitness: /yoga|fitness|musculation|entraînement|entrainement|\bsport|exercice|haltère|pilates|tapis de sol/,
      drinkware: /gourde|bouteille|thermos|isotherme|\bmugs?\b|gobelet|\btasses?\b/,
      kitchen: /cuisine|planche à découper|planche a decouper|couteau|poêle|casserole|ustensile|cuisson|pâtisserie|apéritif/,
    },
  },
  ...wording,
};

export const french: OfflineKit = {
  and,
  smallWords: titleSmallWords,
  packWords: [...packWords],
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
  listing,
};
