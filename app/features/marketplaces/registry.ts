// THE marketplaces: one row each (the marketplaces issue adds the other Amazon stores). A listing's
// marketplace chooses its language and its default rule set.
import { defaultRuleSetId } from "#app/features/rules/registry.ts";

export interface Marketplace {
  /** What clients send: the store's domain. */
  id: string;
  /** The Selling Partner API's marketplace id. */
  marketplaceId: string;
  /** The copy's language (word lists), and the Listings API's language tag. */
  language: string;
  languageTag: string;
  ruleSetId: string;
  rightToLeft: boolean;
}

export const marketplaces: readonly Marketplace[] = [{ id: "amazon.com", marketplaceId: "ATVPDKIKX0DER", language: "en", languageTag: "en_US", ruleSetId: defaultRuleSetId, rightToLeft: false }];

const byId = new Map(marketplaces.map((marketplace) => [marketplace.id, marketplace]));

export function getMarketplace(id: string): Marketplace | undefined {
  return byId.get(id);
}
