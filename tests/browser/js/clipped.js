// Tables and figures of the article that the reader cannot see whole at the current viewport: a table wider
// than its box (the article's column, or the cell tagged full-width that holds it) must scroll inside it with its
// first column fixed (sticky) and a cue at the edge (`cue`: a gradient background, the shadow of what lies
// beyond, which its rows must not paint over: `hidden`); a figure must fit, or on a phone scroll sideways in its
// own box that fits (`scroller`) with a line under it that says so (`hint`, its figure's ::after). `fits` says
// which fit. Tables that touch, one above the other, are `touching`.
() => {
  const article = document.querySelector("article.bd-article") || document.querySelector("article")
    || document.body;
  const column = article.getBoundingClientRect();
  const name = (el) => {
    const text = (el.querySelector("th") || el).textContent.trim().split(/\s+/).slice(0, 4).join(" ");
    return el.tagName === "IMG" ? `figure "${el.getAttribute("alt").slice(0, 50)}"` : `table "${text}"`;
  };
  const tables = [];
  // A cell tagged full-width takes the page's margin too (the theme's): its table is judged against that cell,
  // which must itself stay inside the window.
  const view = document.documentElement.clientWidth;
  for (const table of article.querySelectorAll("table")) {
    const r = table.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const wide = table.closest("div.cell.tag_full-width");
    const own = wide ? wide.getBoundingClientRect() : column;
    let box = table.parentElement;
    for (let p = table.parentElement; p && p !== article; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox === "auto" || ox === "scroll") { box = p; break; }
    }
    const boxRect = box.getBoundingClientRect();
    const fits = table.scrollWidth <= Math.min(box.clientWidth, own.width) + 1;
    const first = table.querySelector("tr > :first-child");
    const sticky = first ? getComputedStyle(first).position === "sticky" : false;
    const scrolls = ["auto", "scroll"].includes(getComputedStyle(box).overflowX);
    const cue = getComputedStyle(box).backgroundImage.includes("gradient");
    // The shadow is the box's background: rows painted opaque over it at the box's right edge hide it (`hidden`).
    const opaque = (el) => {
      const c = getComputedStyle(el).backgroundColor.match(/[\d.]+/g);
      return c !== null && (c.length < 4 || parseFloat(c[3]) > 0.9);
    };
    const edge = boxRect.right - 4;
    const rows = [...table.querySelectorAll("tbody > tr")];
    const hidden = !fits && rows.length > 0 && rows.every((row) => {
      const cell = [...row.cells].find((c) => {
        const cr = c.getBoundingClientRect();
        return cr.left <= edge && edge <= cr.right;
      });
      return [cell, row, row.parentElement, table].some((el) => el && opaque(el));
    });
    // The line under a box that scrolls sideways, saying so (`hint`, the box's ::after).
    const below = getComputedStyle(box, "::after");
    const hint = below.display !== "none" && !["none", "normal"].includes(below.content) ? below.content : null;
    tables.push({name: name(table), fits, sticky, scrolls, cue, hidden, hint, width: Math.round(table.scrollWidth),
                 box: Math.round(box.clientWidth),
                 outside: boxRect.right > own.right + 1 || own.left < column.left - 1 || own.right > view + 1});
  }
  const figures = [];
  for (const img of article.querySelectorAll("figure img")) {
    const r = img.getBoundingClientRect();
    if (r.width === 0) continue;
    // Shown whole: drawn at the PNG's own proportions (nothing squeezed or cropped by a height limit or
    // object-fit), and no box around it that hides its overflow cuts any of it off.
    const proportions = img.naturalWidth > 0 && Math.abs(r.height / r.width
      - img.naturalHeight / img.naturalWidth) <= 0.01 * (img.naturalHeight / img.naturalWidth) + 1 / r.width;
    // A box inside the figure that scrolls sideways, fits the column and shows the image's whole height: the
    // image is cut by it only for as long as the reader does not scroll.
    const figure = img.closest("figure");
    let scroller = null;
    for (let p = img.parentElement; p && p !== figure; p = p.parentElement) {
      const style = getComputedStyle(p);
      const b = p.getBoundingClientRect();
      if (["auto", "scroll"].includes(style.overflowX) && b.left >= column.left - 1 && b.right <= column.right + 1
          && p.scrollHeight <= p.clientHeight + 1) { scroller = p; break; }
    }
    let cut = null;
    for (let p = img.parentElement; p && p !== document.body; p = p.parentElement) {
      if (p === scroller) continue;
      const style = getComputedStyle(p);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const b = p.getBoundingClientRect();
      const outer = p.contains(scroller) ? scroller.getBoundingClientRect() : r;
      if (outer.left < b.left - 1 || outer.right > b.right + 1 || outer.top < b.top - 1 || outer.bottom > b.bottom + 1) {
        cut = p.tagName.toLowerCase() + (p.className ? "." + String(p.className).split(/\s+/)[0] : "");
        break;
      }
    }
    const after = figure ? getComputedStyle(figure, "::after") : null;
    const hint = after && after.display !== "none" && after.visibility !== "hidden"
      && !["none", "normal"].includes(after.content) ? after.content : null;
    figures.push({name: name(img), width: Math.round(r.width), natural: img.naturalWidth,
                  fits: r.left >= column.left - 1 && r.right <= column.right + 1, proportions, cut,
                  scroller: scroller ? scroller.tagName.toLowerCase() : null, hint});
  }
  // Tables one above the other with less than half a line between them read as one table (`touching`).
  const boxes = [...article.querySelectorAll("table")].map((t) => [t, t.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && r.height > 0).sort((a, b) => a[1].top - b[1].top);
  const touching = [];
  for (let i = 1; i < boxes.length; i++) {
    const [above, a] = boxes[i - 1], [below, b] = boxes[i];
    if (b.top - a.bottom < 8 && b.top >= a.bottom - 1 && b.left < a.right && a.left < b.right)
      touching.push(`${name(above)} and ${name(below)}: ${Math.round(b.top - a.bottom)} px apart`);
  }
  // Code whose lines run past its box: the end of a comment or a call is hidden until the reader scrolls.
  const code = [...document.querySelectorAll(".bd-article div.highlight pre")]
    .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
    .map((pre) => `code "${pre.textContent.trim().split("\n")[0].slice(0, 50)}": ${pre.scrollWidth} px in ${pre.clientWidth}`);
  return {tables, figures, touching, code, column: Math.round(column.width)};
}
