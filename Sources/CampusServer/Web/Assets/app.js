// campus-lookup's web app: what script adds to pages that work without it.
// Search as you type, copy buttons, and choices that pick their radio button. No inline script: the page's CSP allows this file only.
(function () {
  'use strict';

  // <input data-live-search="#results">: after a pause in typing, the results under the box.
  document.querySelectorAll('input[data-live-search]').forEach(function (input) {
    var target = document.querySelector(input.getAttribute('data-live-search'));
    if (!target || !window.fetch) { return; }
    var timer = null;
    var last = input.value.trim();
    var controller = null;
    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var query = input.value.trim();
        if (query === last) { return; }
        last = query;
        if (controller) { controller.abort(); }
        controller = new AbortController();
        fetch('/search?partial=1&q=' + encodeURIComponent(query), {
          credentials: 'same-origin', signal: controller.signal, headers: { 'Accept': 'text/html' }
        }).then(function (response) {
          if (response.redirected) { window.location.assign(response.url); return null; }
          return response.ok ? response.text() : null;
        }).then(function (html) {
          if (html === null) { return; }
          target.innerHTML = html;
          history.replaceState(null, '', '/search' + (query ? '?q=' + encodeURIComponent(query) : ''));
          document.title = (query ? 'Search: ' + query : 'Search') + ' · campus';
          // A screen reader hears how many matched, not the whole list each time.
          var status = document.getElementById('search-status');
          var summary = target.querySelector('.summary');
          if (status) { status.textContent = summary ? summary.textContent : (query ? 'Nothing matches.' : ''); }
        }).catch(function () { /* a newer search replaced this one, or the network failed: keep the page as it is */ });
      }, 200);
    });
  });

  // <button data-copy="#field" hidden>: shown where the clipboard can be written; copies the field.
  document.querySelectorAll('button[data-copy]').forEach(function (button) {
    var field = document.querySelector(button.getAttribute('data-copy'));
    if (!field || !navigator.clipboard) { return; }
    button.hidden = false;
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(field.value).then(function () {
        button.textContent = 'Copied';
      }, function () {
        field.select();
      });
    });
  });

  // <select data-picks="#radio">: choosing in it ticks that radio button (a day and time ticks "At").
  document.querySelectorAll('[data-picks]').forEach(function (field) {
    var radio = document.querySelector(field.getAttribute('data-picks'));
    if (!radio) { return; }
    ['change', 'input'].forEach(function (type) {
      field.addEventListener(type, function () { radio.checked = true; });
    });
  });

  // <form data-auto-submit>: a message for the campus's sign-in service, posted on arrival.
  document.querySelectorAll('form[data-auto-submit]').forEach(function (form) { form.submit(); });
}());
