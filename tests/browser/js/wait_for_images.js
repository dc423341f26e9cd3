// Waits for every <img> (lazy ones are made eager, each at most 10 s) and for the fonts; returns nothing.
async () => {
  await Promise.all(Array.from(document.images).map((img) => {
    if (img.complete) return null;
    img.loading = "eager";
    return new Promise((done) => {
      img.addEventListener("load", done, {once: true});
      img.addEventListener("error", done, {once: true});
      setTimeout(done, 10000);
    });
  }));
  if (document.fonts) await document.fonts.ready;
}
