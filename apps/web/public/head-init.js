// What must happen before any module runs (a file: the CSP allows no inline script). The build serves it
// in one file with the preload script (vite.config.ts, preloadSignedIn).

// Zod probes `new Function` to compile fast parsers when a schema is built; the CSP forbids eval, so the
// probe fails anyway and the browser reports a violation. Set here because the build's chunks may build
// schemas before any line of the entry module runs.
(globalThis.__zod_globalConfig = globalThis.__zod_globalConfig || {}).jitless = true;

// The saved theme, before the first paint.
(function () {
  try {
    var admin = /^\/admin(\/|$)/.test(location.pathname);
    var pref =
      localStorage.getItem(admin ? 'admin-ui-theme' : 'vite-ui-theme') || (admin ? 'light' : 'system');
    var dark = pref === 'dark' || (pref === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    /* storage unavailable: keep the light default */
  }
})();
