/**
 * The school's own certificate authority (issue 17): one CA per installation, kept in `DATA_DIR/tls/`, and a server
 * certificate for the names the tablets use (host names and IP addresses). The devices trust the CA once; every
 * later server certificate (new names, a renewal) is signed by the same CA, so nothing has to be installed again.
 *
 * Keys are Node's (crypto.generateKeyPairSync, RSA 2048: what iOS, Android and Windows all accept); node-forge builds
 * and signs the X.509 certificates. Files are written next to their final name and renamed into place, so a server
 * re-reading them on SIGHUP never sees half a file.
 */
import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join } from 'node:path'
import forge from 'node-forge'

/** Longest server certificate validity Apple accepts for a certificate from a user-installed authority. */
export const SERVER_CERT_DAYS = 825
const CA_YEARS = 10
const DAY_MS = 24 * 60 * 60 * 1000

export interface TlsFiles {
  dir: string
  caCert: string
  caKey: string
  serverCert: string
  serverKey: string
}

export function tlsFiles(dataDir: string): TlsFiles {
  const dir = join(dataDir, 'tls')
  return {
    dir,
    caCert: join(dir, 'ca.crt'),
    caKey: join(dir, 'ca.key'),
    serverCert: join(dir, 'server.crt'),
    serverKey: join(dir, 'server.key'),
  }
}

/** A host name (letters, digits, hyphens; dot-separated labels) or an IPv4/IPv6 address, lower-cased; else null. */
export function normalizeName(input: string): string | null {
  const name = input
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  if (isIP(name)) return name
  if (name.length === 0 || name.length > 253) return null
  const labels = name.split('.')
  const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
  // An all-digit last label would be a mistyped IPv4 address (192.168.1.300), not a host name.
  if (/^\d+$/.test(labels.at(-1)!)) return null
  return labels.every((part) => label.test(part)) ? name : null
}

function newKeyPair(): { privateKeyPem: string; keys: forge.pki.rsa.KeyPair } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const forgeKey = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey
  return {
    privateKeyPem,
    keys: { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) },
  }
}

/** A positive random serial (the first byte's high bit clear). */
function serialNumber(): string {
  const bytes = randomBytes(16)
  bytes[0]! &= 0x7f
  return bytes.toString('hex')
}

/** Writes `content` to `path` atomically, readable by the owner only when `secret`. */
function writeAtomically(path: string, content: string, secret: boolean): void {
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, content, { mode: secret ? 0o600 : 0o644 })
  chmodSync(temporary, secret ? 0o600 : 0o644)
  renameSync(temporary, path)
}

function createAuthority(files: TlsFiles, now: Date): void {
  const { privateKeyPem, keys } = newKeyPair()
  const cert = forge.pki.createCertificate()
  cert.publicKey = keys.publicKey
  cert.serialNumber = serialNumber()
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000)
  cert.validity.notAfter = new Date(now.getTime() + CA_YEARS * 365 * DAY_MS)
  const subject = [
    {
      name: 'commonName',
      value: `Oktatói Portál iskolai tanúsítványkiadó ${now.toISOString().slice(0, 10)}`,
      valueTagClass: forge.asn1.Type.UTF8,
    },
    { name: 'organizationName', value: 'Oktatói Portál', valueTagClass: forge.asn1.Type.UTF8 },
  ] as unknown as forge.pki.CertificateField[] // @types/node-forge types valueTagClass as a class, not a tag
  cert.setSubject(subject)
  cert.setIssuer(subject)
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ])
  cert.sign(keys.privateKey, forge.md.sha256.create())
  // The key first: a certificate without its key would be an authority nobody can use.
  writeAtomically(files.caKey, privateKeyPem, true)
  writeAtomically(files.caCert, forge.pki.certificateToPem(cert), false)
}

export interface IssueResult {
  files: TlsFiles
  /** False when an authority from an earlier run signed the new certificate. */
  createdAuthority: boolean
  names: string[]
  notAfter: Date
  /** SHA-256 fingerprint of the authority (XX:XX:…), to compare on a device. */
  caFingerprint: string
}

/**
 * Makes (or keeps) the authority in `dataDir/tls/` and a new server certificate and key for `names` (already
 * normalized, at least one). The directory is the owner's only (0700), the keys 0600.
 */
export function issueServerCertificate(dataDir: string, names: string[], now = new Date()): IssueResult {
  if (names.length === 0) throw new Error('at least one name')
  const files = tlsFiles(dataDir)
  mkdirSync(files.dir, { recursive: true, mode: 0o700 })
  chmodSync(files.dir, 0o700)
  const createdAuthority = !existsSync(files.caKey) || !existsSync(files.caCert)
  if (createdAuthority) createAuthority(files, now)

  const caCert = forge.pki.certificateFromPem(readFileSync(files.caCert, 'utf8'))
  const caKey = forge.pki.privateKeyFromPem(readFileSync(files.caKey, 'utf8'))
  const { privateKeyPem, keys } = newKeyPair()
  const cert = forge.pki.createCertificate()
  cert.publicKey = keys.publicKey
  cert.serialNumber = serialNumber()
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000)
  cert.validity.notAfter = new Date(cert.validity.notBefore.getTime() + SERVER_CERT_DAYS * DAY_MS)
  cert.setSubject([{ name: 'commonName', value: names[0] }])
  // forge reads UTF8String values back as raw bytes and would encode them twice: decode them first, so the issuer
  // is byte for byte the authority's subject (or no client finds the issuer).
  cert.setIssuer(
    caCert.subject.attributes.map((attribute) =>
      (attribute.valueTagClass as unknown) === forge.asn1.Type.UTF8
        ? { ...attribute, value: forge.util.decodeUtf8(attribute.value as string) }
        : attribute,
    ),
  )
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: names.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })),
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ])
  cert.sign(caKey, forge.md.sha256.create())
  writeAtomically(files.serverKey, privateKeyPem, true)
  writeAtomically(files.serverCert, forge.pki.certificateToPem(cert), false)

  return {
    files,
    createdAuthority,
    names,
    notAfter: cert.validity.notAfter,
    caFingerprint: new X509Certificate(readFileSync(files.caCert)).fingerprint256,
  }
}
