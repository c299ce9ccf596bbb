/**
 * `npm run cert -- <host name or IP>…`: the school's own certificate authority in `DATA_DIR/tls/` (made on the first
 * run, kept on every later one) and a new server certificate for exactly the names given (issue 17). Prints the files,
 * the two variables to set and how to make a tablet or PC trust the authority. Bad input: a message, exit 2,
 * nothing written.
 */
import { resolve } from 'node:path'
import { SERVER_CERT_DAYS, issueServerCertificate, normalizeName } from '../lib/certificate-authority'

const USAGE =
  'Használat: npm run cert -- <gépnév vagy IP-cím>…\n' +
  '  például: npm run cert -- portal.iskola.lan 192.168.1.10\n' +
  'Usage: npm run cert -- <host name or IP address>…'

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`)
  process.exit(2)
}

function main(): void {
  const args = process.argv.slice(2).filter((arg) => arg !== '--')
  if (args.length === 0)
    fail('Adj meg legalább egy gépnevet vagy IP-címet, amelyen a tabletek elérik a szervert.')
  const names: string[] = []
  for (const arg of args) {
    const name = normalizeName(arg)
    if (!name)
      fail(
        `Érvénytelen név: "${arg}". Gépnév (pl. portal.iskola.lan) vagy IP-cím (pl. 192.168.1.10) kell, ` +
          'séma (https://) és port nélkül.',
      )
    if (!names.includes(name)) names.push(name)
  }

  const dataDir = resolve(process.env.DATA_DIR?.trim() || './data')
  const result = issueServerCertificate(dataDir, names)
  const { files } = result
  const first = names[0]!.includes(':') ? `[${names[0]}]` : names[0]!
  const lines = [
    result.createdAuthority
      ? 'Elkészült az iskola saját tanúsítványkiadója (CA) és a szerver tanúsítványa.'
      : 'Új szervertanúsítvány készült a meglévő tanúsítványkiadóval (a CA-t nem kell újra telepíteni).',
    '',
    'Fájlok:',
    `  ${files.caCert}      a tanúsítványkiadó — ezt kell telepíteni a tabletekre és gépekre`,
    `  ${files.caKey}      a kiadó kulcsa — csak a tulajdonos olvashatja; ne add ki, ments biztonságos helyre`,
    `  ${files.serverCert}  a szerver tanúsítványa (${names.join(', ')}; ${SERVER_CERT_DAYS} napig érvényes, ` +
      `${result.notAfter.toISOString().slice(0, 10)}-ig)`,
    `  ${files.serverKey}  a szerver kulcsa — csak a tulajdonos olvashatja`,
    '',
    `A tanúsítványkiadó SHA-256 ujjlenyomata (a készüléken ezzel ellenőrizheted):`,
    `  ${result.caFingerprint}`,
    '',
    'A szerver indításához állítsd be (a PORT-on HTTPS-t szolgál ki; a HTTP_REDIRECT_PORT a sima HTTP-t',
    'átirányítja, és a /ca.crt címen letölthetővé teszi a kiadót):',
    `  HTTPS_CERT=${files.serverCert} HTTPS_KEY=${files.serverKey} PORT=443 HTTP_REDIRECT_PORT=80 npm run serve`,
    '',
    `A tabletek címe: https://${first}/ (nem 443-as PORT esetén a portszámmal).`,
    '',
    'A tanúsítványkiadó telepítése (egyszer, minden készüléken):',
    '  Android tablet:',
    `    1. Töltsd le a ca.crt fájlt (pl. http://${first}/ca.crt a sima HTTP porton, vagy e-mailben, USB-n).`,
    '    2. Beállítások › Biztonság (és adatvédelem) › További biztonsági beállítások › Titkosítás és hitelesítő',
    '       adatok › Tanúsítvány telepítése › CA tanúsítvány › „Telepítés mégis” › válaszd ki a ca.crt fájlt.',
    '    3. A Chrome ezután megbízik a szerverben (a lezárási képernyőhöz PIN kódot kérhet a telefon).',
    '  iPad:',
    `    1. Nyisd meg Safariban: http://${first}/ca.crt (vagy küldd el AirDroppal/e-mailben) › „Engedélyezés”.`,
    '    2. Beállítások › Általános › VPN és eszközkezelés › a letöltött profil › Telepítés.',
    '    3. Beállítások › Általános › Névjegy › Tanúsítványmegbízhatósági beállítások › kapcsold be a teljes',
    '       megbízhatóságot az „Oktatói Portál iskolai tanúsítványkiadó” mellett.',
    '  Windows PC (Chrome, Edge):',
    '    1. Dupla kattintás a ca.crt fájlon › Tanúsítvány telepítése › Helyi számítógép › Minden tanúsítvány',
    '       tárolása a következő tárolóban › Megbízható legfelső szintű hitelesítésszolgáltatók › Befejezés.',
    '       (Vagy certmgr.msc › Megbízható legfelső szintű hitelesítésszolgáltatók › Tanúsítványok › jobb',
    '       kattintás › Minden feladat › Importálás.)',
    `    2. Vagy parancssorban (rendszergazdaként): certutil -addstore -f Root ca.crt`,
    '    (A Firefox saját tárolót használ: Beállítások › Adatvédelem és biztonság › Tanúsítványok › Importálás.)',
    '',
    'Megújítás vagy új név: futtasd újra ugyanígy (a kiadó marad), majd jelezz a futó szervernek:',
    '  kill -HUP <a szerver folyamatazonosítója>   (systemd alatt: systemctl reload …)',
    'A szerver a SIGHUP jelre újraolvassa a tanúsítványt, újraindítás nélkül.',
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}

main()
