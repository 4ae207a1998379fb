// Spanish (amazon.es, amazon.com.mx): "tú" in a casual description, "usted" in a formal one. The product's
// name is never given an article (its gender is unknown): it opens a sentence, follows a colon, "Con" or
// "Te presentamos", and reviews talk about "el producto". Adjectives that would agree with the name or with
// the reviewer are avoided.
import type { OfflineLanguage } from "./types.ts";
import { capitalize, decimalCommas, headFirst, joinList, lowerFirst, titleCaser, withoutLeadingPack, withoutQuantity } from "./words.ts";

/** "y" becomes "e" before an "i" sound ("resistente e impermeable"). */
const list = (items: readonly string[]) => joinList(items, (last) => (/^h?[ií](?![aeiouáéíóú])/iu.test(last) ? "e" : "y"));

const stopWords = new Set(
  "a al con de del e el en es esta estas este estos la las le les lo los mas más mi mis muy o para por que se sin sobre son su sus tu tus u un una unas uno unos y como cada ya".split(" "),
);
const packWords = new Set(["juego", "set", "pack", "kit", "lote", "paquete", "conjunto", "piezas", "pzas", "unidades", "uds"]);
const links = new Set(["de", "a", "para"]);

const titleCase = titleCaser(new Set(["a", "al", "con", "de", "del", "e", "el", "en", "la", "las", "los", "o", "para", "por", "sin", "u", "un", "una", "y"]));

