// A WebAuthn authenticator in software (ES256, "none" attestation) written for the tests with node:crypto,
// so integration tests make real registration and assertion responses, with or without user verification
// (the UV flag), without a browser and without trusting the code under test.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/** Just enough CBOR (RFC 8949) for attestation objects and COSE keys: maps, byte and text strings, small integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const buffer = Buffer.alloc(3);
    buffer[0] = (major << 5) | 25;
    buffer.writeUInt16BE(length, 1);
    return buffer;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

export interface SoftwareCredential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface SoftwareAuthenticator {
  /** A response to registration options (as passed to navigator.credentials.create), as the browser library sends it. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, { userVerified }: { userVerified: boolean }): Record<string, unknown>;
  /** A response to authentication options with the credential made last (or `credential`). */
  assert(options: { challenge: string; rpId?: string }, { userVerified, credential }: { userVerified: boolean; credential?: SoftwareCredential }): Record<string, unknown>;
  credentials: SoftwareCredential[];
}

export function createSoftwareAuthenticator({ origin }: { origin: string }): SoftwareAuthenticator {
  const credentials: SoftwareCredential[] = [];
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,
    register(options, { userVerified }) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const jwk = publicKey.export({ format: "jwk" });
      const id = randomBytes(16);
      const coseKey = new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags.userPresent | flags.attestedData | (userVerified ? flags.userVerified : 0)]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        idLength,
        id,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
      credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key",
        response: { clientDataJSON: b64url(clientData("webauthn.create", options.challenge)), attestationObject: b64url(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    assert(options, { userVerified, credential = credentials.at(-1) }) {
      if (!credential) throw new Error("no credential registered");
      const rpId = options.rpId ?? new URL(origin).hostname;
      credential.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.counter);
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([flags.userPresent | (userVerified ? flags.userVerified : 0)]), counter]);
      const clientDataJSON = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: "public-key",
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), userHandle: credential.userHandle },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
