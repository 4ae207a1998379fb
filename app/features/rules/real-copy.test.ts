// Issue 31: each class of mistake the lint made on real sellers' copy, fixed by a general rule. Every rule
// here has copy that must trip it and copy that must not, written the way sellers on amazon.in, amazon.co.jp
// and amazon.com write (not the cases of the held-out corpus).
import { describe, expect, it } from "vitest";
import { lintListing, type LintInput } from "./lint.ts";
import { amazon202501 } from "./rule-sets/amazon-2025-01.ts";
import { amazon202607 } from "./rule-sets/amazon-2026-07.ts";
import type { ListingSections, SectionName, Violation, ViolationCode } from "./types.ts";

type Section = Exclude<SectionName, "bullets"> | "bullet";
const india = { country: "IN", currency: "INR" };
const japan = { country: "JP", currency: "JPY" };
const us = { country: "US", currency: "USD" };

function violations(section: Section, text: string, input: Partial<LintInput> = {}): Violation[] {
  const sections: ListingSections = section === "bullet" ? { bullets: [text] } : { [section]: text };
  const report = lintListing({ ruleSet: amazon202607, ...input, sections });
  return (section === "bullet" ? report.sections.bullets![0]! : report.sections[section]!).violations;
}
const codes = (section: Section, text: string, input: Partial<LintInput> = {}): ViolationCode[] => violations(section, text, input).map((v) => v.code);
const spans = (section: Section, text: string, code: ViolationCode, input: Partial<LintInput> = {}) =>
  violations(section, text, input)
    .filter((v) => v.code === code)
    .map((v) => text.slice(v.start, v.end));

interface Class {
  name: string;
  code: ViolationCode;
  section: Section;
  input?: Partial<LintInput>;
  trips: string[];
  passes: string[];
}

