/**
 * (a) An administrator sets an MFA e-mail in Beállítások, signs out, signs in again: the MFA dialog appears,
 * the code from the loopback SMTP server is typed into 'MFA Kód', 'Megvan' opens the app.
 */
import { login, logout, mfaDialog, openApp, openSettings, openSettingsCategory, waitForApi, waitForShell } from '../app'
import { assert, type Spec } from '../harness'

const spec: Spec = {
  name: 'mfa-login',
  async run(ctx) {
    const { page, users } = ctx
    const admin = users.mfaAdmin
    const email = `admin.${ctx.runId}@iskola.test`

    await openApp(page, ctx)
    // A retry meets the address the failed try set: answer with whatever code the server mails.
    await login(page, ctx, admin, { mfaEmail: '*', expectMfa: ctx.attempt === 1 ? false : undefined })

    await openSettings(page)
    await openSettingsCategory(page, 'Profil')
    const field = page.getByLabel('MFA e-mail cím', { exact: true })
    await field.waitFor({ state: 'visible' })
    assert(await field.isEnabled(), 'the MFA e-mail field is disabled')
    // The setting saves after a 1 s debounce: wait for the request itself, not for time.
    const saved = waitForApi(page, 'POST', /^\/auth\/setmfa$/, 20_000)
    await field.fill(email)
    // A text setting commits on Enter or blur, then saves after the 1 s debounce.
    await field.press('Enter')
    const response = await saved
    assert(response.ok(), `POST /api/auth/setmfa answered ${response.status()}`)
    const sent = response.request().postDataJSON() as { email?: string }
    assert(sent.email === email, `setmfa sent ${JSON.stringify(sent)}, expected ${email}`)

    await logout(page)
    const since = Date.now()
    await login(page, ctx, admin, { mfaEmail: email, expectMfa: true })
    assert(
      ctx.smtp.messages.some((m) => m.receivedAt >= since - 1000 && m.to.includes(email)),
      'no MFA mail reached the loopback SMTP server',
    )
    await waitForShell(page)
    assert(!(await mfaDialog(page).isVisible()), 'the MFA dialog is still open')
    assert(
      await page.evaluate(() => !!localStorage.getItem('token') && !localStorage.getItem('mfa_token')),
      'after MFA the session token is stored and the temporary one removed',
    )
  },
}
export default spec
