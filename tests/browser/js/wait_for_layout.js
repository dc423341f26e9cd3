// Waits until the page's size has stayed the same for 5 animation frames (at most 3 s): scripts
// and transitions that move things after "load" (the theme's header, say) have finished.
async () => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const size = () => `${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}`;
  const deadline = performance.now() + 3000;
  let last = size(), steady = 0;
  while (steady < 5 && performance.now() < deadline) {
    await frame();
    const now = size();
    steady = now === last ? steady + 1 : 0;
    last = now;
  }
}