const classes: Class[] = [
  {
    name: "capitals: the brand, model codes, acronyms and sizes are not shouting",
    code: "all_caps",
    section: "title",
    input: { brand: "BOSCH" },
    trips: ["BOSCH Cordless Drill SUPER POWERFUL LONG LASTING 18V", "Wireless Headphones EXTRA DEEP BASS with Mic"],
    passes: ["Wireless Headphones EXTRA BASS with Mic", "Oil Filled Radiator 2400 W with Fan Heater (BLACK GOLD)", "BOSCH GSR 120-LI Cordless Drill 12V, 2 Batteries", "Sony WH-1000XM5 Wireless Headphones, USB-C", "AMOLED Display Smartwatch, QWERTY Keyboard", "Cotton T-Shirt Size XXXXL, Pack of 2", "NVMFS Power MOSFET 40V, HDMI 2.1 Cable"],
  },
  {
    name: "repeats: model codes and decimals are one word, and numbers may repeat",
    code: "word_repeated",
    section: "title",
    input: { brand: "Anker" },
    trips: ["Cable Cable Cable USB-C Fast Charging 2 m", "Charger for Phone, Phone Stand, Phone Holder"],
    passes: ["Anker 2.5 A Charger, 2.5 m Cable, 2.5 W Lamp", "WH-1000XM5 Ear Pads for WH-1000XM5, WH-1000XM5 Case", "i7-8550U Laptop, 8 GB RAM, 256 GB SSD, 15.6 Inch"],
  },
  {
    name: "phone numbers in the store's formats (India)",
    code: "contact_info",
    section: "bullet",
    input: { store: india },
    trips: ["For installation call 98765 43210 between 10 am and 6 pm.", "Customer care toll free 1800-123-4567, all days.", "WhatsApp us on +91 98765 43210 for bulk orders."],
    passes: ["Model No. 9876543210 fits all 2019-2024 variants.", "Battery 10000 mAh, 22.5 W output, 200 g weight.", "Size 1920 x 1080 pixels, 2.4 GHz Wi-Fi, 5000 mAh."],
  },
  {
    name: "phone numbers in the store's formats (Japan)",
    code: "contact_info",
    section: "bullet",
    input: { store: japan, language: "ja" },
    trips: ["ご不明点はフリーダイヤル 0120-123-456 までお問い合わせください。", "お問い合わせ: 03-1234-5678（平日10時〜18時）"],
    passes: ["型番 0120123456 のフィルターに対応します。", "サイズ 120×80×30mm、重量 1200g です。"],
  },
  {
    name: "phone numbers in titles",
    code: "contact_info",
    section: "title",
    input: { store: india },
    trips: ["Water Purifier Service Call 9876543210 Delhi"],
    passes: ["Water Purifier 7 Litre RO+UV, 2024 Model"],
  },
  {
    name: "e-mail: letters before the @ and a real domain, not a processor spec",
    code: "contact_info",
    section: "bullet",
    trips: ["Questions? Write to help@kitchenpro.in any time.", "Mail support.team@example-shop.co.uk for parts."],
    passes: ["Intel Core i5 @ 2.4GHz with 8 GB of memory.", "Runs an i7-8550U@1.8GHz quad-core processor.", "Dual-core 2@2.0GHz plus hexa-core processor."],
  },
  {
    name: "prices in India's spellings",
    code: "price_or_shipping",
    section: "bullet",
    input: { store: india },
    trips: ["Free gift worth Rs. 999 with every purchase.", "MRP 1,499/- inclusive of all taxes.", "Only ₹499 for the pair of cushions.", "Combo pack at INR 2,999 for a limited period.", "Comes with a bag worth 500 in the box."],
    passes: ["Supports RS-232 and RS-485 serial ports.", "Worth every rupee: stitched to last for years.", "Rated 500 W, worth 2 years of daily use."],
  },
  {
    name: "prices in Japan's spellings",
    code: "price_or_shipping",
    section: "bullet",
    input: { store: japan, language: "ja" },
    trips: ["通常価格3,980円のところ今だけ特別価格。", "税込 1,980 でお届けします。", "¥2,500 相当の付属品が付きます。"],
    passes: ["500円玉がちょうど入るポケット付きです。", "容量 500ml、重さ 200g です。"],
  },
  {
    name: "rank claims without # or number",
    code: "promotional",
    section: "title",
    trips: ["No.1 Bamboo Board for Kitchens Set", "Top 1 Selling Bamboo Board Kitchen", "Rank 1 Bamboo Board for Kitchens Set"],
    passes: ["Bamboo Board No Slip Feet for Kitchen", "Bamboo Board with Top Grain Finish"],
  },
  {
    name: "ranks in Japanese",
    code: "promotional",
    section: "bullet",
    input: { language: "ja" },
    trips: ["楽天ランキング1位を獲得した人気の水筒です。"],
    passes: ["保冷力は6時間、保温力は12時間です。"],
  },
  {
    name: "free services and add-ons besides shipping",
    code: "promotional",
    section: "bullet",
    trips: ["Free installation by our trained team within 48 hours.", "Free gift inside: a matching pouch.", "Free demo at your home on request."],
    passes: ["BPA free and dishwasher safe for daily use.", "Hands-free calling with a built-in microphone.", "Free-standing design fits any countertop."],
  },
  {
    name: "warranty and replacement promises (English)",
    code: "guarantee",
    section: "bullet",
    trips: ["1 year warranty from the date of purchase.", "Lifetime replacement if the blade ever breaks.", "10-year guarantee on the motor.", "Replacement guarantee within 10 days of delivery.", "Easy 7-day replacement, no questions asked."],
    passes: ["In the box: kettle, user manual, warranty card.", "Package includes 1 charger, 1 cable and a guarantee card.", "Replacement filters are sold separately.", "Comes with a warranty booklet and a cleaning brush."],
  },
  {
    name: "warranty promises (Spanish)",
    code: "guarantee",
    section: "bullet",
    input: { language: "es" },
    trips: ["Garantía de 2 años y reemplazo gratuito."],
    passes: ["Incluye manual de usuario y tarjeta de garantía."],
  },
  {
    name: "warranty promises (German)",
    code: "guarantee",
    section: "bullet",
    input: { language: "de" },
    trips: ["5 Jahre Garantie auf den Motor.", "Kostenloser Austausch bei Defekt."],
    passes: ["Lieferumfang: Wasserkocher, Anleitung, Garantiekarte."],
  },
  {
    name: "warranty promises (French)",
    code: "guarantee",
    section: "bullet",
    input: { language: "fr" },
    trips: ["Garantie 2 ans et remplacement gratuit."],
    passes: ["Contenu : bouilloire, notice, carte de garantie."],
  },
  {
    name: "warranty, replacement and returns promises (Japanese)",
    code: "guarantee",
    section: "bullet",
    input: { language: "ja", store: japan },
    trips: ["安心の1年保証付きです。", "初期不良は無料交換いたします。", "30日間返品保証。", "ご不満の場合は返品・交換に対応します。"],
    passes: ["付属品：本体、取扱説明書、保証書。", "交換用フィルター2枚付き。", "すべての機器での動作を保証するものではありません。"],
  },
  {
    name: "time words in context: a title that announces",
    code: "time_sensitive",
    section: "title",
    trips: ["New Bamboo Cutting Board Set of 3", "2025 New Bamboo Cutting Board Set", "Bamboo Board 2024 Launch Kitchen Set", "Bamboo Board Latest Version Kitchen", "Newest Bamboo Cutting Board Set"],
    passes: ["Like New Refurbished Bamboo Board Set", "Bamboo Board, Stays New for Years", "Bamboo Board from New York Makers", "Floor Mats for 2025 Model Y, All Weather"],
  },
  {
    name: "time words in context: the brand and a product's name",
    code: "time_sensitive",
    section: "bullet",
    input: { brand: "New Balance" },
    trips: ["Now available in three new colours.", "New arrival: the 2025 trail collection."],
    passes: ["New Balance cushioning keeps every step soft.", "A finish that stays new after hundreds of washes.", "Works with Prime Video and Paramount Now streaming apps."],
  },
  {
    name: "superlatives in a title",
    code: "subjective",
    section: "title",
    trips: ["Best Bamboo Cutting Board for Kitchens", "Bamboo Board Amazing Kitchen Set of 3"],
    passes: ["Bamboo Cutting Board for Kitchens, Set of 3"],
  },
  {
    name: "placeholders, not notations",
    code: "placeholder",
    section: "bullet",
    trips: ["Material: N/A, colour as shown.", "Warranty terms: TBD by the seller."],
    passes: ["Fits filter model NA-12 and NA-14 housings.", "Torque 40 N/A-m rated, steel shaft.", "Sodium (NA-free) formula for sensitive skin."],
  },
  {
    name: "idioms that hold a promotional word",
    code: "promotional",
    section: "bullet",
    trips: ["Big discount on every order this season.", "Clearance stock, while it lasts."],
    passes: ["Deals with tough stains in a single wash.", "Ground clearance of 170 mm for rough roads.", "Best suited for small kitchens and studios."],
  },
  {
    name: "Amazon's bullet characters, ° and ~ among them",
    code: "special_symbol",
    section: "bullet",
    trips: ["Keeps drinks at 4° for 24 hours.", "Charges in ~2 hours with the cable."],
    passes: ["Keeps drinks at 4 ℃ for 24 hours.", "Charges in about 2 hours with the cable."],
  },
  {
    name: "decorative symbols that are not emoji",
    code: "decorative_symbol",
    section: "title",
    trips: ["★ Bamboo Cutting Board Set ★ Kitchen", "Bamboo Board ► Set of 3 for Kitchen"],
    passes: ["Bamboo Cutting Board 30×20 cm, Set of 3"],
  },
  {
    name: "help 23501's temporary and subjective words in search terms",
    code: "time_sensitive",
    section: "searchTerms",
    trips: ["chopping board on sale kitchen", "bamboo tray current model", "board this year collection"],
    passes: ["chopping block butcher wooden serving tray"],
  },
  {
    name: "help 23501's subjective words in search terms",
    code: "subjective",
    section: "searchTerms",
    trips: ["cheapest chopping board", "most popular bamboo tray", "trending kitchen board"],
    passes: ["chopping block butcher wooden serving tray"],
  },
  {
    name: "the brand without its punctuation or spacing in search terms",
    code: "brand_in_search_terms",
    section: "searchTerms",
    input: { brand: "Ben & Jerry's" },
    trips: ["ice cream ben jerrys tub", "benjerrys pint freezer", "ben and jerrys dessert"],
    passes: ["ice cream tub pint freezer dessert", "jerry can benchmark"],
  },
  {
    name: "the brand without its hyphen",
    code: "brand_in_search_terms",
    section: "searchTerms",
    input: { brand: "Coca-Cola" },
    trips: ["coca cola glass bottle", "cocacola fridge magnet"],
    passes: ["cola glass bottle fridge magnet"],
  },
  // Measured on the labelled corpus (decision 031): capitals shout as phrases, names in capitals do not.
  {
    name: "capitals: the brand and model that open a title, and a name among words in lower case, are not shouting",
    code: "all_caps",
    section: "title",
    trips: ["Cordless Drill Set, NOT INCLUDED: Battery and Charger", "Steel Water Bottle 1 L AND Lid, Leak Proof", "KITCHENPRO HIGH SPEED MIXER GRINDER 750 W WITH 3 JARS"],
    passes: ["KITCHENPRO Mixer Grinder 750 W with 3 Jars", "ACME TURBOLINE 2 Pack Wall Lights for Porch", "Printer Co INKJET Colour Printer for Home", "Wall Clock for Living Room, Railway LINES Print", "Sunglasses CARBON ONE for Men and Women"],
  },
  {
    name: "capitals: a shouted phrase in a bullet, short words inside it too",
    code: "all_caps",
    section: "bullet",
    trips: ["NOTE: DO NOT wash the lid in a dishwasher.", "Works with every phone (CHARGER NOT INCLUDED).", "THIS LID WILL ONLY FIT THE 1 L BOTTLE, not the 2 L one.", "SAFE & STURDY: the base never tips over.", "ROLL OUT: the mat unrolls flat in seconds."],
    passes: ["Plays over Bluetooth 5.0, SPDIF and HDMI ARC.", "Graphics: 1.84 TFLOPS, with a USB-C port.", "Certified USB-IF cable, RO+UV purifier.", "Press the ON/OFF button for two seconds.", "Meets IS 302 and AS/NZS 3350 for safety."],
  },
  {
    name: "capitals: Latin names in Japanese copy are names",
    code: "all_caps",
    section: "title",
    input: { language: "ja" },
    trips: [],
    passes: ["ロジクール SIGNATURE SLIM ワイヤレス キーボード 薄型", "エレコム(KEYMASTER) キーボード 有線 ブラック"],
  },
  {
    name: "guarantees in titles: a promise with its term, in any spelling of the term",
    code: "guarantee",
    section: "title",
    input: { store: india },
    trips: ["Steel Kettle 1.5 L, 2 Years Warranty (Black)", "Mixer Grinder 750 W with 2yr Guarantee", "SD Card 64 GB, 10Y Warranty", "Hand Blender 250 W | 1 Yr Warranty |", "Kettle Co Quality Assured Steel Kettle 1.5 L"],
    passes: ["Steel Kettle 1.5 L, Cool Touch Body (Black)", "Kettle with User Manual and Warranty Card"],
  },
  {
    name: "guarantees in Japanese titles",
    code: "guarantee",
    section: "title",
    input: { store: japan, language: "ja" },
    trips: ["ワイヤレスキーボード 日本語配列 2年保証", "メカニカルキーボード 有線 2年間メーカー保証"],
    passes: ["ワイヤレスキーボード 日本語配列 保証書付き"],
  },
  {
    name: "restricted claims in titles",
    code: "restricted_claim",
    section: "title",
    trips: ["Cutting Board, Antibacterial Bamboo, Set of 3", "Kids Cups, Non-Toxic Silicone, Pack of 4"],
    passes: ["Cutting Board, Bamboo, Set of 3"],
  },
  {
    name: "marks before a bullet or between phrases are decorative symbols",
    code: "decorative_symbol",
    section: "bullet",
    trips: ["✔️ Full glass lens, clear and durable.", "✅【Wide Compatibility】: fits every USB-C phone.", "✓ Dishwasher safe ✓ BPA free", "➤ Easy care: rinse with warm water.", "❌ No tools needed for assembly."],
    passes: ["Fast charging ⚡ with any USB-C cable.", "🥇Warranty card and manual in the box.", "Holds 500 ml at 4 ℃ for 24 hours."],
  },
  {
    name: "pictures are emoji; marks are not",
    code: "emoji",
    section: "bullet",
    trips: ["🥇 Rated first by our own testers.", "🛒【Sound】: copper cable for clear audio.", "⚡ 65 W charging in 30 minutes.", "Keeps drinks cold ❄️ all day."],
    passes: ["✔️ Full glass lens, clear and durable.", "✅ Fits every USB-C phone.", "★ Sanded twice and oiled by hand.", "➤ Rinse with warm water."],
  },
  {
    name: "repeats: single letters and lists written with a slash",
    code: "word_repeated",
    section: "title",
    trips: ["Case for Phone 13/13 Pro/12 Pro/11 Pro Max, Black", "Cable Type C to C, 1 m, Braided Cable, Cable Tie"],
    passes: ["USB C Hub, Type C to C Cable, USB C Charger, 6 in 1", "Case for Phone 13/13 mini, 12/12 mini, Clear"],
  },
  {
    name: "the brand's ® and ™ on a title's first word",
    code: "special_symbol",
    section: "title",
    trips: ["USB C Hub Multiport Adapter with HDMI® Output", "Solar Panel 400 W, Tempered Glass © 2024"],
    passes: ["Verilux® USB C Hub Multiport Adapter", "Solakon™ 870 W Balcony Solar Kit"],
  },
  {
    name: "~ # < > * inside a part number are part of it",
    code: "title_symbol",
    section: "title",
    trips: ["Bamboo Board # Kitchen Set Large"],
    passes: ["Gaming Keyboard HX-KB5ME2-JP (4P4F5AJ#ABJ)", "Drill Bit Set <5 mm, 10 Pieces"],
  },
  {
    name: "India's offer programmes are promotions on amazon.in",
    code: "promotional",
    section: "title",
    input: { store: india },
    trips: ["Phone 5G (Purple, 6GB RAM) with No Cost EMI", "Phone 5G (Black, 8GB RAM) | Additional Exchange Offers", "Laptop 15.6 inch, Bank Offer on Cards"],
    passes: ["Phone 5G (Purple, 6GB RAM, 128GB Storage)", "Heat Exchanger Offering 2 kW"],
  },
  {
    name: "a title's Spanish ¡ and ¿ are ! and ?",
    code: "banned_character",
    section: "title",
    input: { language: "es" },
    trips: ["Gafas de sol polarizadas para hombre ¡", "¿Buscas gafas de sol? Polarizadas"],
    passes: ["Gafas de sol polarizadas para hombre y mujer"],
  },
  {
    name: "shipping speed and availability in other words",
    code: "price_or_shipping",
    section: "bullet",
    trips: ["Immediate shipping from our warehouse.", "Colours are subject to availability.", "Express delivery in all metro cities."],
    passes: ["Ships with a storage bag and a manual.", "Available in three colours and two sizes."],
  },
  {
    name: "version lists with a slash are not phone numbers",
    code: "contact_info",
    section: "title",
    input: { store: india },
    trips: ["Printer Service, Call 98765 43210"],
    passes: ["Keyboard for Windows 11/10/8.1/8/7, Black", "Laptop Sleeve 13/14/15.6/16 Inch"],
  },
  {
    name: "time words: a year after New, a new generation, upcoming",
    code: "time_sensitive",
    section: "title",
    trips: ["Gingerbread House Building Kit, New 2020 (1,477 Pieces)", "Game Console, a New Generation of Play", "Figure Set from the Upcoming Series"],
    passes: ["Gingerbread House Building Kit, 2020 Pieces", "Game Console with Next-Generation Graphics"],
  },
  {
    name: "time words in Japanese titles",
    code: "time_sensitive",
    section: "title",
    input: { language: "ja", store: japan },
    trips: ["[ 2025年新開発 ] iPad キーボード ケース", "新登場 ワイヤレスキーボード 日本語配列"],
    passes: ["ワイヤレスキーボード 日本語配列 2025年モデル対応ケース付き"],
  },
  {
    name: "time words that name another product: what this one fits or connects to",
    code: "time_sensitive",
    section: "bullet",
    trips: ["New design: the latest in our range of speakers.", "Latest model with a brighter screen."],
    passes: ["2 HDMI ports to connect latest gaming consoles and set top boxes.", "Designed for the All New Echo Remote (2021 Release).", "Compatible with the latest iPhone and iPad models."],
  },
  {
    name: "superlatives in titles, Japanese's 人気 among them",
    code: "subjective",
    section: "title",
    input: { language: "ja", store: japan },
    trips: ["キーボード ケース 人気 超軽量"],
    passes: ["キーボード ケース 超軽量 7色バックライト"],
  },
  {
    name: "rank claims, calls to buy; a sale that is a purchase and free that means without are not",
    code: "promotional",
    section: "bullet",
    trips: ["The maker is India's No 1 wearable brand by units sold.", "Buy with confidence: every unit is tested.", "Order now while colours last."],
    passes: ["Every sale includes a year of after-sales support.", "A 365-day worry-free service plan is included.", "Point of sale terminals fit the stand."],
  },
  {
    name: "where it ships from and how soon it arrives",
    code: "price_or_shipping",
    section: "bullet",
    trips: ["Ships from our US warehouse in two days.", "You can receive your package within 2-3 days.", "Delivery within 48 hours in metro cities."],
    passes: ["The package includes a charger and a cable.", "Receive calls on the watch from your phone."],
  },
];

