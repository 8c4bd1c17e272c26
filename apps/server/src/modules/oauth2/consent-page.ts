import { AuthorizationOutcome } from './oauth2-provider.service';

type Consent = Extract<AuthorizationOutcome, { kind: 'consent' }>;

/** Where the consent page sends the user's answer. */
export const GRANT_PATH = '/login/oauth/grant';

/** The consent question as JSON, for clients that drive the flow themselves (tests, scripts, CLIs). */
export function consentJson(consent: Consent) {
  return {
    application: { name: consent.application.name, client_id: consent.application.clientId },
    redirect_uri: consent.request.redirectUri,
    scope: consent.request.scope,
    state: consent.request.state,
    consent: consent.consent,
    grant_url: GRANT_PATH,
  };
}

/** The consent question as a plain HTML form: the user grants or denies, and the browser posts the answer. */
export function consentHtml(consent: Consent, userName: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const { request } = consent;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Authorize ${escapeHtml(consent.application.name)}</title></head>
<body>
<h1>Authorize application</h1>
<p><strong>${escapeHtml(consent.application.name)}</strong> asks for access to the account <strong>${escapeHtml(userName)}</strong>${
    request.scope ? `, with scope <code>${escapeHtml(request.scope)}</code>` : ', with all the account may do'
  }.</p>
<p>If you grant it, you will be sent to <strong>${escapeHtml(request.redirectUri)}</strong>.</p>
<form method="post" action="${GRANT_PATH}">
${hidden('client_id', request.clientId)}
${hidden('redirect_uri', request.redirectUri)}
${hidden('state', request.state)}
${hidden('scope', request.scope)}
${hidden('consent', consent.consent)}
<button type="submit" name="granted" value="true">Authorize</button>
<button type="submit" name="granted" value="false">Cancel</button>
</form>
</body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
