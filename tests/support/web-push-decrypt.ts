import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";

// The receiving side of Web Push, written from the RFCs with node:crypto only, independent of the
// library the server sends with: a browser's subscription keys (ECDH P-256 and a 16-byte auth
// secret), the aes128gcm decryption of a message (RFC 8291 with RFC 8188), and the check of the
// VAPID header (RFC 8292). If the server's encryption or signature were wrong, these would fail.

export interface SubscriberKeys {
  /** What a browser's PushSubscription.toJSON().keys holds (URL-safe base64). */
  p256dh: string;
  auth: string;
  /** Kept by the "browser" to decrypt. */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export function createSubscriberKeys(): SubscriberKeys {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString("base64url"),
    auth: authSecret.toString("base64url"),
    privateKey: ecdh.getPrivateKey(),
    publicKey,
    authSecret,
  };
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** Decrypts one Web Push message body (Content-Encoding: aes128gcm) with the subscriber's keys. */
export function decryptWebPush(body: Buffer, keys: SubscriberKeys): string {
  // The RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id.
  if (body.length < 21) throw new Error("body shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublicKey = body.subarray(21, 21 + idLength);
  // RFC 8291: the key id is the sender's ephemeral public key, uncompressed (65 bytes).
  if (idLength !== 65 || senderPublicKey[0] !== 0x04) throw new Error("key id is not a P-256 public key");
  const ciphertext = body.subarray(21 + idLength);

  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  // RFC 8291: IKM from the shared secret, keyed by the auth secret and both public keys.
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderPublicKey]);
  const ikm = hkdf(keys.authSecret, sharedSecret, keyInfo, 32);
  // RFC 8188: content key and nonce.
  const contentKey = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);

  const records: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < ciphertext.length; offset += recordSize, sequence += 1) {
    const record = ciphertext.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's last bytes (big-endian), byte by byte:
    // JavaScript's ^ works on 32 bits and would cut the 48-bit tail.
    for (let byte = 0, rest = sequence; rest > 0; byte += 1, rest = Math.floor(rest / 256))
      nonce[11 - byte] ^= rest & 0xff;
    const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the content, a delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const delimiter = plain[end];
    const last = offset + recordSize >= ciphertext.length;
    if (delimiter !== (last ? 2 : 1)) throw new Error("bad padding delimiter");
    records.push(plain.subarray(0, end));
  }
  return Buffer.concat(records).toString("utf8");
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
  publicKey: string;
}

/**
 * Checks the `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292): the JWT is ES256,
 * signed by the key in `k`; returns its claims.
 */
export function verifyVapidHeader(header: string | undefined): VapidClaims {
  const match = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, token, publicKeyText] = match;
  const [headerPart, claimsPart, signaturePart] = token.split(".");
  const jwtHeader = JSON.parse(Buffer.from(headerPart, "base64url").toString("utf8"));
  if (jwtHeader.alg !== "ES256") throw new Error(`VAPID JWT algorithm ${jwtHeader.alg}`);
  const publicKey = Buffer.from(publicKeyText, "base64url");
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) throw new Error("VAPID key is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: publicKey.subarray(1, 33).toString("base64url"),
      y: publicKey.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signaturePart, "base64url"),
  );
  if (!signed) throw new Error("VAPID JWT signature does not verify");
  const claims = JSON.parse(Buffer.from(claimsPart, "base64url").toString("utf8"));
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: publicKeyText };
}
