// The learn pages' snippets name this very site: the placeholder in each code block becomes the address the page
// was served from (its root, where embed.js is), so an author copies a snippet that works as it is.
(function () {
  "use strict";
  var PLACEHOLDER = "https://YOUR-COPY-OF-THIS-SITE";
  var root = new URL("..", location.href).href.replace(/\/$/, "");
  if (!/^https?:/.test(root)) return; // opened as a file: keep the placeholder
  var blocks = document.querySelectorAll("pre code, code.site-url");
  Array.prototype.forEach.call(blocks, function (code) {
    if (code.textContent.indexOf(PLACEHOLDER) >= 0) code.textContent = code.textContent.split(PLACEHOLDER).join(root);
  });
})();
