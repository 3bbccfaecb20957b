// The review page's script, inlined into review.html (its sha256 is the only script the page's CSP allows).
// Plain ES5-style browser JavaScript: renders the notes from the embedded JSON, filters, keyboard navigation, marks.
export const PAGE_SCRIPT = String.raw`"use strict";
(function () {
  var data = JSON.parse(document.getElementById("review-data").textContent);
  var FORMAT = data.format;
  var marks = { wrong: {}, missed: [] };
  var labelOn = {};
  var detectorOn = {};
  data.labels.forEach(function (l) { labelOn[l] = true; });
  data.detectors.forEach(function (d) { detectorOn[d] = true; });
  var current = -1;

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { e.appendChild(c); });
    return e;
  }

  // Code point offset of a UTF-16 index in a text (marks are written in code points, like every file on disk).
  function cp(text, i) { return Array.from(text.slice(0, i)).length; }

  function spanKey(n, s) { return n + ":" + s; }

  function active(span) {
    if (!labelOn[span.label]) return false;
    return span.detectors.length === 0 || span.detectors.some(function (d) { return detectorOn[d]; });
  }

  function renderNote(n) {
    var note = data.notes[n];
    var pre = document.getElementById("text-" + n);
    pre.textContent = "";
    var cuts = [];
    note.spans.forEach(function (s, k) { cuts.push({ start: s.start, end: s.end, kind: "span", k: k }); });
    marks.missed.forEach(function (m, k) { if (m.note === n) cuts.push({ start: m.start, end: m.end, kind: "missed", k: k }); });
    cuts.sort(function (a, b) { return a.start - b.start || b.end - a.end; });
    var at = 0;
    function text(from, to) {
      if (to > from) pre.appendChild(el("span", { "class": "t", "data-o": String(from), text: note.text.slice(from, to) }));
    }
    cuts.forEach(function (c) {
      if (c.start < at) return; // overlaps an earlier highlight: listed, not drawn twice
      text(at, c.start);
      if (c.kind === "span") {
        var s = note.spans[c.k];
        var key = spanKey(n, c.k);
        var info = s.label + " · " + (s.detectors.join(", ") || "no detector") + (s.score === null ? "" : " · score " + s.score) + " → " + s.replacement;
        var m = el("mark", {
          "class": "span" + (active(s) ? "" : " off") + (marks.wrong[key] ? " wrong" : ""),
          "data-note": String(n), "data-span": String(c.k), "data-label": s.label, "data-detectors": s.detectors.join(" "),
          tabindex: "-1", title: info,
        }, [el("span", { "class": "t", "data-o": String(s.start), text: note.text.slice(s.start, s.end) })]);
        m.appendChild(el("span", { "class": "meta", "aria-hidden": "true", text: s.label + " · " + (s.detectors.join(",") || "-") + (s.score === null ? "" : " · " + s.score) + " → " + s.replacement }));
        m.addEventListener("click", function () { focusSpan(n, c.k); });
        pre.appendChild(m);
      } else {
        var mm = marks.missed[c.k];
        pre.appendChild(el("mark", { "class": "missed", "data-missed": String(c.k), title: "missed: " + mm.label }, [el("span", { "class": "t", "data-o": String(mm.start), text: note.text.slice(mm.start, mm.end) })]));
      }
      at = c.end;
    });
    text(at, note.text.length);
    var list = document.getElementById("missed-" + n);
    list.textContent = "";
    marks.missed.forEach(function (m, k) {
      if (m.note !== n) return;
      var b = el("button", { type: "button", "class": "remove-missed", text: "remove" });
      b.addEventListener("click", function () { marks.missed.splice(k, 1); renderAll(); });
      list.appendChild(el("li", {}, [document.createTextNode("missed " + m.label + " at " + cp(note.text, m.start) + "–" + cp(note.text, m.end) + " "), b]));
    });
  }

  function renderAll() {
    data.notes.forEach(function (_, n) { renderNote(n); });
    updateExport();
    if (current >= 0) highlightCurrent();
  }

  function order() {
    var out = [];
    data.notes.forEach(function (note, n) { note.spans.forEach(function (s, k) { if (active(s)) out.push([n, k]); }); });
    return out;
  }

  function highlightCurrent() {
    document.querySelectorAll("mark.current").forEach(function (m) { m.classList.remove("current"); });
    var o = order()[current];
    if (!o) return;
    var m = document.querySelector('mark.span[data-note="' + o[0] + '"][data-span="' + o[1] + '"]');
    if (m) { m.classList.add("current"); m.focus(); m.scrollIntoView({ block: "center" }); }
    var s = data.notes[o[0]].spans[o[1]];
    document.getElementById("status").textContent = "note " + (o[0] + 1) + "/" + data.notes.length + ", span " + (current + 1) + "/" + order().length + ": " + s.label + " (" + (s.detectors.join(", ") || "no detector") + ")" + (marks.wrong[spanKey(o[0], o[1])] ? " — marked wrong" : "");
  }

  function focusSpan(n, k) {
    var o = order();
    for (var i = 0; i < o.length; i++) if (o[i][0] === n && o[i][1] === k) { current = i; highlightCurrent(); return; }
  }

  function move(step) {
    var o = order();
    if (o.length === 0) return;
    current = current < 0 ? (step > 0 ? 0 : o.length - 1) : Math.min(o.length - 1, Math.max(0, current + step));
    highlightCurrent();
  }

  function moveNote(step) {
    var o = order();
    var n = current >= 0 && o[current] ? o[current][0] : -1;
    for (var i = 0; i < o.length; i++) {
      var j = step > 0 ? i : o.length - 1 - i;
      if ((step > 0 && o[j][0] > n) || (step < 0 && n >= 0 && o[j][0] < n && (j === 0 || o[j - 1][0] !== o[j][0]))) { current = j; highlightCurrent(); return; }
    }
  }

  function toggleWrong() {
    var o = order()[current];
    if (!o) return;
    var key = spanKey(o[0], o[1]);
    if (marks.wrong[key]) delete marks.wrong[key]; else marks.wrong[key] = true;
    renderAll();
  }

  // The selection as UTF-16 offsets into one note's text (replacement badges and other notes do not count).
  function selectionOffsets() {
    var sel = window.getSelection();
    if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
    var r = sel.getRangeAt(0);
    function point(node, offset) {
      var t = node.nodeType === 3 ? node.parentElement : node;
      if (!t || !t.classList || !t.classList.contains("t")) return null;
      var pre = t.closest("pre.note-text");
      return { note: Number(pre.getAttribute("data-note")), at: Number(t.getAttribute("data-o")) + (node.nodeType === 3 ? offset : 0) };
    }
    var a = point(r.startContainer, r.startOffset);
    var b = point(r.endContainer, r.endOffset);
    if (!a || !b || a.note !== b.note || b.at <= a.at) return null;
    return { note: a.note, start: a.at, end: b.at };
  }

  function markMissed() {
    var s = selectionOffsets();
    var label = document.getElementById("missed-label").value;
    if (!s) { document.getElementById("status").textContent = "select the missed text in one note first"; return; }
    marks.missed.push({ note: s.note, start: s.start, end: s.end, label: label });
    window.getSelection().removeAllRanges();
    renderAll();
  }

  function marksJsonl() {
    var lines = [];
    data.notes.forEach(function (note, n) {
      lines.push({ format: FORMAT, kind: "reviewed", document_id: note.document_id });
      note.spans.forEach(function (s, k) {
        if (marks.wrong[spanKey(n, k)]) lines.push({ format: FORMAT, kind: "wrong", document_id: note.document_id, begin: cp(note.text, s.start), end: cp(note.text, s.end), label: s.label });
      });
      marks.missed.forEach(function (m) {
        if (m.note === n) lines.push({ format: FORMAT, kind: "missed", document_id: note.document_id, begin: cp(note.text, m.start), end: cp(note.text, m.end), label: m.label });
      });
    });
    return lines.map(function (l) { return JSON.stringify(l); }).join("\n") + "\n";
  }

  function updateExport() {
    document.getElementById("marks-jsonl").value = marksJsonl();
    var wrong = Object.keys(marks.wrong).length;
    document.getElementById("mark-counts").textContent = wrong + " wrong, " + marks.missed.length + " missed";
  }

  function exportMarks() {
    var blob = new Blob([marksJsonl()], { type: "application/x-ndjson" });
    var a = el("a", { href: URL.createObjectURL(blob), download: "review-marks.jsonl" });
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  function filters(kind, names, state) {
    var box = document.getElementById(kind + "-filters");
    names.forEach(function (name) {
      var c = el("input", { type: "checkbox", "data-filter": kind, value: name });
      c.checked = true;
      c.addEventListener("change", function () { state[name] = c.checked; current = -1; renderAll(); });
      box.appendChild(el("label", {}, [c, document.createTextNode(" " + name)]));
    });
  }

  filters("label", data.labels, labelOn);
  filters("detector", data.detectors, detectorOn);
  var select = document.getElementById("missed-label");
  data.allLabels.forEach(function (l) { select.appendChild(el("option", { value: l, text: l })); });
  document.getElementById("export").addEventListener("click", exportMarks);
  document.getElementById("mark-missed").addEventListener("click", markMissed);
  document.getElementById("mark-wrong").addEventListener("click", toggleWrong);
  document.addEventListener("keydown", function (e) {
    var t = e.target;
    // Keys go to the page except while typing or choosing (a checkbox filter keeps them working).
    if (t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "checkbox"))) return;
    var k = e.key;
    if (k === "j" || k === "ArrowDown") move(1);
    else if (k === "k" || k === "ArrowUp") move(-1);
    else if (k === "n") moveNote(1);
    else if (k === "p") moveNote(-1);
    else if (k === "w") toggleWrong();
    else if (k === "m") markMissed();
    else if (k === "e") exportMarks();
    else return;
    e.preventDefault();
  });
  renderAll();
})();
`;
