import { PASSWORD_MESSAGES } from './password-rule'

/** Hungarian messages the server answers with (and the client shows as the server's message). */
export const MESSAGES = {
  forbidden: 'Nincs jogosultságod a művelet végrehajtásához.',
  notLoggedIn: 'Nem vagy bejelentkezve.',
  badCredentials: 'Hibás felhasználónév vagy jelszó.',
  loginOk: 'Sikeres bejelentkezés.',
  mfaSent: 'A hitelesítő kódot elküldtük e-mailben.',
  mfaWrong: 'Hibás hitelesítő kód.',
  mfaExpired: 'A hitelesítő kód lejárt, kérlek próbáld újra.',
  mfaTooManyTries: 'Túl sok hibás próbálkozás, kérlek jelentkezz be újra.',
  mfaSaved: 'A hitelesítési e-mail cím elmentve.',
  mfaDisabled: 'A többfaktoros hitelesítés kikapcsolva.',
  invalidEmail: 'Érvénytelen e-mail cím.',
  throttled: 'Túl sok sikertelen próbálkozás. Kérlek várj egy kicsit, mielőtt újra próbálod.',
  rateLimited: 'Túl sok kérés. Kérlek próbáld újra később.',
  loggedOut: 'Sikeres kijelentkezés.',
  settingsSaved: 'Beállítások mentve.',
  /** The password rule's own words (contract/password-rule.ts), under the names the server's answers use. */
  passwordChanged: PASSWORD_MESSAGES.changed,
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  studentNotFound: 'Nem található ilyen felhasználónevű diák.',
  userNotFound: 'Nem található ilyen felhasználó.',
  badRequest: 'Hibás kérés.',
  bodyTooLarge: 'A kérés túl nagy.',
  unsupportedMediaType: 'Csak JSON kérést fogadunk el.',
  notFound: 'Nem található.',
  internal: 'Váratlan szerverhiba történt. Kérlek próbáld újra később.',
  idempotencyConflict: 'Ez a kérés már folyamatban van.',
  workHoursSaved: 'Munkaidő sikeresen rögzítve.',
  invalidWorkHours: 'Kérlek adj meg egy érvényes óraszámot.',
  invalidWorkDate: 'Kérlek adj meg egy érvényes dátumot.',
  classroomCreated: 'Terem létrehozva.',
  classroomSaved: 'Terem mentve.',
  classroomDeleted: 'Terem törölve.',
  classroomNotFound: 'Nem található ilyen terem.',
  /** 409 on DELETE /classrooms/:id; `{groups}` is the comma-separated names of the groups using it. */
  classroomInUse: 'A terem nem törölhető, mert ezek a csoportok használják: {groups}.',
  groupCreated: 'Csoport létrehozva.',
  groupDeleted: 'Csoport törölve.',
  groupNotFound: 'Nem található ilyen csoport.',
  /** 409 on POST /groups/create: a group with the same name, day and classroom exists (issue 18). */
  groupExists: 'Már van ilyen nevű csoport ezen a napon ebben a teremben.',
  noGroups: 'Nincsenek csoportjaid.',
  groupNameRequired: 'Kérjük, töltse ki az összes kötelező mezőt.',
  groupDayInvalid: 'A nap 1 (hétfő) és 7 (vasárnap) között lehet.',
  /** `{student}` is the username that names no student. */
  unknownStudent: 'Nem található ilyen diák: {student}.',
  unknownClassroom: 'Nem található ilyen terem.',
  seatingSaved: 'Ülésrend sikeresen mentve.',
  seatingNoLayout: 'Hiányzó adatok',
  noteCreated: 'Jegyzet sikeresen létrehozva.',
  noteEmpty: 'A jegyzet nem lehet üres!',
  linkCreated: 'Rövid URL sikeresen létrehozva.',
  linkDeleted: 'Rövid URL sikeresen törölve.',
  linkNotFound: 'Nem található ilyen rövid URL.',
  linkFieldsRequired: 'Kérlek töltsd ki az összes mezőt.',
  linkUrlInvalid: 'Érvénytelen URL formátum.',
  linkUrlRefused: 'Csak http:// vagy https:// cím rövidíthető, felhasználónév és jelszó nélkül.',
  linkCodeInvalid:
    'A rövid kód csak betűt, számot, aláhúzást és kötőjelet tartalmazhat (legfeljebb 64 karaktert).',
  linkCodeTaken: 'Ez a rövid kód már foglalt.',
  linkExpiryInvalid: 'Érvénytelen lejárati dátum.',
  /** The small HTML pages of GET /s/:code. */
  linkMissingPage: 'A rövid link nem található.',
  linkExpiredPage: 'A rövid link lejárt.',
  domainAdded: 'Domain sikeresen hozzáadva a tiltólistához.',
  domainDeleted: 'Domain sikeresen eltávolítva a tiltólistáról.',
  domainDuplicate: 'Ez a domain már szerepel a tiltólistán.',
  domainNotFound: 'Ez a domain nem szerepel a tiltólistán.',
  /** Files (issue 9): refused or missing paths under FILES_ROOT. */
  filePathInvalid: 'Érvénytelen elérési út.',
  fileNotFound: 'A fájl nem található.',
  folderNotFound: 'A mappa nem található.',
  fileRangeInvalid: 'A kért tartomány nem szolgálható ki.',
  filesLoadFailed: 'Hiba történt a fájlok betöltése közben.',
  fileDownloadFailed: 'Hiba történt a fájl letöltése közben.',
  /** Upload and create folder (issue 9). */
  fileNameInvalid:
    'Érvénytelen név: nem lehet üres vagy csak pontokból álló, nem tartalmazhat / vagy \\ jelet és vezérlőkaraktert, legfeljebb 255 bájt lehet.',
  fileNameTaken: 'Ebben a mappában már van ilyen nevű fájl vagy mappa.',
  uploadMissingFile: 'A kérés nem tartalmaz feltöltendő fájlt.',
  uploadNotMultipart: 'A feltöltésnek multipart/form-data kérésnek kell lennie.',
  uploadFailed: 'Hiba történt a fájl feltöltése közben.',
  uploadSucceeded: 'Fájl sikeresen feltöltve.',
  uploadCancelled: 'Feltöltés megszakítva.',
  folderCreated: 'Mappa sikeresen létrehozva.',
  folderCreateFailed: 'Hiba történt a mappa létrehozása közben.',
  /** Rename and delete (issue 18). */
  fileDeleted: 'Fájl sikeresen törölve.',
  folderDeleted: 'Mappa sikeresen törölve.',
  fileDeleteFailed: 'Hiba történt a törlés közben.',
  folderNotEmpty: 'Csak üres mappa törölhető. Előbb töröld a benne lévő fájlokat és mappákat.',
  fileRenamed: 'Sikeresen átnevezve.',
  fileRenameFailed: 'Hiba történt az átnevezés közben.',
  filesWritesOffline: 'Feltöltés, új mappa, átnevezés és törlés csak online lehetséges.',
  linksWritesOffline: 'Rövid URL létrehozása és törlése csak online lehetséges.',
  proxyWritesOffline: 'Domain hozzáadása, törlése és a megjegyzések mentése csak online lehetséges.',
  usersWritesOffline: 'Felhasználó létrehozása, importálása és módosítása csak online lehetséges.',
  groupsWritesOffline: 'Új csoport és csoport törlése csak online lehetséges.',
} as const

/** 413 of POST /files/upload, with the server's UPLOAD_MAX_MB. */
export function uploadTooLargeMessage(maxMb: number): string {
  return `A fájl túl nagy: legfeljebb ${maxMb} MB tölthető fel.`
}

/** A guess limit's 429 (issue 17): the throttled message and how many minutes to wait. */
export function throttledMessage(minutes: number): string {
  return `${MESSAGES.throttled} Próbáld újra ${minutes} perc múlva.`
}
