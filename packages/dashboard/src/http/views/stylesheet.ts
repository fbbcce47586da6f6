/** The dashboard's whole stylesheet, served by the app at `<basePath>/assets/dashboard.css`: no CDN, no build. */
export const DASHBOARD_CSS = `
:root { --ink: #1a1a1a; --muted: #4d4d4d; --line: #c8c8c8; --bg: #ffffff; --panel: #f4f5f7;
  --accent: #0b57d0; --accent-ink: #ffffff; --danger: #b3261e; --added: #e6f4ea; --added-ink: #0d5b25;
  --removed: #fce8e6; --removed-ink: #8c1d18; --focus: #f9ab00; --field-border: #767676; color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e8eaed; --muted: #bdc1c6; --line: #5f6368; --bg: #1b1c1e; --panel: #27292c;
    --accent: #8ab4f8; --accent-ink: #1b1c1e; --danger: #f28b82; --added: #0f3d1f; --added-ink: #a8dab5;
    --removed: #4c1512; --removed-ink: #f6aea9; --field-border: #9aa0a6; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 8px; z-index: 1; }
header { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center; padding: 12px 24px; border-bottom: 1px solid var(--line); background: var(--panel); }
header .brand { font-weight: 700; margin-right: auto; }
nav ul { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; margin: 0; padding: 0; }
nav a[aria-current="page"] { font-weight: 700; color: var(--ink); }
main { max-width: 1040px; margin: 0 auto; padding: 24px; }
h1 { font-size: 1.6rem; margin: 0 0 16px; } h2 { font-size: 1.2rem; margin: 32px 0 12px; }
table { width: 100%; border-collapse: collapse; } caption { text-align: left; font-weight: 600; padding-bottom: 8px; }
th, td { text-align: left; padding: 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
.table-wrap { overflow-x: auto; margin-top: 24px; }
form.inline { display: inline; }
label { display: block; font-weight: 600; margin-bottom: 4px; }
label.inline { display: inline; }
input[type=checkbox] { width: 20px; height: 20px; vertical-align: middle; }
input[type=text], input[type=email], input[type=password], input[type=url], input[type=number], textarea {
  width: 100%; max-width: 480px; padding: 8px; font: inherit; color: var(--ink); background: var(--bg); border: 1px solid var(--field-border); border-radius: 4px; }
input[type=radio] { width: 20px; height: 20px; vertical-align: middle; }
fieldset { border: 0; padding: 0; } legend { font-weight: 600; margin-bottom: 4px; }
.field { margin-bottom: 16px; } .hint { color: var(--muted); font-size: 0.9rem; }
button, .button { font: inherit; padding: 8px 16px; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-ink); cursor: pointer; text-decoration: none; display: inline-block; }
button.secondary, .button.secondary { background: var(--bg); color: var(--accent); }
button.danger { background: var(--danger); border-color: var(--danger); }
header button { padding: 4px 12px; }
.notice { padding: 12px 16px; border-radius: 4px; border: 1px solid var(--line); background: var(--panel); margin-bottom: 16px; }
.notice.error { border-color: var(--danger); color: var(--removed-ink); background: var(--removed); }
.secret { font-family: ui-monospace, Menlo, Consolas, monospace; word-break: break-all; }
pre { white-space: pre-wrap; background: var(--panel); padding: 8px; border-radius: 4px; }
.balance { font-size: 2rem; font-weight: 700; }
.chart { width: 100%; max-width: 720px; height: auto; }
.chart .bar { fill: var(--accent); }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; padding: 0; }
.diff { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9rem; border: 1px solid var(--line); border-radius: 4px; overflow-x: auto; margin: 0; padding: 0; list-style: none; }
.diff li { padding: 0 8px; white-space: pre-wrap; word-break: break-word; }
.diff .hunk { background: var(--panel); color: var(--muted); }
.diff .added { background: var(--added); color: var(--added-ink); }
.diff .removed { background: var(--removed); color: var(--removed-ink); }
.counts .added { color: var(--added-ink); font-weight: 600; } .counts .removed { color: var(--removed-ink); font-weight: 600; }
.sr-sign { user-select: none; margin-right: 4px; }
button.copy { margin: 8px 8px 0 0; }
.notice h2 { margin-top: 0; }
.field-error { color: var(--danger); font-weight: 600; margin: 0 0 4px; }
[aria-invalid="true"] { border-color: var(--danger); border-width: 2px; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; }
form.filters { align-items: end; gap: 8px 16px; } form.filters label { margin: 0; }
select { padding: 8px; font: inherit; color: var(--ink); background: var(--bg); border: 1px solid var(--field-border); border-radius: 4px; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; } .facts dt { font-weight: 600; } .facts dd { margin: 0; }
pre.snapshot { max-height: 70vh; overflow: auto; }
@media (max-width: 600px) {
  header { padding: 12px; } main { padding: 16px 12px; }
  table.stack thead { display: none; }
  table.stack tr { display: block; border-bottom: 1px solid var(--line); padding: 8px 0; }
  table.stack td { display: block; border: 0; padding: 2px 0; }
  table.stack td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
}
`;