describe("issue 31: each class of real-copy mistakes, fixed by a general rule", () => {
  for (const rule of classes) {
    describe(rule.name, () => {
      for (const text of rule.trips) {
        it(`trips: ${JSON.stringify(text)}`, () => {
          expect(codes(rule.section, text, rule.input)).toContain(rule.code);
        });
      }
      for (const text of rule.passes) {
        it(`passes: ${JSON.stringify(text)}`, () => {
          expect(codes(rule.section, text, rule.input)).not.toContain(rule.code);
        });
      }
    });
  }

  it("phone numbers and prices point at the number itself", () => {
    const bullet = "For demo call 98765 43210; gift worth Rs. 999 inside.";
    expect(spans("bullet", bullet, "contact_info", { store: india })).toEqual(["98765 43210"]);
    expect(spans("bullet", bullet, "price_or_shipping", { store: india })).toEqual(["Rs. 999"]);
  });

  it("a guarantee's span is the promise with its term; the heading and later mentions are the same promise", () => {
    expect(spans("bullet", "Warranty Information: 1 year warranty provided by the maker from the date of purchase", "guarantee")).toEqual(["1 year warranty"]);
    expect(spans("bullet", "[WARRANTY] : 6 Months hassle free warranty from the manufacturer.", "guarantee")).toEqual(["6 Months hassle free warranty"]);
    expect(spans("bullet", "Warranty: the maker offers 365days warranty on the charger.", "guarantee")).toEqual(["365days warranty"]);
    expect(spans("bullet", "2 years warranty from the date of purchase; activate your warranty online.", "guarantee")).toEqual(["2 years warranty"]);
    expect(spans("bullet", "Eligible for replacement within 10 days of delivery.", "guarantee")).toEqual(["replacement within 10 days"]);
    expect(spans("bullet", "Garantie 2 ans sur le moteur.", "guarantee", { language: "fr" })).toEqual(["Garantie 2 ans"]);
    // Without a term, the word itself is the promise.
    expect(spans("bullet", "Warranty: contact the maker for details.", "guarantee")).toEqual(["Warranty"]);
    expect(spans("bullet", "In the box: kettle, manual, 1 year warranty card.", "guarantee")).toEqual([]);
  });

  it("a store's own currency: rupees are a price in India, not a serial port elsewhere", () => {
    expect(codes("bullet", "Pay just Rs 499 for the set.", { store: india })).toContain("price_or_shipping");
    expect(codes("bullet", "Connects over RS 485 to the controller.", { store: us })).not.toContain("price_or_shipping");
  });

  it("the brand's own capitals and its acronyms never shout, a word of the copy does", () => {
    expect(spans("title", "JBL Tune 510BT Wireless Headphones, PURE BASS Sound", "all_caps", { brand: "JBL" })).toEqual([]);
    expect(spans("title", "Boat Rockerz 450 Headphones, THUNDEROUS DEEP BASS Sound", "all_caps", { brand: "boAt" })).toEqual(["THUNDEROUS", "DEEP", "BASS"]);
    expect(spans("title", "Boat Rockerz 450 Headphones, THUNDEROUS BASS Sound", "all_caps", { brand: "boAt" })).toEqual([]);
    expect(spans("bullet", "THUNDEROUS sound from 40 mm drivers.", "all_caps", { brand: "boAt" })).toEqual(["THUNDEROUS"]);
  });

  it("claims differ by store: antibacterial is restricted on amazon.com and a warning on amazon.co.jp", () => {
    const severity = (text: string, store: typeof us, language = "en") => violations("bullet", text, { store, language }).find((v) => v.code === "restricted_claim")?.severity;
    expect(severity("Antibacterial coating on the handle.", us)).toBe("error");
    expect(severity("Antibacterial coating on the handle.", japan)).toBe("warning");
    expect(severity("抗菌加工のまな板です。", japan, "ja")).toBe("warning");
    // Sterilising and disinfecting are drug claims in Japan too.
    expect(severity("99.9%除菌できます。", japan, "ja")).toBe("error");
  });

  it("media keep 200-character titles under the 2026 rules; other products 75", () => {
    const title = "The Complete Guide to Bamboo Woodworking: Tools, Joints and Finishes for the Home Workshop (Second Edition)";
    expect(title.length).toBeGreaterThan(75);
    expect(codes("title", title, { productType: "BOOK" })).not.toContain("too_long");
    expect(codes("title", title, { productType: "ABIS_DVD" })).not.toContain("too_long");
    expect(codes("title", title, { productType: "KITCHEN" })).toContain("too_long");
    expect(codes("title", title)).toContain("too_long");
  });

  it("bullets together: at most 1,000 characters", () => {
    const bullet = (n: number) => `${"Sanded twice and sealed with food-safe oil, it stays smooth. ".repeat(4).slice(0, n - 1)}.`;
    const at = (n: number) => lintListing({ ruleSet: amazon202607, sections: { bullets: [bullet(250), bullet(250), bullet(250), bullet(250), bullet(n)] } }).sections.bulletList!.violations.map((v) => v.code);
    expect(at(10)).not.toContain("bullets_total_too_long");
    expect(at(200)).toContain("bullets_total_too_long");
  });

  it("every violation carries its rule's source", () => {
    const report = lintListing({ ruleSet: amazon202501, store: india, sections: { title: "NEW Board! ★ Call 9876543210", bullets: ["Free gift worth Rs. 999", "1 year warranty"], searchTerms: "best board board" } });
    const all = [report.sections.title!, ...report.sections.bullets!, report.sections.bulletList!, report.sections.searchTerms!].flatMap((s) => s.violations);
    expect(all.length).toBeGreaterThan(6);
    for (const v of all) expect(v.source, v.code).toBe(amazon202501.sources[v.code].url);
  });
});

