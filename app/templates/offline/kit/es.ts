// Spanish (amazon.es, amazon.com.mx): "tú" in a casual description, "usted" in a formal one. The product's
// name is never given an article (its gender is unknown): it opens a sentence, follows a colon, "Con" or
// "Te presentamos", and reviews talk about "el producto". Adjectives that would agree with the name or with
// the reviewer are avoided.
import type { ListingText, OfflineKit } from "./types.ts";
import { capitalize, decimalCommas, headFirst, joinList, lowerFirst, titleCaser, withoutLeadingPack, withoutQuantity } from "./words.ts";

/** "y" becomes "e" before an "i" sound ("resistente e impermeable"). */
const and = (last: string) => (/^h?[ií](?![aeiouáéíóú])/iu.test(last) ? "e" : "y");
const list = (items: readonly string[]) => joinList(items, and);

const stopWords = new Set(
  "a al con de del e el en es esta estas este estos la las le les lo los mas más mi mis muy o para por que se sin sobre son su sus tu tus u un una unas uno unos y como cada ya".split(" "),
);
/** Words that say how many come in a pack (the generators' keywords and the listing's reference leave them out). */
const packWords = new Set(["juego", "set", "pack", "kit", "lote", "paquete", "conjunto", "piezas", "pzas", "unidades", "uds"]);
const links = new Set(["de", "a", "para"]);

/** Small words that stay lower case inside a title (the generators' and the listing's). */
const titleSmallWords = ["a", "al", "con", "de", "del", "e", "el", "en", "la", "las", "los", "o", "para", "por", "sin", "u", "un", "una", "y"];
const titleCase = titleCaser(new Set(titleSmallWords));

