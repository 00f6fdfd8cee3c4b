/* Star Table embed script for authors (docs/EMBED.md). One line on any page:
 *
 *   <div data-star-table data-game="jump_drive" data-lesson="jump-drive-explore"></div>
 *   <script src="https://YOUR-COPY-OF-THIS-SITE/embed.js" async></script>
 *
 * turns each such div into an iframe of embed.html that sizes itself to its content. The frame is created only when
 * the div nears the viewport; the frame first shows a light poster, and its rules engine starts only when the reader
 * starts the example (data-boot="view": when the example is in view, one at a time, at most two by themselves
 * per page). The div's data-*
 * attributes become the frame's parameters: game, pos, seat, open, mode, caption, theme, bots, lesson, lesson-url, lang,
 * line. window.StarTable.send(div, lesson) hands a lesson object to an example made with data-mode="lesson".
 *
 * Events (docs/EMBED.md): once window.StarTable exists, document gets "star-table:ready" (so a page that loads this
 * script async need not poll); each div gets "star-table:state" ({detail: {state, message}}) when its example
 * shows its poster, is ready, or fails.
 */
(function () {
  "use strict";
  if (window.StarTable) { window.StarTable.scan(); return; }
  var script = document.currentScript;
  var base = new URL(".", script && script.src ? script.src : location.href);
  var EMBED = new URL("embed.html", base);
  var PARAMS = ["game", "pos", "seat", "open", "mode", "caption", "theme", "bots", "lesson", "lesson-url", "line", "ply",
    "height", "lang"];
  // The frame's title until the example names itself, in the languages the site ships (the frame's own texts come
  // from its catalog; this script has none).
  var FRAME_TITLES = { en: "Star Table example", pl: "Przykład ze Star Table", cs: "Ukázka ze Star Table", ja: "Star Table の例" };

  /** The language of an example: its data-lang, else the host page's <html lang> (its primary subtag). */
  function languageOf(div) {
    var lang = div.dataset.lang || document.documentElement.lang || "";
    return lang.toLowerCase().split("-")[0];
  }

  /**
   * The frame's height, fixed from the start so the host page never shifts: 720 px at every width (the whole frame
   * fits on a phone's screen too; the table scrolls inside it and Confirm stays at its bottom). The snippets reserve
   * the same height before this script runs (style="min-height:720px"). data-height="N" (400-1200) picks another;
   * data-height="auto" asks for the old frame that grows to its content instead.
   */
  function frameHeight(div) {
    var wanted = div.dataset.height;
    if (wanted === "auto") return 0;
    var n = Number(wanted);
    return wanted && n >= 400 && n <= 1200 ? Math.round(n) : 720;
  }
  var frames = []; // {div, iframe, id, pending: [messages], loaded, state}
  var counter = 0;
  var bootQueue = [];
  var booting = null;
  var autoBooted = 0;
  var MAX_AUTO_BOOTS = 2; // examples that start by themselves (data-boot="view"); the reader may start any other

  function paramsOf(div, id) {
    var q = new URLSearchParams();
    PARAMS.forEach(function (name) {
      var key = name === "lesson-url" ? "lessonUrl" : name;
      var value = div.dataset[key];
      if (value !== undefined) q.set(name, value);
    });
    if (!q.has("lang") && languageOf(div)) q.set("lang", languageOf(div));
    q.set("id", id);
    q.set("origin", location.origin);
    return q;
  }

  function makeFrame(entry) {
    if (entry.iframe) return;
    var div = entry.div;
    var iframe = document.createElement("iframe");
    iframe.src = EMBED.href + "?" + paramsOf(div, entry.id).toString();
    iframe.title = div.dataset.caption || div.dataset.title || FRAME_TITLES[languageOf(div)] || FRAME_TITLES.en;
    iframe.setAttribute("loading", "eager");
    iframe.setAttribute("referrerpolicy", "strict-origin-when-cross-origin");
    iframe.style.width = "100%";
    iframe.style.border = "0";
    iframe.style.display = "block";
    iframe.style.height = (entry.height || (div.offsetHeight > 40 ? div.offsetHeight : 240)) + "px";
    iframe.style.colorScheme = "normal";
    iframe.addEventListener("load", function () {
      entry.loaded = true;
      entry.pending.splice(0).forEach(function (m) { post(entry, m); });
    });
    entry.iframe = iframe;
    div.replaceChildren(iframe);
    div.style.minHeight = "";
  }

  function post(entry, message) {
    if (!entry.iframe || !entry.loaded) { entry.pending.push(message); return; }
    entry.iframe.contentWindow.postMessage(message, EMBED.origin);
  }

  function placeholder(div, height) {
    // Reserved space (the frame's own height) and the author's own caption, until the frame is created.
    div.style.minHeight = (height || 240) + "px";
    div.style.boxSizing = "border-box"; // the border inside the reserved height: no shift when the frame replaces it
    div.style.border = "1px solid #34416e";
    div.style.borderRadius = "10px";
    div.style.background = "#18213f";
    div.style.color = "#e8ecf8";
    div.style.display = "flex";
    div.style.alignItems = "center";
    div.style.justifyContent = "center";
    div.style.textAlign = "center";
    div.style.padding = "0";
    var cap = document.createElement("p");
    cap.textContent = div.dataset.caption || "";
    cap.style.margin = "1em";
    div.replaceChildren(cap);
  }

  function frameStyleReset(div) {
    div.style.border = "";
    div.style.background = "";
    div.style.display = "";
    div.style.padding = "";
  }

  var near = "IntersectionObserver" in window ? new IntersectionObserver(function (items) {
    items.forEach(function (item) {
      if (!item.isIntersecting) return;
      near.unobserve(item.target);
      var entry = find(item.target);
      if (entry) { frameStyleReset(entry.div); makeFrame(entry); }
    });
  }, { rootMargin: "600px 0px" }) : null;

  var inView = "IntersectionObserver" in window ? new IntersectionObserver(function (items) {
    items.forEach(function (item) {
      if (!item.isIntersecting) return;
      inView.unobserve(item.target);
      var entry = find(item.target);
      if (entry && bootQueue.indexOf(entry) < 0) { bootQueue.push(entry); nextBoot(); }
    });
  }, { threshold: 0.6 }) : null;

  function nextBoot() {
    if (booting || !bootQueue.length || autoBooted >= MAX_AUTO_BOOTS) return;
    booting = bootQueue.shift();
    if (booting.state === "ready" || booting.state === "error") { booting = null; nextBoot(); return; }
    autoBooted += 1;
    post(booting, { type: "star-table:boot" });
  }

  function find(el) {
    for (var i = 0; i < frames.length; i++) if (frames[i].div === el || frames[i].iframe === el) return frames[i];
    return null;
  }

  window.addEventListener("message", function (ev) {
    if (ev.origin !== EMBED.origin || !ev.data || ev.data.source !== "star-table") return;
    var entry = null;
    for (var i = 0; i < frames.length; i++) if (frames[i].iframe && frames[i].iframe.contentWindow === ev.source) entry = frames[i];
    if (!entry) return;
    if (ev.data.type === "star-table:height" && typeof ev.data.height === "number" && ev.data.height > 0 && !entry.height) {
      entry.iframe.style.height = Math.min(Math.ceil(ev.data.height), 20000) + "px";
    } else if (ev.data.type === "star-table:state") {
      entry.state = ev.data.state;
      entry.div.dataset.state = ev.data.state;
      entry.div.dispatchEvent(new CustomEvent("star-table:state", {
        bubbles: true, detail: { state: ev.data.state, message: String(ev.data.message || "") },
      }));
      if (booting === entry && (ev.data.state === "ready" || ev.data.state === "error")) { booting = null; nextBoot(); }
    }
  });

  function scan() {
    var divs = document.querySelectorAll("[data-star-table]");
    Array.prototype.forEach.call(divs, function (div) {
      if (find(div)) return;
      counter += 1;
      var entry = { div: div, iframe: null, id: "st" + counter, pending: [], loaded: false, state: null, height: frameHeight(div) };
      frames.push(entry);
      placeholder(div, entry.height);
      if (near) near.observe(div); else { frameStyleReset(div); makeFrame(entry); }
      if (div.dataset.boot === "view" && inView) inView.observe(div);
    });
  }

  window.StarTable = {
    scan: scan,
    /** Send a lesson object to the example in `div` (made with data-mode="lesson" and no data-lesson). */
    send: function (div, lesson) {
      var entry = find(div);
      if (!entry && div && div.matches && div.matches("[data-star-table]")) { scan(); entry = find(div); } // sent early
      if (!entry) return false;
      post(entry, { type: "star-table:lesson", lesson: lesson });
      return true;
    },
  };
  // Ready once the page's divs are known, so a listener's StarTable.send finds its div.
  function ready() {
    scan();
    document.dispatchEvent(new CustomEvent("star-table:ready", { detail: { version: 1 } }));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready); else ready();
})();
