// An init script: pydata-sphinx-theme reads the colour mode from localStorage before it paints, so
// it is set there to the scheme the browser context emulates (light or dark).
try {
  const mode = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  localStorage.setItem("mode", mode);
  localStorage.setItem("theme", mode);
} catch (e) {
  // localStorage can be unavailable; the theme then follows prefers-color-scheme itself.
}
