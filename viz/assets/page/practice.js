// The practice page's one behaviour: an answer button tells right from wrong, and after
// a wrong one shows the position after the best move and marks the best moves. Focus
// stays on the button chosen (Tab goes on to the next puzzle); the verdict is spoken.
"use strict";
for (const puzzle of document.querySelectorAll(".puzzle")) {
  const verdict = puzzle.querySelector(".verdict");
  const buttons = [...puzzle.querySelectorAll(".answers button")];
  const answer = (chosen) => {
    if (puzzle.dataset.answered) return;
    puzzle.dataset.answered = "true";
    const right = chosen.dataset.right === "true";
    for (const button of buttons) {
      button.setAttribute("aria-disabled", "true");
      if (button.dataset.right === "true" && !right) {
        button.classList.add("best");
        button.append(" ✓ best");
      }
    }
    chosen.classList.add("yours");
    chosen.append(right ? " ✓ right" : " ✗ yours");
    verdict.textContent = right ? verdict.dataset.right : verdict.dataset.wrong;
    if (!right) {
      const after = puzzle.querySelector(".after");
      after.hidden = false;
      requestAnimationFrame(() => requestAnimationFrame(() => after.classList.add("shown")));
    }
  };
  for (const button of buttons) {
    button.addEventListener("click", () => answer(button));
  }
}