describe("bad input", () => {
  const odd = ["\uD800", "\uDC00", "\u200D", "\u200F", "\u200E", "\u0301", "\u0300", "\uFE0F", "\u202E", "é", "1", "-", ".", "@", "+", "N", "A", "/", " ", "\n", "😀", "円", "₹", "★", "0120", "new", "NEW", "Rs."];

  function randomText(seed: number, length: number): string {
    let state = seed;
    const next = () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    return Array.from({ length }, () => odd[Math.floor(next() * odd.length)]).join("");
  }

  it("never throws on lone surrogates, joiners, direction marks or combining characters, and every span lies in the text", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const text = randomText(seed, 40 + (seed % 60));
      for (const language of ["en", "ja", "ar", "de"]) {
        const report = lintListing({ ruleSet: amazon202607, language, store: seed % 2 ? india : japan, brand: "N/A", sections: { title: text, bullets: [text], description: text, searchTerms: text } });
        for (const section of [report.sections.title!, report.sections.bullets![0]!, report.sections.description!, report.sections.searchTerms!]) {
          for (const v of section.violations) {
            expect(v.start).toBeGreaterThanOrEqual(0);
            expect(v.end).toBeLessThanOrEqual(text.length);
            expect(v.start).toBeLessThanOrEqual(v.end);
          }
        }
      }
    }
  });

  it("offsets stay UTF-16 and point at the right text after invisible and combining characters", () => {
    const bullet = "\u200F\u200D\u0301𝔹\uD800 Call 98765 43210, gift worth Rs. 999, 1 year warranty ★";
    const found = violations("bullet", bullet, { store: india });
    const at = (code: ViolationCode) => found.filter((v) => v.code === code).map((v) => bullet.slice(v.start, v.end));
    expect(at("contact_info")).toEqual(["98765 43210"]);
    expect(at("price_or_shipping")).toEqual(["Rs. 999"]);
    expect(at("guarantee")).toEqual(["1 year warranty"]);
    expect(at("decorative_symbol")).toEqual(["★"]);
  });

  it("lints a section of 10,000 characters in linear time (the bench prints it against 5 ms)", () => {
    const section = randomText(7, 2000).slice(0, 4000) + " Call 98765 43210 worth Rs. 999 ".repeat(40) + "Bamboo board, sanded and oiled. ".repeat(300);
    const text = section.slice(0, 10_000);
    expect(text.length).toBe(10_000);
    const input = { ruleSet: amazon202607, store: india, sections: { description: text } };
    for (let i = 0; i < 5; i++) lintListing(input);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      lintListing(input);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    // A loose bound that catches a super-linear regex (seconds), not a timing target: shared CI machines vary.
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(50);
  });
});
