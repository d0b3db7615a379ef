// The rules card: the Rules button, ? or F1 open it as a modal dialog (Escape, the Close
// button, ? or F1 again close it, and the focus goes back where it was). While it is open
// the page's own keys are kept from acting on what lies behind it.
(() => {
  const card = document.getElementById("rules-card");
  const opener = document.getElementById("rules-open");
  if (!card || !opener) return;
  const close = () => { if (card.open) card.close(); };
  const open = () => { if (!card.open) card.showModal(); };
  opener.addEventListener("click", open);
  document.getElementById("rules-close").addEventListener("click", close);
  card.addEventListener("close", () => opener.focus());
  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof Element && event.target.closest("input, textarea");
    if ((event.key === "?" || event.key === "F1") && !typing && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (card.open) close(); else open();
    } else if (card.open) {
      event.stopImmediatePropagation();
    }
  }, true);
})();
