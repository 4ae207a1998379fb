// English: the offline writer's first language, and the one for any language it does not write.
import type { ListingText, OfflineKit } from "./types.ts";
import { capitalize } from "./words.ts";

const and = () => "and";

/** Small words that end a keyword run (Spanish ones too: sellers mix them in). */
export const englishStopWords: ReadonlySet<string> = new Set(
  "a an and are as at be by for from has have in is it its of on or our that the this to with your you will can made make makes one two three very".split(" ").concat(
    "el la los las un una y de del en con para por que su sus es".split(" "),
  ),
);

/** Words that say how many come in a pack (the generators' keywords and the listing's reference leave them out). */
const packWords = new Set(["set", "sets", "pack", "kit", "bundle", "pair", "pieces", "piece", "pcs", "juego", "paquete", "packs", "pc", "count"]);

/** Small words that stay lower case in a listing's title (Amazon's style guide). */
const titleSmallWords = ["a", "an", "and", "as", "at", "but", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to", "with", "via", "per"];

/** The generators' English title case: every word starts with a capital ("With", "And" too), as their prompt asks (app/templates/product-title.ts). */
const titleCase = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((word) => (/^[a-z]/.test(word) ? capitalize(word) : word))
    .join(" ");

// The listing writer's (app/features/listings/offline-listing/) English (ListingText in ./types.ts).
function withArticle(ref: string): string {
  return `${/^[aeiou]/i.test(ref) ? "an" : "a"} ${ref}`;
}

const listing: ListingText = {
  titleCase: "words",
  lowerCaseInProse: true,
  danglingWords: "a an and or with for at on by to of the in from via plus is are which that so but call visit see contact email text whatsapp asin sku upc".split(" "),
  stopWords: (
    "a an and are as at be been by can do does for from has have how i in into is it its it's just me more most my no not of on onto or our out over per so than that the their them then there these they this those to too under up us via was we were what when where which while who why will with you your yours also all any each every one two three four five very made make makes"
  ).split(" "),
  clauseWords: ["with", "for", "featuring"],
  titleBreakWords: ["with", "for"],
  audienceLead: ["for"],
  reference: { from: "end", words: 2 },
  forWord: "for",
  headerSeparators: [": ", " – ", " - ", ". "],
  product: "Product",
  productRef: "product",
  team: "Our team",

  recognisers: {
    benefits: {
      clean: /dishwasher|washable|\bwash|clean|wipe|stain/,
      spill: /groove|spill|juice|drip|leak/,
      sizes: /\bsizes?\b|\bset of\b|\d+\s*(?:-\s*)?(?:pieces?|pcs|pack|count)\b/,
      grip: /non[- ]?slip|anti[- ]?slip|slip[- ]resistant|\bgrip|rubber feet/,
      protection: /protect|shock|drop|scratch|bumper|military/,
      visibility: /reflect|visib|night|glow/,
      comfort: /comfort|\bsoft|padded|padding|cushion|ergonomic/,
      portable: /lightweight|light weight|portable|compact|foldable|folds|carry|travel/,
      water: /waterproof|water[- ]resistant|sweat|splash/,
      charging: /wireless|charg|magsafe|battery/,
      durable: /durable|sturdy|strong|solid|heavy[- ]duty|thick|reinforced|\blast|tough|robust/,
      fit: /compatible|\bfits?\b|adjustable/,
      storage: /\bhang|hook|storage|\bstore|handle/,
      material: /bamboo|\bwood|steel|stainless|cotton|silicone|leather|nylon|alumin|\bcork|rubber/,
    },
    categories: {
      phone: /\bphone|iphone|galaxy|pixel|\bcase\b|charger|\bcable|\busb|earbuds|headphone|tablet|smartwatch/,
      pet: /\bdogs?\b|\bcats?\b|puppy|puppies|kitten|\bpets?\b|leash|collar|harness/,
      fitness: /yoga|fitness|\bgym|workout|exercise|pilates|dumbbell|kettlebell|resistance band|\bmat\b/,
      drinkware: /bottle|tumbler|\bmugs?\b|flask|thermos|\bcups?\b|drinkware/,
      kitchen: /kitchen|cutting board|chopping|\bcook|knife|knives|\bpan\b|\bpot\b|utensil|spatula|baking|serving/,
    },
  },

  benefits: {
    clean: {
      header: ["Easy to clean", "Simple cleanup"],
      support: {
        casual: ["Cleanup takes seconds, so you can get on with your day.", "A quick rinse and your {ref} is ready for round two."],
        formal: ["Cleaning takes only a moment, so your {ref} is ready whenever you need it.", "Routine care is quick and simple, keeping your {ref} in good condition."],
      },
    },
    spill: {
      header: ["Less mess", "Keeps surfaces tidy"],
      support: {
        casual: ["Drips and spills stay where they belong.", "Less mess to wipe up, more time for everything else."],
        formal: ["Liquids stay where they belong, so surfaces remain clean.", "A practical detail that keeps things tidy."],
      },
    },
    sizes: {
      header: ["Sized for every job", "A size for each task"],
      support: {
        casual: ["Grab the size that fits the job and get going.", "Small jobs or big ones, there is a size ready to go."],
        formal: ["Each size suits a different task, so the right one is always at hand.", "The range of sizes covers everyday tasks large and small."],
      },
    },
    grip: {
      header: ["Stays in place", "Secure grip"],
      support: {
        casual: ["No sliding, no slipping, just steady use every time.", "It stays put, so you can focus on what you are doing."],
        formal: ["A secure grip keeps it steady during use for added control.", "The slip-resistant design provides stability and control during use."],
      },
    },
    protection: {
      header: ["Everyday protection", "Protection that counts"],
      support: {
        casual: ["Bumps and drops happen, and this helps you worry less about them.", "Peace of mind for everyday knocks and bumps."],
        formal: ["Helps protect against everyday bumps, drops and scratches.", "Provides dependable protection against everyday wear."],
      },
    },
    visibility: {
      header: ["Seen in low light", "Visible after dark"],
      support: {
        casual: ["Early mornings or late nights, you are easier to spot.", "Stay visible when the light fades."],
        formal: ["Reflective details improve visibility in low-light conditions.", "Added visibility supports safer walks after dark."],
      },
    },
    comfort: {
      header: ["Comfortable to use", "All-day comfort"],
      support: {
        casual: ["Soft where it counts, so it feels good every time.", "Comfy enough that you forget it is there."],
        formal: ["Thoughtful ergonomics provide comfort during extended use.", "The design prioritises comfort, even during long sessions."],
      },
    },
    portable: {
      header: ["Easy to carry", "Goes where you go"],
      support: {
        casual: ["Toss it in your bag and take it anywhere.", "Light enough to bring along wherever the day takes you."],
        formal: ["The compact, lightweight design makes it easy to take along.", "Easy to transport, and easy to store when not in use."],
      },
    },
    water: {
      header: ["Ready for wet days", "Handles water"],
      support: {
        casual: ["Rain, splashes or sweat, it keeps going.", "A little water will not slow it down."],
        formal: ["Water resistance helps it perform in wet conditions.", "Built to handle splashes and damp conditions."],
      },
    },
    charging: {
      header: ["Simple charging", "Charging made easy"],
      support: {
        casual: ["Plug in, top up, done.", "Charging is one less thing to think about."],
        formal: ["Convenient charging keeps your devices ready for the day.", "Designed for straightforward, everyday charging."],
      },
    },
    durable: {
      header: ["Built to last", "Sturdy build"],
      support: {
        casual: ["It is made for daily use and keeps going, day after day.", "Tough enough for everyday life, so you will not be shopping for another one soon."],
        formal: ["Solid construction keeps your {ref} performing through years of regular use.", "Durable materials stand up to daily use without losing their shape."],
      },
    },
    fit: {
      header: ["Made to fit", "A proper fit"],
      support: {
        casual: ["It fits just right, no fiddling needed.", "A snug, secure fit from day one."],
        formal: ["A precise fit makes setup easy and everyday use reliable.", "The design provides a precise, secure fit."],
      },
    },
    storage: {
      header: ["Easy to store", "Tidy storage"],
      support: {
        casual: ["Hang it up or tuck it away when you are done.", "It stores neatly, so it is always easy to find."],
        formal: ["Convenient storage keeps it organised and within reach.", "It stores neatly when not in use."],
      },
    },
    material: {
      header: ["Quality materials", "Materials that matter"],
      support: {
        casual: ["Good materials you can see and feel from the first use.", "Made from materials that feel as good as they look."],
        formal: ["Carefully selected materials give your {ref} a solid feel and a lasting finish.", "The materials are chosen for everyday durability and a refined look."],
      },
    },
  },

  genericFeature: {
    header: ["Thoughtful design", "Practical detail", "Designed with care", "Smart design", "Made for daily use"],
    support: {
      casual: ["One more reason your {ref} makes everyday life easier.", "It is the kind of detail you notice every time.", "Small touch, big difference in daily use.", "Just one of the ways it makes your day run smoother."],
      formal: ["A considered detail that makes your {ref} easier to use every day.", "This detail adds convenience to everyday use.", "A practical touch that reflects careful design.", "One of several details designed around everyday needs."],
    },
  },

  categories: {
    phone: {
      fillers: [
        { key: "carry", header: "Everyday carry", text: { casual: "Slips into your pocket or bag without fuss.", formal: "Designed to fit comfortably in a pocket or bag." } },
        { key: "setup", header: "Easy setup", text: { casual: "Unbox it and get started in minutes.", formal: "Setup is quick and straightforward." } },
        { key: "look", header: "Clean look", text: { casual: "A clean look that goes with your style.", formal: "A refined look that complements your device." } },
        { key: "daily", header: "Ready for daily use", text: { casual: "Made for the daily grind of commutes, desks and sofas.", formal: "Built for reliable performance throughout the day." } },
      ],
      use: {
        casual: ["Commutes, coffee runs and couch time: your {ref} keeps up with your day.", "It fits right into your routine, from the morning alarm to the evening scroll."],
        formal: ["Designed for daily use, your {ref} fits seamlessly into work and personal routines.", "It supports a busy schedule, from the morning commute to the end of the working day."],
      },
      searchWords: ["cover", "protective", "shockproof", "slim", "bumper", "mobile", "cell", "smartphone", "accessories", "device", "protector", "sleeve", "shell"],
      titleUse: "for Everyday Use",
    },
    pet: {
      fillers: [
        { key: "comfort", header: "Comfortable for your pet", text: { casual: "Made with your pet's comfort in mind, walk after walk.", formal: "Designed with your pet's comfort in mind for everyday use." } },
        { key: "walks", header: "Easy daily walks", text: { casual: "Clip on and head out the door in seconds.", formal: "Quick to put on, so daily walks start without delay." } },
        { key: "control", header: "Steady control", text: { casual: "Stay in control, even when the squirrels show up.", formal: "Provides steady control for calm, confident walks." } },
        { key: "active", header: "Built for active pets", text: { casual: "Ready for runs, parks and muddy adventures.", formal: "Suited to active pets and outdoor routines." } },
      ],
      use: {
        casual: ["Morning strolls, park visits or quick trips outside: your {ref} is ready for every outing with your pet.", "Made for real life with pets, it handles the daily routine without fuss."],
        formal: ["Suited to daily routines with your pet, your {ref} combines practicality with comfort.", "Whether for short walks or longer outings, it supports a calm and comfortable routine for you and your pet."],
      },
      searchWords: ["dog", "puppy", "pet", "walking", "training", "lead", "rope", "outdoor", "hiking", "running", "supplies", "accessories", "owners"],
      titleUse: "for Daily Walks",
    },
    fitness: {
      fillers: [
        { key: "workout", header: "Ready for every workout", text: { casual: "Gym sessions, home workouts or a stretch before bed, it is ready when you are.", formal: "Suited to home workouts, gym sessions and stretching." } },
        { key: "support", header: "Steady support", text: { casual: "Feel steady and supported through every move.", formal: "Provides stable support throughout your routine." } },
        { key: "anywhere", header: "Home or gym", text: { casual: "Works just as well in your living room as at the gym.", formal: "Equally suited to home training and gym sessions." } },
        { key: "clean", header: "Simple care", text: { casual: "Wipe it down after your session and you are done.", formal: "Wipe clean after each session to keep it fresh." } },
      ],
      use: {
        casual: ["A quick workout at lunch, a class after work or a stretch before bed: your {ref} is ready when you are.", "Home workouts, gym classes or a session in the park: it goes where your routine takes you."],
        formal: ["Suited to home training, gym sessions and classes, your {ref} supports a consistent fitness routine.", "From gentle warm-ups to demanding sessions, it is designed to support your training."],
      },
      searchWords: ["exercise", "workout", "pilates", "stretching", "gym", "fitness", "training", "floor", "meditation", "studio", "beginners", "home"],
      titleUse: "for Home Workouts",
    },
    drinkware: {
      fillers: [
        { key: "drinks", header: "Drinks your way", text: { casual: "Water, coffee, tea or smoothies: fill it with whatever gets you going.", formal: "Suitable for water, coffee, tea and other everyday drinks." } },
        { key: "carry", header: "On the go", text: { casual: "From your desk to the gym to the trail, it comes along.", formal: "Designed to accompany you from the office to the gym and beyond." } },
        { key: "clean", header: "Simple care", text: { casual: "A quick rinse between refills keeps it fresh.", formal: "Rinse between uses to keep it fresh." } },
        { key: "daily", header: "Everyday hydration", text: { casual: "With a drink always within reach, sipping through the day gets easier.", formal: "Keeping a drink within reach supports regular hydration throughout the day." } },
      ],
      use: {
        casual: ["Morning coffee, afternoon water, post-workout refills: your {ref} keeps up with your day.", "Desk, car, gym bag: it goes wherever the day takes you."],
        formal: ["Your {ref} accompanies you through the working day, the commute and the gym.", "Designed for everyday use, it fits into work, travel and exercise routines."],
      },
      searchWords: ["water", "drink", "hydration", "travel", "sports", "gym", "hiking", "camping", "office", "reusable", "thermos", "flask", "tumbler", "cup", "school"],
      titleUse: "for Gym, Office and Travel",
    },
    kitchen: {
      fillers: [
        { key: "clean", header: "Simple care", text: { casual: "Rinse, dry and it is ready for the next meal.", formal: "Rinse and dry after each use to keep it in good condition for years." } },
        { key: "cooking", header: "Everyday cooking", text: { casual: "From quick breakfasts to big weekend dinners, it earns its spot in your kitchen.", formal: "Suited to daily meal preparation, from simple breakfasts to family dinners." } },
        { key: "look", header: "Looks good on the counter", text: { casual: "Good-looking enough to leave out on the counter.", formal: "A clean, classic look that suits any kitchen." } },
        { key: "hosting", header: "Ready for hosting", text: { casual: "Handy for serving snacks when friends come over.", formal: "Equally useful for serving when entertaining guests." } },
      ],
      use: {
        casual: ["From weeknight dinners to weekend get-togethers, your {ref} is ready for whatever is on the menu.", "Chop, slice, serve, repeat: your {ref} keeps up with busy kitchens and lazy Sunday brunches alike."],
        formal: ["From everyday meal preparation to serving guests, your {ref} suits a wide range of kitchen tasks.", "Designed for regular use in the home kitchen, it supports everything from simple weekday meals to larger gatherings."],
      },
      searchWords: ["chopping", "block", "butcher", "serving", "tray", "charcuterie", "meal", "prep", "cooking", "kitchen", "chef", "countertop", "vegetables", "meat", "cheese", "bread", "housewarming", "gift"],
      titleUse: "for Kitchen and Home",
    },
    generic: {
      fillers: [
        { key: "design", header: "Thoughtful design", text: { casual: "Every detail is there for a reason, so it simply works.", formal: "Every detail is designed to make everyday use simpler." } },
        { key: "daily", header: "Made for daily use", text: { casual: "Ready for everyday life, day in and day out.", formal: "Made to handle regular, everyday use." } },
        { key: "clean", header: "Easy to look after", text: { casual: "Low-effort care, so you can simply enjoy it.", formal: "Simple care keeps it in good condition." } },
        { key: "use", header: "Simple to use", text: { casual: "No manual needed: it is ready to go out of the box.", formal: "Intuitive to use from the first day." } },
        { key: "gift", header: "Thoughtful gift", text: { casual: "A welcome gift for birthdays, holidays or just because.", formal: "A considered gift for birthdays and holidays." } },
        { key: "look", header: "Clean look", text: { casual: "Looks good, works hard.", formal: "A clean look that suits any space." } },
        { key: "dependable", header: "Dependable", text: { casual: "Does its job, day after day.", formal: "Dependable performance, day after day." } },
        { key: "finish", header: "Careful finish", text: { casual: "Neat details you notice up close.", formal: "Finished with care, down to the details." } },
      ],
      use: {
        casual: ["It fits right into your routine, making everyday moments a little easier.", "Use it every day and you will wonder how you managed without it."],
        formal: ["Your {ref} is designed to fit naturally into everyday routines.", "It brings practical, reliable performance to everyday tasks."],
      },
      searchWords: ["everyday", "home", "household", "gift", "idea", "accessory", "essentials", "practical", "daily", "use"],
      titleUse: "for Everyday Use",
    },
  },

  openings: {
    Casual: [
      (c) => `Meet ${c.theFull}${c.audience ? `, made for ${c.audience} who want things that simply work` : ", made for anyone who wants things that simply work"}.`,
      (c) => `Say hello to ${c.theFull}. It makes everyday life a little easier${c.audience ? ` for ${c.audience}` : ""}.`,
      (c) => `${capitalize(c.theFull)} is here to make your day easier${c.audience ? `, and it was made with ${c.audience} in mind` : ""}.`,
    ],
    Professional: [
      (c) => `${capitalize(c.theFull)} is designed for ${c.audience || "everyday use"}, with practical details that make daily tasks simpler.`,
      (c) => `Introducing ${c.theFull}: ${withArticle(c.ref)} built for daily use${c.audience ? ` by ${c.audience}` : ""}.`,
      (c) => `${capitalize(c.theFull)} combines practical design with materials made for everyday use${c.audience ? `, for ${c.audience}` : ""}.`,
    ],
    Formal: [
      (c) => `${capitalize(c.theFull)} has been carefully designed for ${c.audience || "those"} who expect reliability in every detail.`,
      (c) => `We are pleased to present ${c.theFull}, ${withArticle(c.ref)} designed with care and precision${c.audience ? ` for ${c.audience}` : ""}.`,
      (c) => `Crafted with attention to detail, ${c.theFull} offers dependable performance day after day${c.audience ? ` for ${c.audience}` : ""}.`,
    ],
  },
  featureSummaries: {
    Casual: [(list) => `Here is what you get: ${list}.`, (list) => `The highlights? ${capitalize(list)}.`],
    Professional: [(list) => `Key features: ${list}.`, (list) => `What sets it apart: ${list}.`],
    Formal: [(list) => `Its principal features include the following: ${list}.`, (list) => `Notable features: ${list}.`],
  },
  featureSingles: {
    Casual: [(item) => `Our favourite detail: ${item}.`, (item) => `The highlight? ${capitalize(item)}.`],
    Professional: [(item) => `Key feature: ${item}.`, (item) => `What sets it apart: ${item}.`],
    Formal: [(item) => `One detail stands out: ${item}.`, (item) => `Notable feature: ${item}.`],
  },
  closings: {
    Casual: [(c) => `Give ${c.theBrandRef} a try and see how much easier everyday life can be.`, (c) => `Treat yourself to ${c.theBrandRef}. Your future self will thank you.`, () => `Small upgrade, big difference: that is the whole idea.`],
    Professional: [(c) => `${c.brandOr} makes practical products for everyday life, and the ${c.ref} is no exception.`, (c) => `Choose ${c.theBrandRef} for a dependable upgrade you will use every day.`, (c) => `${capitalize(c.theBrandRef)} is a practical choice that looks good and lasts.`],
    Formal: [(c) => `With ${c.theBrandRef}, you have a considered choice for everyday living.`, (c) => `${c.brandOr} takes care over every detail, so the ${c.ref} meets your expectations day after day.`, (c) => `${capitalize(c.theBrandRef)} is a refined addition to any home.`],
  },
  audienceBullet: {
    casual: { header: "Made for you", text: "Made with {audience} in mind, so it slots right into your routine." },
    formal: { header: "Suited to your needs", text: "Designed with {audience} in mind and suited to everyday routines." },
  },
  titlePadding: ["for Everyday Use", "Everyday Essential", "Home Essential", "Practical Design", "Product for Everyday Use"],
};

export const english: OfflineKit = {
  and,
  smallWords: titleSmallWords,
  packWords: [...packWords],
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
  listing,
};
