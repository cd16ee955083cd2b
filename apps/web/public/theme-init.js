// Applies the saved theme before the first paint (a file: the CSP allows no inline script). The build
// serves it in one file with the preload script (vite.config.ts, preloadSignedIn).
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
