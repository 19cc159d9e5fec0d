/* Selector forms (form.auto-submit) reload the page when a choice changes; their Show button is only for no-JS. */
(function () {
  'use strict';
  document.querySelectorAll('form.auto-submit').forEach(function (form) {
    form.querySelectorAll('.js-hidden').forEach(function (el) { el.hidden = true; });
    form.addEventListener('change', function () { form.submit(); });
  });
})();
