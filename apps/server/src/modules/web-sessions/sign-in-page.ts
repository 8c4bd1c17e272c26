import { escapeHtml, renderWebPage } from './web-page';

/** Where the sign-in form is shown and where it posts. */
export const LOGIN_PATH = '/user/login';

/** What the sign-in form shows: its first step (name and password), or its second (the one-time code). */
export interface SignInForm {
  /** ROOT_URL's path (see basePathOf). */
  base: string;
  /** The double-submitted CSRF value of this browser (see WebSignInRoutes). */
  csrf: string;
  redirectTo: string;
  /** What went wrong with the last answer, shown above the form. */
  error?: string;
  /** The name typed last, kept so it need not be typed again. */
  login?: string;
  /** Present in the second step: the signed pass saying the password was right. */
  pendingPass?: string;
}

/** The sign-in form as a page. Every value is escaped; the page needs no script. */
export function signInPage(form: SignInForm): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const error = form.error ? `<p class="error" role="alert" id="sign-in-error">${escapeHtml(form.error)}</p>` : '';
  const fields = form.pendingPass
    ? `${hidden('pending', form.pendingPass)}
<p class="notice">This account uses two-factor sign-in. Enter the current passcode from your authenticator app.</p>
<label for="passcode">Passcode</label>
<input type="text" id="passcode" name="passcode" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required autofocus${
        form.error ? ' aria-describedby="sign-in-error"' : ''
      }>`
    : `<label for="user_name">Username or email address</label>
<input type="text" id="user_name" name="user_name" autocomplete="username" required value="${escapeHtml(form.login ?? '')}"${
        form.login ? '' : ' autofocus'
      }>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${form.login ? ' autofocus' : ''}>`;
  return renderWebPage({
    base: form.base,
    title: 'Sign in',
    main: `<h1>Sign in</h1>
${error}
<form method="post" action="${escapeHtml(form.base + LOGIN_PATH)}">
${hidden('_csrf', form.csrf)}
${hidden('redirect_to', form.redirectTo)}
${fields}
<p><button type="submit">Sign in</button></p>
</form>`,
  });
}
