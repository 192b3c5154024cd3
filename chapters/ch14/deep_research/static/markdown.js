// A small Markdown renderer for research reports: headings, paragraphs, lists,
// bold, italics, code, http(s) links, citations [n] linked to their reference,
// and reference lines "[n] [title](url)" given the id ref-n. Everything else is
// shown as text: the HTML is built from escaped pieces only.
"use strict";

const Markdown = (() => {
  function escape(text) {
    return text.replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  }

  function safeUrl(url) {
    return /^https?:\/\//i.test(url) ? url : null;
  }

  // One line's inline Markdown as HTML.
  function inline(text) {
    const pattern = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\[(\d{1,3})\]/g;
    let html = "";
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      html += escape(text.slice(last, match.index));
      const [whole, bold, italic, code, label, url, cite] = match;
      if (bold !== undefined) html += `<strong>${inline(bold)}</strong>`;
      else if (italic !== undefined) html += `<em>${inline(italic)}</em>`;
      else if (code !== undefined) html += `<code>${escape(code)}</code>`;
      else if (label !== undefined) {
        const safe = safeUrl(url);
        html += safe ? `<a href="${escape(safe)}" target="_blank" rel="noopener">${escape(label)}</a>` : escape(whole);
      } else html += `<a class="cite" href="#ref-${cite}">[${cite}]</a>`;
      last = match.index + whole.length;
    }
    return html + escape(text.slice(last));
  }

  function render(markdown) {
    const out = [];
    let paragraph = [];
    let list = null; // {tag, items}
    const flush = () => {
      if (paragraph.length) out.push(`<p>${inline(paragraph.join(" "))}</p>`);
      paragraph = [];
      if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join("")}</${list.tag}>`);
      list = null;
    };
    for (const raw of markdown.split("\n")) {
      const line = raw.trim();
      let m;
      if (!line) { flush(); continue; }
      if ((m = line.match(/^(#{1,6})\s+(.*)$/))) {
        flush();
        out.push(`<h${m[1].length}>${inline(m[2])}</h${m[1].length}>`);
      } else if ((m = line.match(/^\[(\d{1,3})\]\s+(.*)$/))) {
        flush();
        out.push(`<p class="ref" id="ref-${m[1]}"><span class="ref-number">[${m[1]}]</span> ${inline(m[2])}</p>`);
      } else if ((m = line.match(/^([-*+]|\d+[.)])\s+(.*)$/))) {
        const tag = /\d/.test(m[1]) ? "ol" : "ul";
        if (paragraph.length || (list && list.tag !== tag)) flush();
        if (!list) list = {tag, items: []};
        list.items.push(m[2]);
      } else if (line.startsWith(">")) {
        flush();
        out.push(`<blockquote>${inline(line.replace(/^>\s?/, ""))}</blockquote>`);
      } else {
        if (list) flush();
        paragraph.push(line);
      }
    }
    flush();
    return out.join("\n");
  }

  return {render, inline, escape};
})();
