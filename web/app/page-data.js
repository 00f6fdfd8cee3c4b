// Data the page carries inline: build.py writes the home screen's message catalog and the games' infos into the app
// page as <script type="application/json" id="..."> blocks, so the home screen draws without waiting for two more
// requests. Modules ask here first and fetch the file where the page has no such block (the embed page).

/** The JSON of the page's inline data block with this id, or null when the page has none (or it does not parse). */
export function pageData(id) {
  const block = document.getElementById(id);
  if (!block || block.type !== "application/json") return null;
  try {
    return JSON.parse(block.textContent ?? "");
  } catch {
    return null;
  }
}
