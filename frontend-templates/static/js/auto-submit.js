// Selects marked data-auto-submit submit their form on change (the pages allow no inline handlers: CSP).
document.addEventListener('change', function (event) {
  var target = event.target;
  if (target instanceof HTMLSelectElement && target.hasAttribute('data-auto-submit') && target.form) {
    target.form.submit();
  }
});
