/**
 * The first sign-in with a one-time password (issue 11): a full page like the login screen, shown instead of the
 * app until the account has a password of its own. The server refuses every other call meanwhile; the one-time
 * password is not asked again (it opened this session a moment ago). Plain CSS like the login screen.
 */
import { CircleAlert, LogOut } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { LIMITS } from '@contract/limits'
import { PASSWORD_MESSAGES, passwordLengthProblem } from '@contract/password-rule'
import { changeOwnPassword, ownPasswordErrorMessage } from '@/api/account'
import { ApiError } from '@/lib/api-client'
import { endSession, finishPasswordChange, handleUnauthorized } from '@/session/session-actions'
import './login-screen.css'

type Field = 'newPassword' | 'confirm'

/** The client's half of the rule: filled in, long enough, typed the same twice. The server judges strength. */
function problemOf(newPassword: string, confirm: string): { field: Field; message: string } | null {
  if (!newPassword) return { field: 'newPassword', message: PASSWORD_MESSAGES.newRequired }
  const length = passwordLengthProblem(newPassword)
  if (length) return { field: 'newPassword', message: length }
  if (!confirm) return { field: 'confirm', message: PASSWORD_MESSAGES.confirmRequired }
  if (newPassword !== confirm) return { field: 'confirm', message: PASSWORD_MESSAGES.mismatch }
  return null
}

export default function FirstPasswordScreen() {
  const [newPassword, setNewPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<{ field: Field | null; message: string } | null>(null)
  const [saving, setSaving] = useState(false)
  const [done, setDone] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving || done) return
    const problem = problemOf(newPassword, confirm)
    setError(problem)
    if (problem) return
    setSaving(true)
    try {
      setDone(await changeOwnPassword({ newPassword }))
      // A moment to read the confirmation, then the app opens.
      setTimeout(finishPasswordChange, 1200)
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) {
        void handleUnauthorized()
        return
      }
      setError({ field: null, message: ownPasswordErrorMessage(failure) })
      setSaving(false)
    }
  }

  const invalid = (field: Field) => (error && (error.field === field || error.field === null)) || undefined

  return (
    <div className="login">
      <div className="login__welcome">
        <p className="login__greeting">Még egy lépés</p>
        <p className="login__tagline">Állíts be egy saját jelszót, amelyet csak te ismersz.</p>
      </div>
      <div className="login__side">
        <main className="login__card">
          <h1 className="login__title">Saját jelszó beállítása</h1>
          <p className="login__text">
            Egyszer használatos jelszóval jelentkeztél be. Mielőtt továbblépsz, adj meg egy új jelszót.
          </p>
          {error && (
            <div className="login__error" role="alert">
              <CircleAlert size={18} aria-hidden />
              <span>{error.message}</span>
            </div>
          )}
          {done && (
            <div className="login__success" role="status">
              <span>{done}</span>
            </div>
          )}
          <form className="login__form" onSubmit={submit} noValidate aria-label="Saját jelszó beállítása">
            <div className="login__field">
              <label className="login__label" htmlFor="first-password-new">
                Új jelszó
              </label>
              <input
                id="first-password-new"
                className="login__input"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                aria-describedby="first-password-hint"
                aria-invalid={invalid('newPassword')}
                value={newPassword}
                onChange={(event) => setNewPassword(event.target.value)}
              />
              <p id="first-password-hint" className="login__hint">
                Legalább {LIMITS.passwordMin} karakter. A gyakori, könnyen kitalálható jelszavakat (és a
                nevedet) nem fogadjuk el; egy több szóból álló kifejezés jó választás.
              </p>
            </div>
            <div className="login__field">
              <label className="login__label" htmlFor="first-password-confirm">
                Új jelszó még egyszer
              </label>
              <input
                id="first-password-confirm"
                className="login__input"
                name="confirm"
                type="password"
                autoComplete="new-password"
                aria-invalid={invalid('confirm')}
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
              />
            </div>
            <button className="login__submit" type="submit" disabled={saving} aria-busy={saving}>
              {saving ? (
                <>
                  <span className="portal-spinner portal-spinner--small" aria-hidden />
                  Mentés...
                </>
              ) : (
                'Jelszó beállítása'
              )}
            </button>
          </form>
        </main>
        <footer>
          <button className="login__backend" type="button" onClick={() => void endSession()}>
            <LogOut size={14} aria-hidden />
            Kijelentkezés
          </button>
        </footer>
      </div>
    </div>
  )
}
