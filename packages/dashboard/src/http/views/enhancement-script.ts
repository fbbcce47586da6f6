/**
 * The dashboard's only script, served at `<basePath>/assets/dashboard.js`: a copy button next to
 * every field marked `data-copy`. Pages work without it (the field is selectable); no build step.
 */
export const DASHBOARD_JS = `
document.querySelectorAll('input[data-copy]').forEach(function (input) {
  if (!navigator.clipboard) return;
  var button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary copy';
  button.textContent = input.dataset.copy;
  var status = document.createElement('span');
  status.setAttribute('role', 'status');
  status.className = 'hint';
  button.addEventListener('click', function () {
    navigator.clipboard.writeText(input.value).then(
      function () { status.textContent = 'Copied.'; },
      function () { input.select(); status.textContent = 'Press Ctrl+C (or Cmd+C) to copy.'; }
    );
  });
  input.after(button, status);
});
`;
