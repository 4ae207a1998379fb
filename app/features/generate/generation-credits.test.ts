import { describe, expect, it } from "vitest";
import { creditRefusalMessage, estimateGenerationWords } from "./generation-credits.server.ts";

describe("estimateGenerationWords", () => {
  it("reserves 200 words per output, or less when the provider's token budget allows fewer", () => {
    expect(estimateGenerationWords(1, 500)).toBe(200);
    expect(estimateGenerationWords(3, 500)).toBe(600);
    expect(estimateGenerationWords(2, 100)).toBe(150);
    expect(estimateGenerationWords(0, 500)).toBe(200);
  });
});

describe("creditRefusalMessage", () => {
  it("gives the numbers and what to do next, in both languages", () => {
    const trialEnded = { ok: false as const, needed: 600, available: 120, plan: { kind: "trialEnded" as const, endedAt: "2026-03-08T12:00:00.000Z" } };
    expect(creditRefusalMessage("en", trialEnded)).toBe("Your free trial ended on March 8, 2026: this needs up to 600 words and 120 are left. Choose a plan to keep generating; your saved outputs stay.");
    expect(creditRefusalMessage("es", trialEnded)).toBe("Tu prueba gratuita terminó el 8 de marzo de 2026: esto necesita hasta 600 palabras y quedan 120. Elige un plan para seguir generando; tus resultados guardados se conservan.");
    const paid = { ok: false as const, needed: 2000, available: 1500, plan: { kind: "paid" as const, planId: "starter" as const, period: "monthly" as const, renewsAt: "2026-04-01T00:00:00.000Z", daysLeft: 3, cancelAtPeriodEnd: false, paymentFailed: false, viaStripe: false } };
    expect(creditRefusalMessage("en", paid)).toBe("Not enough words left this period: this needs up to 2,000 words and 1,500 are left. Ask for fewer outputs, choose a bigger plan, or wait until April 1, 2026.");
    expect(creditRefusalMessage("en", { ...paid, plan: { kind: "trial", daysLeft: 3, endsAt: "2026-04-01T00:00:00.000Z" } })).toContain("free trial: this needs up to 2,000 words and 1,500 are left");
    expect(creditRefusalMessage("es", { ...paid, plan: { kind: "none", since: "2026-04-01T00:00:00.000Z" } })).toContain("no tiene plan: esto necesita hasta 2000 palabras y quedan 1500");
  });
});
