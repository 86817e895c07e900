import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A throwaway certificate authority and one server certificate it signed,
 * made with node:crypto alone (npm test needs no openssl): the hub under
 * test trusts the CA through NODE_EXTRA_CA_CERTS, exactly as production
 * trusts a public CA through Node's store. X.509 (RFC 5280) is written as
 * DER by the few helpers below; ECDSA P-256 with SHA-256 signs it.
 */
export interface TestPki {
  /** PEM file of the CA certificate, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  caPem: string;
  /** Server certificate (PEM) for 127.0.0.1, ::1, localhost and *.test names. */
  cert: string;
  key: string;
}

export async function createTestPki(dir: string, names: readonly string[] = ['localhost', 'callback.test']): Promise<TestPki> {
  const ca = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const leaf = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const caName = name('Verified Reviews test CA');
  const caKeyId = keyId(ca.publicKey);
  const caDer = certificate({
    issuer: caName,
    subject: caName,
    publicKey: ca.publicKey,
    signer: ca.privateKey,
    extensions: [
      extension('2.5.29.19', true, seq(bool(true))),
      extension('2.5.29.15', true, bitString(Buffer.from([0x06]), 1)), // keyCertSign, cRLSign
      extension('2.5.29.14', false, octets(caKeyId)),
    ],
  });
  const leafDer = certificate({
    issuer: caName,
    subject: name(names[0] ?? 'localhost'),
    publicKey: leaf.publicKey,
    signer: ca.privateKey,
    extensions: [
      extension('2.5.29.19', true, seq()),
      extension('2.5.29.15', true, bitString(Buffer.from([0x80]), 7)), // digitalSignature
      extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))), // serverAuth
      extension(
        '2.5.29.17',
        false,
        seq(
          ...names.map((n) => tlv(0x82, Buffer.from(n, 'ascii'))),
          tlv(0x87, Buffer.from([127, 0, 0, 1])),
          tlv(0x87, Buffer.alloc(16, 0).fill(1, 15)),
        ),
      ),
      extension('2.5.29.35', false, seq(tlv(0x80, caKeyId))),
    ],
  });
  const caPem = pem('CERTIFICATE', caDer);
  const caFile = join(dir, 'test-ca.pem');
  await writeFile(caFile, caPem);
  return { caFile, caPem, cert: pem('CERTIFICATE', leafDer), key: leaf.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}

function certificate(c: { issuer: Buffer; subject: Buffer; publicKey: KeyObject; signer: KeyObject; extensions: Buffer[] }): Buffer {
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const now = Date.now();
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))), // v3
    integer(Buffer.concat([Buffer.from([1]), randomBytes(15)])),
    ecdsaWithSha256,
    c.issuer,
    seq(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 7 * 86_400_000))),
    c.subject,
    c.publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(...c.extensions)),
  );
  return seq(tbs, ecdsaWithSha256, bitString(sign('sha256', tbs, c.signer)));
}

/** RFC 5280 4.2.1.2, method 1: SHA-1 of the subject public key bits. */
function keyId(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  // An uncompressed P-256 point is the last 65 bytes of its SubjectPublicKeyInfo.
  return createHash('sha1')
    .update(spki.subarray(spki.length - 65))
    .digest();
}

function name(commonName: string): Buffer {
  return seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical ? seq(oid(id), bool(true), octets(value)) : seq(oid(id), octets(value));
}

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

const seq = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
const octets = (content: Buffer): Buffer => tlv(0x04, content);
const bool = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0]));
const integer = (bytes: Buffer): Buffer =>
  tlv(0x02, bytes[0] !== undefined && bytes[0] >= 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const bitString = (bits: Buffer, unused = 0): Buffer => tlv(0x03, Buffer.concat([Buffer.from([unused]), bits]));

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
