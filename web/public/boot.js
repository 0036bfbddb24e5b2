// Issue #33: a status line at once, in the URL's language, until the app renders over it (the texts
// are shared/i18n/core.ts's LOADING_TEXT: test/unit/shared/i18n.test.ts keeps them equal). A classic
// script of its own: the Content-Security-Policy allows no inline script.
(function () {
  var texts = { en: 'Loading…', jp: '読み込み中…', ko: '불러오는 중…' };
  var prefix = /^\/(en|jp|ko)(\/|$)/.exec(location.pathname);
  var browser = (navigator.language || '').slice(0, 2);
  var lang = prefix ? prefix[1] : browser === 'ja' ? 'jp' : browser === 'ko' ? 'ko' : 'en';
  var root = document.getElementById('root');
  var line = document.createElement('p');
  line.className = 'page-loading';
  line.setAttribute('role', 'status');
  line.setAttribute('data-testid', 'boot-loading');
  line.textContent = texts[lang];
  document.documentElement.lang = lang === 'jp' ? 'ja' : lang;
  if (root && !root.firstChild) root.appendChild(line);
})();
