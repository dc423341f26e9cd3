// What the browser tests read from a loaded page: its colour mode and background, each image as
// displayed, and the article's prose (for the site-search test).
() => {
  const article = document.querySelector(".bd-article");
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (!el.checkVisibility || el.checkVisibility({visibilityProperty: true}));
  };
  const images = Array.from(document.images).map((img) => ({
    src: img.currentSrc || img.src,
    raw_src: img.getAttribute("src"),
    complete: img.complete,
    natural_width: img.naturalWidth,
    figure: (img.closest("figure[id]") || {}).id || null,
    chart: !!(article && article.contains(img)) && visible(img),
  }));
  const text = [];
  if (article) {
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (node.parentElement.closest("pre, code, script, style, .math, .headerlink, .cell_input")) continue;
      text.push(node.textContent);
    }
  }
  const bg = (el) => getComputedStyle(el).backgroundColor;
  return {
    theme: document.documentElement.dataset.theme || null,
    title: document.title,
    images,
    text: text.join(" "),
    backgrounds: [bg(document.body), bg(document.documentElement)],
  };
}
