// True once Sphinx's searchtools.js has set up its results and stopped its progress dots.
() => typeof Search !== "undefined" && !!Search.title && Search._pulse_status === -1
