// Marks each box that scrolls a table sideways and is narrower than it (a prose table's container, or the cell
// output around a chapter's table), so that the stylesheet can say under it, on a phone, that the rest of the
// table lies sideways: CSS alone cannot tell whether a box overflows. Each such box also takes the keyboard's focus.
(() => {
  const box = (table) => {
    for (let p = table.parentElement; p && !p.matches("article"); p = p.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(p).overflowX)) return p;
    }
    return null;
  };
  const mark = () => {
    for (const table of document.querySelectorAll(".bd-article table")) {
      const scroller = box(table);
      if (!scroller) continue;
      scroller.classList.toggle("mpsarticle-overflows", table.scrollWidth > scroller.clientWidth + 1);
      // A box that scrolls must take the keyboard's focus to be scrolled without a mouse; the theme gives a cell's
      // output that, but not a table glued inside a note.
      if (!scroller.hasAttribute("tabindex")) scroller.setAttribute("tabindex", "0");
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mark);
  } else {
    mark();
  }
  window.addEventListener("resize", mark);
})();
