/** Sign up, verify, sign in, forgotten password. */
export const AUTH_VIEWS: Record<string, string> = {
  'sign-up': `<p>Create your business account on the Free plan. You will get an email to confirm the address.</p>
<form method="post" action="/console/sign-up" class="card">
  {{> csrf}}
  {{> input name="business_name" label="Business name" value=form.business_name autocomplete="organization" required=true}}
  {{> input name="email" label="Email" type="email" value=form.email autocomplete="email" required=true}}
  {{> input name="password" label="Password" type="password" autocomplete="new-password" required=true hint="At least 8 characters with an uppercase letter, a lowercase letter, a digit and a symbol."}}
  {{> input name="gstin" label="GSTIN (optional)" value=form.gstin autocomplete="off" hint="15 characters, checked with its check character."}}
  <button type="submit">Sign up</button>
</form>
<p>Already have an account? <a href="/console/sign-in">Sign in</a></p>`,
  'sign-up-sent': `<p>We have sent a link to the address you gave. Open it within 24 hours to finish signing up.</p>
<p><a href="/console/sign-in">Back to sign in</a></p>`,
  'sign-up-off': `<p>Sign-up is not open on this service. Ask the operator for an account.</p>`,
  verify: `<p>Confirm your email address to create your account. The code is filled in from the link in the email.</p>
<form method="post" action="/console/verify" class="card">
  {{> csrf}}
  {{> input name="code" label="Verification code" autocomplete="one-time-code" required=true fromHash=true}}
  <button type="submit">Confirm and sign in</button>
</form>`,
  'sign-in': `<form method="post" action="/console/sign-in" class="card">
  {{> csrf}}
  {{> input name="username" label="Email or username" value=form.username autocomplete="username" required=true}}
  {{> input name="password" label="Password" type="password" autocomplete="current-password" required=true}}
  <button type="submit">Sign in</button>
</form>
<p><a href="/console/forgot">Forgot your password?</a>{{#if signupOpen}} · <a href="/console/sign-up">Create an account</a>{{/if}}</p>`,
  forgot: `<p>Enter the email address you sign in with; we will send a link to choose a new password.</p>
<form method="post" action="/console/forgot" class="card">
  {{> csrf}}
  {{> input name="email" label="Email" type="email" autocomplete="email" required=true}}
  <button type="submit">Send the link</button>
</form>`,
  'forgot-sent': `<p>If an account uses that address, a link to choose a new password is on its way. It is valid for one hour.</p>
<p><a href="/console/sign-in">Back to sign in</a></p>`,
  reset: `<form method="post" action="/console/reset" class="card">
  {{> csrf}}
  {{> input name="code" label="Reset code" autocomplete="one-time-code" required=true fromHash=true}}
  {{> input name="password" label="New password" type="password" autocomplete="new-password" required=true hint="At least 8 characters with an uppercase letter, a lowercase letter, a digit and a symbol."}}
  {{> input name="confirm_password" label="Repeat the new password" type="password" autocomplete="new-password" required=true}}
  <button type="submit">Set the password</button>
</form>`,
  error: `<p>{{message}}</p><p><a href="/console">Back to the console</a></p>`,
};