// The listing writer's (app/features/listings/offline-listing/) Spanish (ListingText in ./types.ts). The product is "su {ref}" / "tu {ref}":
// possessives that do not change with its gender.
const listing: ListingText = {
  titleCase: "words",
  lowerCaseInProse: true,
  danglingWords: "a y o e u con para en de del por al la el los las un una que visita llama llámanos llamar escribe contacta desde".split(" "),
  stopWords: "al con como de del desde e el en entre es esta este estos estas hasta la las le les lo los más mi mis muy nos o para pero por que se sin su sus sobre tu tus u un una unas unos y ya".split(" "),
  clauseWords: ["con", "para", "incluye"],
  titleBreakWords: ["con", "para"],
  audienceLead: ["para"],
  reference: { from: "start", words: 3 },
  forWord: "para",
  headerSeparators: [": ", " – ", " - ", ". "],
  product: "Producto",
  productRef: "producto",
  team: "Nuestro equipo",

  recognisers: {
    benefits: {
      clean: /lavavajillas|lavable|limpi|mancha/,
      spill: /ranura|jugo|zumo|derrame|goteo|fuga/,
      sizes: /tamaños?|piezas|juego de/,
      grip: /antideslizante|agarre/,
      protection: /proteg|golpe|caída|caida|arañazo|rayon/,
      visibility: /reflectante|noche/,
      comfort: /cómod|comod|suave|acolchad|ergonómic/,
      portable: /liger|portátil|portatil|compact|plegable|viaje/,
      water: /impermeable|resistente al agua|sudor|salpicadura/,
      charging: /inalámbric|inalambric|carga|batería|bateria/,
      durable: /resistente|duradero|duradera|sólid|solid|reforzad|grues/,
      fit: /ajustable|se adapta|encaja/,
      storage: /colgar|gancho|guardar|almacen|\basa\b/,
      material: /bambú|bambu|madera|acero|algodón|algodon|silicona|cuero|corcho|caucho|natural/,
    },
    categories: {
      phone: /móvil|movil|teléfono|telefono|funda|carcasa|cargador|auriculares/,
      pet: /perros?\b|gatos?\b|cachorro|mascota|correa|arnés|arnes/,
      fitness: /esterilla|gimnasio|ejercicio|entrenamiento|colchoneta/,
      drinkware: /botella|termo|\btazas?\b|\bvasos?\b/,
      kitchen: /cocina|tabla de cortar|tabla de picar|cuchillo|sartén|sarten|utensilio|hornear/,
    },
  },

  benefits: {
    clean: {
      header: ["Fácil de limpiar", "Limpieza sencilla"],
      support: {
        casual: ["Se limpia en segundos y puedes seguir con tu día.", "Un enjuague rápido y a seguir."],
        formal: ["La limpieza lleva solo un momento, para que su {ref} esté a punto cuando haga falta.", "El cuidado diario es rápido y sencillo."],
      },
    },
    spill: {
      header: ["Menos desorden", "Superficies limpias"],
      support: {
        casual: ["Las gotas y los derrames se quedan donde deben.", "Menos desorden que limpiar y más tiempo para lo demás."],
        formal: ["Los líquidos quedan donde deben y las superficies se mantienen limpias.", "Un detalle práctico que mantiene todo en orden."],
      },
    },
    sizes: {
      header: ["Un tamaño para cada tarea", "El tamaño justo"],
      support: {
        casual: ["Elige el tamaño que necesitas y listo.", "Para tareas pequeñas o grandes, siempre hay un tamaño a mano."],
        formal: ["Cada tamaño se adapta a una tarea distinta, para tener siempre el adecuado a mano.", "La variedad de tamaños cubre tareas grandes y pequeñas."],
      },
    },
    grip: {
      header: ["Se mantiene en su sitio", "Agarre seguro"],
      support: {
        casual: ["Nada de resbalones: se queda firme cada vez.", "No se mueve, así que puedes concentrarte en lo tuyo."],
        formal: ["Un agarre firme aporta estabilidad y control durante el uso.", "El diseño antideslizante ofrece estabilidad en todo momento."],
      },
    },
    protection: {
      header: ["Protección diaria", "Protección de confianza"],
      support: {
        casual: ["Los golpes pasan, y así te preocupas menos por ellos.", "Tranquilidad frente a los golpes del día a día."],
        formal: ["Ayuda a proteger frente a golpes, caídas y arañazos cotidianos.", "Ofrece una protección fiable frente al desgaste diario."],
      },
    },
    visibility: {
      header: ["Visible de noche", "Más visibilidad"],
      support: {
        casual: ["Por la mañana temprano o de noche, se te ve con más facilidad.", "Sigues siendo visible cuando cae la luz."],
        formal: ["Los detalles reflectantes aumentan la visibilidad con poca luz.", "Una mayor visibilidad favorece paseos más seguros al anochecer."],
      },
    },
    comfort: {
      header: ["Comodidad diaria", "Comodidad todo el día"],
      support: {
        casual: ["Suave donde importa, para que se sienta bien cada vez.", "Tanta comodidad que te olvidas de que está ahí."],
        formal: ["Un diseño ergonómico aporta comodidad durante un uso prolongado.", "Su diseño prioriza la comodidad, incluso en sesiones largas."],
      },
    },
    portable: {
      header: ["Fácil de llevar", "Te acompaña a todas partes"],
      support: {
        casual: ["Cabe en cualquier bolsa y va contigo a todas partes.", "Pesa poco y te acompaña a donde vayas."],
        formal: ["Su diseño compacto y ligero facilita el transporte.", "Se transporta y se guarda con facilidad."],
      },
    },
    water: {
      header: ["Resistencia al agua", "Sin miedo al agua"],
      support: {
        casual: ["Lluvia, salpicaduras o sudor: sigue funcionando sin problema.", "Un poco de agua no es problema."],
        formal: ["Su resistencia al agua facilita el uso en condiciones húmedas.", "Soporta salpicaduras y ambientes húmedos."],
      },
    },
    charging: {
      header: ["Carga sencilla", "Carga sin complicaciones"],
      support: {
        casual: ["Conecta, carga y listo.", "Cargar es una cosa menos en la que pensar."],
        formal: ["Una carga cómoda mantiene sus dispositivos listos para el día.", "Una carga sencilla para el uso diario."],
      },
    },
    durable: {
      header: ["Diseño duradero", "Construcción resistente"],
      support: {
        casual: ["Aguanta el uso diario, día tras día.", "Resiste el uso de cada día sin preocupaciones."],
        formal: ["Su construcción sólida soporta años de uso habitual.", "Los materiales resistentes mantienen su forma con el uso diario."],
      },
    },
    fit: {
      header: ["Ajuste preciso", "Se adapta a ti"],
      support: {
        casual: ["Se ajusta sin complicaciones.", "Encaja a la primera, sin líos."],
        formal: ["Un ajuste preciso facilita la instalación y el uso diario.", "Su diseño ofrece un ajuste firme y preciso."],
      },
    },
    storage: {
      header: ["Fácil de guardar", "Almacenaje sencillo"],
      support: {
        casual: ["Se guarda en cualquier rincón cuando terminas.", "Se guarda con orden y siempre está a mano."],
        formal: ["Se guarda con facilidad y queda siempre a mano.", "Ocupa poco espacio cuando no se usa."],
      },
    },
    material: {
      header: ["Materiales de calidad", "Materiales escogidos"],
      support: {
        casual: ["Materiales que se notan desde el primer uso.", "Materiales que se sienten tan bien como se ven."],
        formal: ["Los materiales seleccionados aportan solidez y un acabado duradero.", "Materiales elegidos por su durabilidad y su buen aspecto."],
      },
    },
  },

  genericFeature: {
    header: ["Diseño cuidado", "Detalle práctico", "Diseño práctico", "Diseño inteligente", "Para el uso diario"],
    support: {
      casual: ["Un detalle más que hace tu día a día más fácil.", "Es de esos detalles que se notan en cada uso.", "Un pequeño detalle que marca la diferencia.", "Una forma más de hacer tu rutina más sencilla."],
      formal: ["Un detalle pensado para facilitar el uso diario.", "Este detalle aporta comodidad en el uso diario.", "Un toque práctico que refleja un diseño cuidado.", "Uno de los detalles pensados para las necesidades diarias."],
    },
  },

  categories: {
    phone: {
      fillers: [
        { key: "carry", header: "Para llevar a diario", text: { casual: "Cabe en el bolsillo o en el bolso sin complicaciones.", formal: "Cabe cómodamente en un bolsillo o un bolso." } },
        { key: "setup", header: "Configuración sencilla", text: { casual: "Se pone en marcha en minutos.", formal: "La puesta en marcha es rápida y sencilla." } },
        { key: "look", header: "Estética limpia", text: { casual: "Un aspecto limpio que va con tu estilo.", formal: "Un aspecto cuidado que complementa su dispositivo." } },
        { key: "daily", header: "Para el uso diario", text: { casual: "Para el trajín diario: trayectos, oficina y sofá.", formal: "Un rendimiento fiable durante toda la jornada." } },
      ],
      use: {
        casual: ["Trayectos, cafés y ratos de sofá: tu {ref} sigue el ritmo de tu día.", "Encaja en tu rutina, desde la alarma de la mañana hasta el último vistazo de la noche."],
        formal: ["Su {ref} se integra con naturalidad en la rutina profesional y personal.", "Acompaña una agenda exigente, desde el trayecto de la mañana hasta el final de la jornada."],
      },
      searchWords: ["carcasa", "cubierta", "protectora", "móvil", "smartphone", "celular", "teléfono", "accesorios", "dispositivo", "protección", "fina"],
      titleUse: "para Uso Diario",
    },
    pet: {
      fillers: [
        { key: "comfort", header: "Comodidad para tu mascota", text: { casual: "Con la comodidad de tu mascota en mente, paseo tras paseo.", formal: "Su diseño tiene en cuenta la comodidad de su mascota en el uso diario." } },
        { key: "walks", header: "Paseos sin complicaciones", text: { casual: "Se pone en segundos y a la calle.", formal: "Se coloca rápidamente para que los paseos diarios empiecen sin demora." } },
        { key: "control", header: "Control y seguridad", text: { casual: "Mantén el control, incluso cuando aparece un gato.", formal: "Ofrece un control firme para paseos tranquilos." } },
        { key: "active", header: "Para mascotas activas", text: { casual: "Para carreras, parques y aventuras con barro.", formal: "Acompaña a mascotas activas en sus rutinas al aire libre." } },
      ],
      use: {
        casual: ["Paseos por la mañana, visitas al parque o salidas rápidas: tu {ref} te acompaña en cada salida con tu mascota.", "Para la vida real con mascotas: aguanta la rutina diaria sin complicaciones."],
        formal: ["Su {ref} combina practicidad y comodidad en la rutina diaria con su mascota.", "Tanto en paseos cortos como en salidas largas, contribuye a una rutina tranquila y cómoda para usted y su mascota."],
      },
      searchWords: ["perro", "perros", "cachorro", "mascota", "mascotas", "paseo", "adiestramiento", "accesorios", "exterior", "senderismo", "correr"],
      titleUse: "para Paseos Diarios",
    },
    fitness: {
      fillers: [
        { key: "workout", header: "Para cada entrenamiento", text: { casual: "Gimnasio, entrenamiento en casa o estiramientos antes de dormir: siempre a punto.", formal: "Se adapta al gimnasio, al entrenamiento en casa y a los estiramientos." } },
        { key: "support", header: "Apoyo estable", text: { casual: "Siéntete estable en cada movimiento.", formal: "Proporciona un apoyo estable durante toda la rutina." } },
        { key: "anywhere", header: "En casa o en el gimnasio", text: { casual: "Funciona igual de bien en el salón que en el gimnasio.", formal: "Resulta igual de útil en casa que en el gimnasio." } },
        { key: "clean", header: "Cuidado sencillo", text: { casual: "Pásale un paño después de entrenar y listo.", formal: "Basta con pasar un paño tras cada sesión." } },
      ],
      use: {
        casual: ["Un entrenamiento rápido a mediodía, una clase después del trabajo o estiramientos antes de dormir: tu {ref} te acompaña.", "Entrenamientos en casa, clases en el gimnasio o una sesión en el parque: va contigo a donde vaya tu rutina."],
        formal: ["Su {ref} acompaña el entrenamiento en casa, en el gimnasio y en clase con constancia.", "Desde calentamientos suaves hasta sesiones exigentes, su diseño respalda su entrenamiento."],
      },
      searchWords: ["ejercicio", "entrenamiento", "pilates", "estiramientos", "gimnasio", "fitness", "suelo", "meditación", "principiantes", "casa"],
      titleUse: "para Entrenar en Casa",
    },
    drinkware: {
      fillers: [
        { key: "drinks", header: "Tus bebidas, a tu manera", text: { casual: "Agua, café, té o batidos: lo que te dé energía.", formal: "Para agua, café, té y otras bebidas del día a día." } },
        { key: "carry", header: "Para llevar", text: { casual: "Del escritorio al gimnasio o a la montaña: siempre contigo.", formal: "Le acompaña de la oficina al gimnasio y más allá." } },
        { key: "clean", header: "Cuidado sencillo", text: { casual: "Un enjuague rápido entre usos y a seguir.", formal: "Basta con enjuagar entre usos." } },
        { key: "daily", header: "Hidratación diaria", text: { casual: "Con la bebida siempre a mano, es más fácil beber durante el día.", formal: "Tener la bebida a mano facilita una hidratación regular durante el día." } },
      ],
      use: {
        casual: ["Café por la mañana, agua por la tarde, recargas después de entrenar: tu {ref} sigue tu ritmo.", "Escritorio, coche o bolsa de deporte: va a donde vayas."],
        formal: ["Su {ref} le acompaña durante la jornada, los trayectos y el gimnasio.", "Se integra en las rutinas de trabajo, viaje y ejercicio."],
      },
      searchWords: ["agua", "bebidas", "hidratación", "viaje", "deporte", "gimnasio", "senderismo", "acampada", "oficina", "reutilizable", "termo", "vaso", "colegio"],
      titleUse: "para Gimnasio, Oficina y Viaje",
    },
    kitchen: {
      fillers: [
        { key: "clean", header: "Cuidado sencillo", text: { casual: "Enjuaga, seca y a preparar la siguiente comida.", formal: "Enjuagar y secar tras cada uso ayuda a mantener un buen estado durante años." } },
        { key: "cooking", header: "Cocina de cada día", text: { casual: "Desde desayunos rápidos hasta cenas de fin de semana, se gana su sitio en tu cocina.", formal: "Resulta útil en la preparación diaria, desde desayunos sencillos hasta cenas familiares." } },
        { key: "look", header: "Buen aspecto en la encimera", text: { casual: "Queda bien a la vista en la encimera.", formal: "Un aspecto limpio y clásico que encaja en cualquier cocina." } },
        { key: "hosting", header: "Para recibir en casa", text: { casual: "Viene bien para servir algo de picar cuando vienen amigos.", formal: "También resulta útil para servir cuando recibe invitados." } },
      ],
      use: {
        casual: ["De las cenas entre semana a las comidas del fin de semana, tu {ref} está a la altura de cualquier menú.", "Cortar, servir y repetir: tu {ref} sigue el ritmo de una cocina con mucho movimiento."],
        formal: ["Desde la preparación diaria de comidas hasta las ocasiones con invitados, su {ref} se adapta a numerosas tareas de cocina.", "Su diseño responde al uso habitual en la cocina, desde comidas sencillas hasta reuniones familiares."],
      },
      searchWords: ["picar", "cocina", "cocinar", "servir", "bandeja", "embutidos", "quesos", "chef", "encimera", "verduras", "carne", "pan", "utensilios", "hogar", "regalo"],
      titleUse: "para Cocina y Hogar",
    },
    generic: {
      fillers: [
        { key: "design", header: "Diseño cuidado", text: { casual: "Cada detalle tiene su motivo, así que todo funciona sin más.", formal: "Cada detalle está pensado para simplificar el uso diario." } },
        { key: "daily", header: "Para el día a día", text: { casual: "Acompaña tu día a día, un día tras otro.", formal: "Soporta el uso habitual del día a día." } },
        { key: "clean", header: "Fácil de cuidar", text: { casual: "Apenas requiere cuidados y se disfruta más.", formal: "Un cuidado sencillo ayuda a conservar su buen estado." } },
        { key: "use", header: "Fácil de usar", text: { casual: "Sin manuales: se usa desde el primer momento.", formal: "Su uso resulta intuitivo desde el primer día." } },
        { key: "gift", header: "Un regalo con detalle", text: { casual: "Un regalo bienvenido para cumpleaños, fiestas o porque sí.", formal: "Un regalo acertado para cumpleaños y fechas especiales." } },
        { key: "look", header: "Aspecto limpio", text: { casual: "Se ve bien y cumple.", formal: "Un aspecto limpio que encaja en cualquier espacio." } },
        { key: "dependable", header: "Fiabilidad", text: { casual: "Cumple su función, día tras día.", formal: "Un rendimiento fiable, día tras día." } },
        { key: "finish", header: "Acabado cuidado", text: { casual: "Detalles bien hechos que se notan de cerca.", formal: "Un acabado cuidado hasta el último detalle." } },
      ],
      use: {
        casual: ["Encaja en tu rutina y hace que el día a día sea un poco más fácil.", "Una vez en casa, te preguntarás cómo te las apañabas antes."],
        formal: ["Su {ref} se integra con naturalidad en la rutina diaria.", "Aporta un rendimiento práctico y fiable en las tareas cotidianas."],
      },
      searchWords: ["diario", "hogar", "casa", "regalo", "accesorio", "práctico", "uso", "cotidiano", "esencial"],
      titleUse: "para Uso Diario",
    },
  },

  openings: {
    Casual: [
      (c) => `Te presentamos ${c.full}: una forma sencilla de hacer tu día a día más fácil${c.audience ? `, con ${c.audience} en mente` : ""}.`,
      (c) => `Con ${c.full}, el día a día es un poco más fácil${c.audience ? ` para ${c.audience}` : ""}.`,
      (c) => `${c.full} llega para ponerte las cosas fáciles${c.audience ? `, con ${c.audience} en mente` : ""}.`,
    ],
    Professional: [
      (c) => `${c.full} combina un diseño práctico con materiales preparados para el uso diario${c.audience ? `, para ${c.audience}` : ""}.`,
      (c) => `${c.full} ofrece un rendimiento fiable para el uso diario${c.audience ? ` de ${c.audience}` : ""}.`,
      (c) => `${c.full} responde a las necesidades de ${c.audience || "quienes buscan fiabilidad"} en el día a día.`,
    ],
    Formal: [
      (c) => `Le presentamos ${c.full}, una propuesta cuidada hasta el último detalle${c.audience ? ` para ${c.audience}` : ""}.`,
      (c) => `${c.full} nace del cuidado por cada detalle y de la búsqueda de un rendimiento fiable${c.audience ? ` para ${c.audience}` : ""}.`,
      (c) => `Con ${c.full}, usted dispone de una solución fiable para el día a día${c.audience ? `, pensada para ${c.audience}` : ""}.`,
    ],
  },
  featureSummaries: {
    Casual: [(list) => `Esto es lo que tienes: ${list}.`, (list) => `¿Lo más destacado? ${capitalize(list)}.`],
    Professional: [(list) => `Características principales: ${list}.`, (list) => `Aspectos destacados: ${list}.`],
    Formal: [(list) => `Entre sus características principales se encuentran: ${list}.`, (list) => `Características destacadas: ${list}.`],
  },
  featureSingles: {
    Casual: [(item) => `Nuestro detalle favorito: ${item}.`, (item) => `¿Lo más destacado? ${capitalize(item)}.`],
    Professional: [(item) => `Característica principal: ${item}.`, (item) => `Aspecto destacado: ${item}.`],
    Formal: [(item) => `Un detalle destaca: ${item}.`, (item) => `Característica destacada: ${item}.`],
  },
  closings: {
    Casual: [() => `Dale una oportunidad y verás cómo se simplifica tu día a día.`, (c) => `${c.brandOr} hace productos pensados para la vida real, y se nota.`, () => `Un pequeño cambio que marca la diferencia en tu día a día.`],
    Professional: [(c) => `${c.brandOr} diseña productos prácticos para el día a día.`, () => `Una elección fiable para el uso diario.`, (c) => `Con ${c.brandOr}, la practicidad forma parte de cada detalle.`],
    Formal: [(c) => `${c.brandOr} cuida cada detalle para ofrecerle un producto a la altura de sus expectativas.`, (c) => `${c.brandOr} le ofrece una opción fiable para su día a día.`, () => `Una elección acertada para quienes valoran los detalles.`],
  },
  audienceBullet: {
    casual: { header: "A tu medida", text: "Con {audience} en mente, encaja en tu rutina sin esfuerzo." },
    formal: { header: "A su medida", text: "Su diseño tiene en cuenta a {audience} y se adapta a la rutina diaria." },
  },
  titlePadding: ["para Uso Diario", "Esencial Diario", "Básico del Hogar", "Diseño Práctico", "Producto para Uso Diario"],
};

export const spanish: OfflineKit = {
  and,
  smallWords: titleSmallWords,
  packWords: [...packWords],
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
  listing,
};
