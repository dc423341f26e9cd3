// True once the theme has switched the page to dark mode.
() => document.documentElement.dataset.theme === "dark"
