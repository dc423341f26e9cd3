// Horizontal overflow at the current viewport: the page's, and each visible img/table's.
() => {
  const root = document.documentElement;
  const width = Math.min(window.innerWidth, root.clientWidth);
  // Scroll containers of the page layout do not count as an element's own container.
  const layout = ".bd-article-container, .bd-article, .bd-content, .bd-main, .bd-page-width, "
    + ".bd-container, .bd-container__inner, main, body, html";
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    if (el.tagName === "IMG") s += `[src="${el.getAttribute("src")}"]`;
    else if (typeof el.className === "string" && el.className.trim())
      s += "." + el.className.trim().split(/\s+/).join(".");
    return s;
  };
  const wide = [];
  for (const el of document.querySelectorAll("img, table")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) continue;
    let scroller = null;
    for (let p = el.parentElement; p && !p.matches(layout); p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox === "auto" || ox === "scroll") { scroller = p; break; }
    }
    const box = (scroller || el).getBoundingClientRect();
    if (box.right > width + 1 || box.left < -1)
      wide.push(`${name(el)}${scroller ? " (its scroll container " + name(scroller) + ")" : ""} `
        + `spans x=${Math.round(box.left)}..${Math.round(box.right)} in a ${width}px viewport`);
  }
  // When the page is wider than the viewport: the elements that stick out of their parent
  // (not clipped or scrolled by a container that fits), named for the failure message.
  const culprits = [];
  if (root.scrollWidth > width + 1) {
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1) continue;
      if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) continue;
      if (getComputedStyle(el).position === "fixed") continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 1) continue;
      let contained = false;
      for (let p = parent; p && p !== document.body && p !== root; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== "visible" && p.getBoundingClientRect().right <= width + 1) {
          contained = true; break;
        }
      if (!contained)
        culprits.push(`${name(el)} "${(el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 60)}" reaches x=${Math.round(r.right)}`);
      if (culprits.length >= 5) break;
    }
  }
  return {inner_width: window.innerWidth, client_width: root.clientWidth,
          scroll_width: root.scrollWidth, wide, culprits};
}
