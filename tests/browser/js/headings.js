// Headings taller than their words: a line left empty under them (the hidden "#" link of a heading wrapped onto a
// line of its own, its words ending higher than the heading's box by more than half a line).
() => {
  const found = [];
  for (const heading of document.querySelectorAll("article :is(h1, h2, h3, h4, h5, h6)")) {
    const box = heading.getBoundingClientRect();
    if (box.height === 0) continue;
    const range = document.createRange();
    range.selectNodeContents(heading);
    const link = heading.querySelector(":scope > a.headerlink");
    if (link) range.setEndBefore(link);
    const words = range.getBoundingClientRect();
    const style = getComputedStyle(heading);
    const bottom = box.bottom - parseFloat(style.paddingBottom) - parseFloat(style.borderBottomWidth);
    const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
    if (words.height > 0 && bottom - words.bottom > line / 2)
      found.push(`${heading.tagName.toLowerCase()} "${heading.textContent.replace(/#$/, "").trim().slice(0, 60)}" `
        + `is ${Math.round(bottom - words.bottom)} px taller than its words`);
  }
  return found;
}
