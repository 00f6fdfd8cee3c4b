// What every game table does first: find the decision on screen and keep the table's own choices for it (cards picked,
// panels opened) in session.ui, made anew when the decision changes. Written once for all tables.
//
//   wide()                      whether the page is wide enough to open side panels by default (a desktop layout)
//   decisionKey(snap)           the key of the decision on screen ("none" when there is none)
//   tableUi(session, keep)      session.ui for this decision; a new decision starts it afresh, keeping each field
//                               named in `keep` (or its default, keep[name](), the first time)

/** Whether the page is wide enough to open side panels by default (a desktop layout). */
export const wide = () => typeof window === "undefined" || window.matchMedia("(min-width: 760px)").matches;

/** The key of the decision on screen: the viewer, the decision's kind and size, and the log's length. */
export function decisionKey(snap) {
  const d = snap.decision;
  return d ? `${snap.viewer}|${d.kind}|${snap.log_length}|${(d.actions || []).length}` : "none";
}

/** session.ui for the decision on screen: afresh when the decision changed, keeping the fields `keep` names. */
export function tableUi(session, keep = {}) {
  const key = decisionKey(session.snapshot);
  if (session.ui.key !== key) {
    const next = { key };
    for (const [name, fallback] of Object.entries(keep)) next[name] = session.ui[name] ?? fallback();
    session.ui = next;
  }
  return session.ui;
}
