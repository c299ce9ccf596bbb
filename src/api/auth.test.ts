/** The device proof (issue 17): kept per username after a full sign-in and sent with the next sign-in. */
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { API, server } from '../test/msw'
import { deviceProof, login, rememberDevice } from './auth'

describe('login and the device proof', () => {
  it('sends no proof the first time, keeps the one it gets, and sends it for that username only', async () => {
    const sent: unknown[] = []
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({
          Token: 't',
          mfa: false,
          message: 'Sikeres bejelentkezés.',
          device: 'eszkoz-1',
        })
      }),
    )
    await login({ username: 'Tanar.Anna', password: 'a' })
    await login({ username: 'tanar.anna ', password: 'b' })
    await login({ username: 'tanar.bela', password: 'c' })
    expect(sent).toEqual([
      { username: 'Tanar.Anna', password: 'a' },
      { username: 'tanar.anna ', password: 'b', device: 'eszkoz-1' },
      { username: 'tanar.bela', password: 'c' },
    ])
  })

  it('keeps the proof a 429 did not replace, and the one given after the MFA code', async () => {
    rememberDevice('tanar.anna', 'regi')
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ code: 429, message: 'Túl sok sikertelen próbálkozás.' }, { status: 429 }),
      ),
    )
    await expect(login({ username: 'tanar.anna', password: 'x' })).rejects.toThrow()
    expect(deviceProof('tanar.anna')).toBe('regi')
    rememberDevice('tanar.anna', 'uj')
    expect(deviceProof('TANAR.ANNA')).toBe('uj')
    // A shared tablet: the usernames that signed in here are not readable in storage (shared-tablet e2e).
    expect(localStorage.getItem('deviceProofs')).not.toContain('tanar.anna')
  })
})
