// Progressive enhancement only: every page works without this file.
// A "Copy" button copies the value of the input its data-copy attribute names.
document.addEventListener('click', (event) => {
  const target = event.target;
  if (!(target instanceof HTMLElement) || !target.dataset.copy) return;
  const input = document.getElementById(target.dataset.copy);
  if (input instanceof HTMLInputElement && navigator.clipboard) void navigator.clipboard.writeText(input.value);
});
