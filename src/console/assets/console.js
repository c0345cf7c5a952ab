// Progressive enhancement only: every page works without this file.
// A "Copy" button copies the value of the input its data-copy attribute names.
document.addEventListener('click', (event) => {
  const target = event.target;
  if (!(target instanceof HTMLElement) || !target.dataset.copy) return;
  const input = document.getElementById(target.dataset.copy);
  if (input instanceof HTMLInputElement && navigator.clipboard) void navigator.clipboard.writeText(input.value);
});

// Calendar: clicking a night fills the "block" and "price" forms with that accommodation and
// night; clicking a later night of the same row extends the range to it. The forms work alone.
let selection = null;
function addDay(iso) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
document.addEventListener('click', (event) => {
  const cell = event.target instanceof Element ? event.target.closest('.cal td[data-night]') : null;
  const row = cell && cell.closest('tr[data-accommodation]');
  if (!cell || !row) return;
  const accommodation = row.getAttribute('data-accommodation');
  const night = cell.getAttribute('data-night');
  if (selection && selection.accommodation === accommodation && night >= selection.from) selection.to = addDay(night);
  else selection = { accommodation, from: night, to: addDay(night) };
  document.querySelectorAll('.cal td.selected').forEach((td) => td.classList.remove('selected'));
  row.querySelectorAll('td[data-night]').forEach((td) => {
    const n = td.getAttribute('data-night');
    if (n >= selection.from && n < selection.to) td.classList.add('selected');
  });
  for (const prefix of ['block', 'price']) {
    const select = document.getElementById(`${prefix === 'block' ? 'b' : 'p'}-acc`);
    const from = document.getElementById(`${prefix}-from`);
    const to = document.getElementById(`${prefix}-to`);
    if (select) select.value = accommodation;
    if (from) from.value = selection.from;
    if (to) to.value = selection.to;
  }
});

// Calendar: open with today's column at the left edge of the scrolling timeline.
document.addEventListener('DOMContentLoaded', () => {
  const today = document.querySelector('.cal th.today');
  const wrap = today && today.closest('.cal-wrap');
  const first = wrap && wrap.querySelector('th.acc');
  if (today && wrap && first) wrap.scrollLeft = Math.max(0, today.offsetLeft - first.offsetWidth);
});

// Error summary: a link to a field puts the cursor in it (without this file it scrolls to it).
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('.error-summary a[href^="#"]') : null;
  const field = link && document.getElementById(link.getAttribute('href').slice(1));
  if (!field) return;
  event.preventDefault();
  field.scrollIntoView({ block: 'center' });
  field.focus();
});

// Messages: the template's preview follows the text as it is typed (the Preview button does the
// same without this file): the form is posted with preview=1 and the answer's preview shown.
let previewTimer = null;
document.addEventListener('input', (event) => {
  const form = event.target instanceof Element ? event.target.closest('form#message-template') : null;
  const shown = document.getElementById('message-preview');
  if (!form || !shown || !form.querySelector('[name="booking_id"]')) return;
  clearTimeout(previewTimer);
  previewTimer = setTimeout(async () => {
    const body = new URLSearchParams(new FormData(form));
    body.set('preview', '1');
    const answer = await fetch(form.action, { method: 'POST', body, credentials: 'same-origin' });
    const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
    const preview = page.getElementById('message-preview');
    const error = page.querySelector('form#message-template .error');
    if (preview && preview.children.length > 0) shown.replaceChildren(...preview.childNodes);
    else if (error) {
      const p = document.createElement('p');
      p.className = 'error';
      p.textContent = error.textContent;
      shown.replaceChildren(p);
    }
  }, 400);
});
