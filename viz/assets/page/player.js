"use strict";
(() => {
  const data = JSON.parse(document.getElementById("data").textContent);
  const root = document.documentElement;
  const svg = document.querySelector("#picture svg");
  const last = data.status.length - 1;
  const $ = (id) => document.getElementById(id);
  const status = $("status"), scrub = $("scrub"), label = $("scrub-label"), list = $("moves");
  let turn = 0, speed = data.speeds.indexOf(4), timer = null;

  data.moves.forEach((words, k) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = words;
    button.setAttribute("aria-label", `Turn ${data.first + k}: ${words}`);
    button.addEventListener("click", () => { pause(); show(k); });
    item.value = data.first + k;
    item.appendChild(button);
    list.appendChild(item);
  });

  function show(k) {
    turn = Math.max(0, Math.min(last, k));
    svg.pauseAnimations();
    svg.setCurrentTime((turn + 0.5) * data.frameMs / 1000);
    root.dataset.turn = String(data.first + turn);
    scrub.value = String(turn);
    label.textContent = `Turn ${data.first + turn} of ${data.first + last}`;
    status.textContent = `Turn ${data.first + turn} of ${data.first + last}: ${data.moves[turn]}. ${data.status[turn]}`;
    list.querySelectorAll("[aria-current]").forEach((item) => item.removeAttribute("aria-current"));
    const current = list.children[turn];
    current.setAttribute("aria-current", "step");
    current.scrollIntoView({block: "nearest"});
  }

  function play() {
    if (turn === last) show(0);
    $("play").textContent = "Pause (Space)";
    timer = setInterval(() => (turn < last ? show(turn + 1) : pause()), 1000 / data.speeds[speed]);
  }

  function pause() {
    clearInterval(timer);
    timer = null;
    $("play").textContent = "Play (Space)";
  }

  function setSpeed(index) {
    speed = Math.max(0, Math.min(data.speeds.length - 1, index));
    $("speed").textContent = `${data.speeds[speed]} turns a second`;
    if (timer) { pause(); play(); }
  }

  const actions = {
    start: () => { pause(); show(0); },
    back: () => { pause(); show(turn - 1); },
    play: () => (timer ? pause() : play()),
    step: () => { pause(); show(turn + 1); },
    end: () => { pause(); show(last); },
    slower: () => setSpeed(speed - 1),
    faster: () => setSpeed(speed + 1),
    board: () => { status.textContent = data.board[turn]; },
  };
  Object.entries(actions).forEach(([id, act]) => $(id) && $(id).addEventListener("click", act));
  scrub.addEventListener("input", () => { pause(); show(Number(scrub.value)); });

  const keys = {" ": "play", ArrowRight: "step", ArrowLeft: "back", Home: "start", End: "end",
                "-": "slower", "+": "faster", "=": "faster", b: "board"};
  document.addEventListener("keydown", (event) => {
    const action = keys[event.key];
    const onControl = event.target.closest("button, input");
    if (!action || event.ctrlKey || event.metaKey || event.altKey || !actions[action]) return;
    if (action === "board" && !data.board) return;
    if (onControl && (event.key === " " || (event.target === scrub && event.key.startsWith("Arrow")))) return;
    event.preventDefault();
    actions[action]();
  });

  setSpeed(speed);
  show(0);
})();
