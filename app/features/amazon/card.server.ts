// What the Amazon card on Settings → Workspace shows: per region, its connection without any token.
import type { AppConfig } from "#server/config.server.ts";
import type { Db } from "#server/db/db.server.ts";
import { listConnectionsByWorkspace, reauthorizationDueSoon, type ConnectionStatus } from "./connections.server.ts";
import { marketplaceBySpApiId, regionIds, type RegionId } from "./regions.ts";

export interface AmazonStoreView {
  marketplaceId: string;
  /** Our registry's store (amazon.de), else Amazon's own domain or name. */
  label: string;
  country: string;
}

export interface AmazonConnectionView {
  id: string;
  sellingPartnerId: string;
  stores: AmazonStoreView[];
  connectedByName: string | null;
  connectedAt: string;
  reauthorizeBy: string;
  reauthorizeSoon: boolean;
  status: ConnectionStatus;
  statusReason: string | null;
}

export interface AmazonCard {
  /** The operator set SPAPI_APP_ID, LWA_CLIENT_ID and LWA_CLIENT_SECRET. */
  setUp: boolean;
  regions: { region: RegionId; connection: AmazonConnectionView | null }[];
}

export async function getAmazonCard({ db, config, workspaceId, now = new Date() }: { db: Db; config: Pick<AppConfig, "amazon">; workspaceId: string; now?: Date }): Promise<AmazonCard> {
  const connections = await listConnectionsByWorkspace({ db, workspaceId });
  return {
    setUp: Boolean(config.amazon),
    regions: regionIds.map((region) => {
      const connection = connections.find((entry) => entry.region === region);
      if (!connection) return { region, connection: null };
      const stores = connection.marketplaces
        .filter((store) => store.participating)
        .map((store) => ({ marketplaceId: store.marketplaceId, label: marketplaceBySpApiId(store.marketplaceId)?.id ?? store.domainName ?? store.name, country: store.countryCode }));
      return {
        region,
        connection: {
          id: connection.id,
          sellingPartnerId: connection.sellingPartnerId,
          stores,
          connectedByName: connection.connectedByName,
          connectedAt: connection.connectedAt,
          reauthorizeBy: connection.reauthorizeBy,
          reauthorizeSoon: reauthorizationDueSoon(connection, now),
          status: connection.status,
          statusReason: connection.statusReason,
        },
      };
    }),
  };
}