export const spanish: OfflineLanguage = {
  list,
  phrase: lowerFirst,
  numbers: decimalCommas,
  typography: (text) => text,
  templates: {
    description: {
      product: "este producto",
      openings: {
        casual: [
          (name) => `Te presentamos ${name}: esa mejora sencilla que no sabías que necesitabas.`,
          (name) => `Conoce ${name}: una pequeña gran idea para tu día a día.`,
          (name) => `Con ${name}, ya no hay vuelta atrás.`,
          (name) => `${name} te hace el día a día un poco más fácil, y mucho más agradable.`,
          (name) => `Lo bueno, si sencillo, dos veces bueno, y ${name} es la prueba.`,
        ],
        formal: [
          (name) => `Descubra ${name}, un producto pensado para quienes valoran una calidad en la que poder confiar.`,
          (name) => `${name} nace para simplificar las tareas del día a día.`,
          (name) => `${name}: practicidad, buenos acabados y todo lo necesario para el uso diario.`,
          (name) => `Le presentamos ${name}, una opción fiable para el uso diario.`,
          (name) => `${name} combina un diseño cuidado con una calidad duradera.`,
        ],
      },
      summaries: {
        casual: [(items) => `Esto es lo que te llevas: ${items}.`, (items) => `¿Lo más destacado? ${capitalize(items)}.`, (items) => `Por qué te va a encantar: ${items}.`],
        formal: [(items) => `Ventajas principales: ${items}.`, (items) => `Sus puntos fuertes: ${items}.`, (items) => `Además, destaca por lo siguiente: ${items}.`],
      },
      details: {
        casual: [(f) => `¿Y lo mejor? ${capitalize(f)}.`, (f) => `Y además: ${f}.`, (f) => `${capitalize(f)}. ¿Hace falta decir más?`],
        formal: [(f) => `Hay un detalle que marca la diferencia: ${f}.`, (f) => `${capitalize(f)}: un detalle pensado desde el principio.`, (f) => `También apreciará lo siguiente: ${f}.`],
      },
      closings: {
        casual: [(name) => `Hazte con ${name} y nota la diferencia desde el primer día.`, (name) => `Date un capricho con ${name}: te lo mereces.`, (name) => `${name} es ese pequeño cambio que marca una gran diferencia.`],
        formal: [
          (name) => `${name} es una elección fiable que utilizará a diario.`,
          (name) => `${name} es una apuesta práctica, atractiva y duradera.`,
          (name) => `Con ${name}, su rutina diaria gana en comodidad.`,
        ],
      },
    },

    review: {
      product: "producto",
      reviews: {
        low: {
          casual: [
            "La verdad, este producto me ha decepcionado. Pintaba bien, pero no ha aguantado ni un par de semanas y ya estoy buscando otra cosa.",
            "Tenía muchas ganas de que este producto me gustara, de verdad. Pero desde el primer día se notaba endeble y no hace aquello para lo que lo compré.",
            "No es para mí. Es incómodo de usar y la calidad no está a la altura para el día a día.",
          ],
          formal: [
            "El producto no ha cumplido mis expectativas. Los acabados son irregulares y, tras pocas semanas de uso habitual, ya mostraba signos de desgaste.",
            "Este artículo me ha decepcionado. Es menos resistente de lo que indica la descripción y no ha funcionado de forma fiable en el uso diario.",
            "Lamentablemente, el producto no se ajusta a mis necesidades. Requiere más esfuerzo del esperado y el acabado no ha durado.",
          ],
        },
        mixed: {
          casual: [
            "Está bien, sin más. Cumple con lo básico, pero algunos detalles parecen hechos con prisas. Vale si no buscas nada del otro mundo.",
            "Sensaciones encontradas. Me gusta cómo queda, pero en el día a día no es tan práctico como esperaba.",
            "Funciona, más o menos. Cumple su función, aunque esperaba algo más para usarlo a diario.",
          ],
          formal: [
            "El producto es correcto para un uso ocasional. Cumple su función principal, aunque algunos detalles podrían estar mejor rematados.",
            "Mi experiencia con este artículo es irregular. El diseño es atractivo, pero su practicidad en el día a día es discreta.",
            "El producto es aceptable. Cumple lo que promete, aunque la calidad general no es nada excepcional.",
          ],
        },
        good: {
          casual: [
            "Una compra de la que no me arrepiento. Lo uso casi a diario y aguanta genial. Hay un detalle mejorable, pero lo volvería a comprar.",
            "Buena elección. Se nota bien hecho, se limpia fácil y funciona sin complicaciones.",
            "Me ha sorprendido para bien. Hace justo lo que necesitaba y encima queda bonito.",
          ],
          formal: [
            "El producto se ha convertido en un básico fiable de mi rutina. Está bien fabricado y es fácil de mantener; solo tiene pequeños aspectos mejorables.",
            "La compra ha sido satisfactoria. El producto funciona de manera constante y los materiales transmiten solidez.",
            "Buena calidad para el uso diario. Es práctico, resistente y agradable de usar.",
          ],
        },
        great: {
          casual: [
            "¡Me encanta! Lo uso todos los días desde hace semanas y sigue como nuevo. Ha merecido totalmente la pena.",
            "Me ha dejado con la boca abierta. Es resistente, se limpia en un momento y queda precioso. Ya he comprado otro para regalar.",
            "La mejor compra que he hecho en mucho tiempo. Es justo lo que buscaba y se nota que está hecho para durar.",
          ],
          formal: [
            "El producto ha superado mis expectativas. Está excepcionalmente bien fabricado, es fácil de cuidar y resulta un placer usarlo a diario.",
            "Recomiendo este artículo sin reservas. La calidad se aprecia desde el primer uso y sigue en perfecto estado.",
            "Un producto excelente. Combina un diseño cuidado con un rendimiento fiable en el día a día.",
          ],
        },
      },
      details: {
        low: ["Al final lo he devuelto.", "Esperaba bastante más calidad.", "Quizá le sirva a quien vaya a darle un uso más ligero.", "En las fotos parece más resistente de lo que es.", "No volveré a pedirlo."],
        mixed: ["Quizá le sirva a quien vaya a darle un uso más ligero.", "Eso sí, llegó bien embalado.", "Lo sigo usando, pero no me enamora.", "De momento, me apaño.", "Con algún pequeño cambio de diseño sería estupendo."],
        good: ["Se nota la calidad de los materiales.", "Llegó bien embalado y listo para usar.", "Mantenerlo en buen estado no cuesta nada.", "Se guarda fácilmente cuando termino.", "En casa se fijaron en él enseguida."],
        great: ["Se nota la calidad de los materiales.", "Llegó bien embalado y listo para usar.", "Mantenerlo en buen estado no cuesta nada.", "Se guarda fácilmente cuando termino.", "En casa se fijaron en él enseguida."],
      },
    },

    existingCopy: {
      fillers: /(?<![\p{L}\p{N}])(?:muy|realmente|simplemente|básicamente|literalmente|totalmente|sumamente|súper|super|verdaderamente|increíblemente)\s+/giu,
      benefits: /(?<![\p{L}\p{N}])(?:mantienen?|ayudan?|ahorran?|protegen?|duran?|permiten?|ofrecen?|facilitan?|caben?|fácil(?:es)?|durader[oa]s?|resistentes?|cómod[oa]s?|segur[oa]s?)(?![\p{L}\p{N}])/iu,
      abbreviations: ["p. ej.", "aprox.", "máx.", "mín.", "núm."],
      closings: ["Una elección sencilla y fiable.", "Pensado para el uso diario.", "Fácil de usar y de cuidar.", "Una opción práctica para cada día."],
    },

    productTitle: {
      product: "Producto",
      titleCase,
      patterns: [
        ({ name, features }) => [name, ...features.slice(0, 3)].join(", "),
        ({ name, features: [f0, f1, f2] }) => `${name}${f0 ? ` con ${list([f0, f1].filter((f) => f !== undefined))}` : ""}${f2 ? `, ${f2}` : ""}`,
        ({ name, features: [f0, f1, f2] }) => `${name} - ${[f1, f0, f2].filter(Boolean).join(", ") || "Diseño Práctico"}`,
        ({ name, features: [f0, f1, f2] }) => `${[name, f0].filter(Boolean).join(" ")}${f2 ? `, ${f2}` : ""}${f1 ? `, ${f1}` : ""}`,
      ],
      extras: ["Uso Diario", "Idea de Regalo", "Para el Hogar", "Diseño Práctico", "Básico del Hogar"],
    },

    keywords: {
      product: "producto",
      stopWords,
      core: (words) => withoutQuantity(withoutLeadingPack(words, packWords, new Set(["de"]))),
      head: (core) => headFirst(core, links, stopWords),
      withRun: (head, run) => `${head} con ${run}`,
      suggestions: (core, head) => [
        `${core} para casa`,
        `${head} regalo`,
        `${head} resistente`,
        `${core} para uso diario`,
        `${head} pack`,
        `${head} fácil de limpiar`,
        `idea regalo ${head}`,
        `${core} para la familia`,
        `${head} reutilizable`,
        `${head} para principiantes`,
      ],
    },
  },
};
