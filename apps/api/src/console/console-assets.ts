/**
 * The console's stylesheet and script, served as files (the Content-Security-Policy allows no inline script or
 * style). Plain CSS and a few lines of progressive JavaScript: every page works without it.
 */
export const CONSOLE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1f2937;background:#f8fafc}
a{color:#1d4ed8}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px 8px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.top{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:12px 16px;background:#0f172a;color:#fff}
.top a,.top .link{color:#fff}
.brand{font-weight:700;text-decoration:none}
.top nav ul{display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none;margin:0;padding:0}
.top form{margin-left:auto}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:8px 0 16px}
h2{font-size:1.2rem;margin:24px 0 8px}
.card{background:#fff;border:1px solid #cbd5e1;border-radius:8px;padding:16px;max-width:560px}
.field{margin:0 0 14px}
label{display:block;font-weight:600;margin-bottom:4px}
.hint{margin:0 0 4px;font-size:.9rem;color:#475569}
input[type=text],input[type=email],input[type=password],input[type=url],input[type=search],input:not([type]),select{width:100%;padding:10px;border:1px solid #64748b;border-radius:6px;font:inherit;background:#fff}
input:focus,select:focus,button:focus,a:focus{outline:3px solid #2563eb;outline-offset:2px}
.check{display:flex;align-items:center;gap:8px;margin:0 0 12px}.check label{font-weight:400;margin:0}
fieldset{border:1px solid #cbd5e1;border-radius:6px;margin:0 0 14px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:0 12px}
button{font:inherit;padding:10px 16px;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.danger{background:#b91c1c;border-color:#b91c1c}
button.small{padding:4px 10px}
button.link{background:none;border:none;padding:0;text-decoration:underline}
.inline{display:inline}
.notice{background:#ecfdf5;border:1px solid #047857;padding:10px 12px;border-radius:6px}
.problem{background:#fef2f2;border:1px solid #b91c1c;padding:10px 12px;border-radius:6px}
.problem p{margin:0}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}
.facts dt{font-weight:600}.facts dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;background:#fff;display:block;overflow-x:auto}
caption{text-align:left;font-weight:600;padding:6px 0}
th,td{padding:8px;border-bottom:1px solid #e2e8f0;text-align:left;vertical-align:top}
td{overflow-wrap:anywhere}
.num{text-align:right}
.status-succeeded{color:#047857}.status-failed{color:#b91c1c}
.copy{display:flex;gap:8px}.copy input{flex:1;font-family:ui-monospace,monospace}
pre{background:#0f172a;color:#e2e8f0;padding:12px;border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
code{font-family:ui-monospace,monospace}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(170px,1fr));gap:0 12px;align-items:end;margin-bottom:12px}
.filters button{margin-bottom:14px}
.pages{display:flex;gap:16px;margin:12px 0}
meter{width:100%;max-width:560px;height:20px}
@media (max-width:600px){main{padding:12px}.top form{margin-left:0}}
`;

export const CONSOLE_JS = `'use strict';
// A one-time code arrives after # in the emailed link (never sent to the server): put it in the form, then drop it from the address bar.
document.addEventListener('DOMContentLoaded', function () {
  var target = document.querySelector('input[data-from-hash]');
  if (target && location.hash.length > 1) {
    target.value = decodeURIComponent(location.hash.slice(1));
    history.replaceState(null, '', location.pathname);
  }
  function copy(text, button) {
    if (!navigator.clipboard) return;
    navigator.clipboard.writeText(text).then(function () {
      button.textContent = 'Copied';
    });
  }
  document.querySelectorAll('[data-copy]').forEach(function (button) {
    button.addEventListener('click', function () {
      var input = document.getElementById(button.getAttribute('data-copy'));
      input.select();
      copy(input.value, button);
    });
  });
  document.querySelectorAll('[data-copy-text]').forEach(function (button) {
    button.addEventListener('click', function () {
      copy(document.getElementById(button.getAttribute('data-copy-text')).textContent, button);
    });
  });
});
`;
