"use strict";
(() => {
  // Every element of the page has an id starting "replay-"; the SVG's never do.
  const $ = (name) => document.getElementById(`replay-${name}`);
  const data = JSON.parse($("data").textContent);
  // The words come as phrases, each carried once: a turn's move is the number of one, its
  // status line the numbers of those it joins.
  const phrase = (k) => data.phrases[k];
  // What the live region says after a turn's move: its status without the move's own
  // words, which the status repeats ("Red picked 4 · Green to move" says "Green to move").
  data.spoken = data.status.map((line, k) => line.filter((n) => n !== data.moves[k]).map(phrase).join(" · "));
  data.moves = data.moves.map(phrase);
  data.status = data.status.map((line) => line.map(phrase).join(" · "));
  const root = document.documentElement;
  const svg = $("picture").querySelector("svg");
  const box = $("board-box");
  const status = $("status"), scrub = $("scrub"), label = $("scrub-label"), list = $("moves");
  const first = data.first, last = data.status.length - 1;
  // While playing, the live region speaks at most this often.
  const QUIET_MS = 500;
  let turn = 0, speed = data.speeds.indexOf(4), timer = null, spokenAt = -Infinity, pending = null;
  // A recording with times plays in real time too: each turn shown as long as it took when
  // it was played (long pauses cut when exported), at a multiple of that pace.
  const REAL_SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
  let real = data.realTime === true, realSpeed = REAL_SPEEDS.indexOf(1);

  // An analysed game's page adds the chance chart, set up where its code goes below.
  let chart = null;

  // The move list is one tab stop: the shown turn's button is the one with tabindex 0.
  const moves = data.moves.map((words, k) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.tabIndex = -1;
    button.textContent = words;
    button.setAttribute("aria-label", `Turn ${first + k}: ${words}`);
    item.value = first + k;
    item.appendChild(button);
    list.appendChild(item);
    return button;
  });

  function say(text) {
    clearTimeout(pending);
    pending = null;
    spokenAt = performance.now();
    status.textContent = text;
    // Beside the board the list may have shrunk as the words grew.
    reveal(moves[turn].parentElement);
  }

  function sayTurn() {
    say(`Turn ${first + turn} of ${first + last}: ${data.moves[turn]}${chart ? chart.verdict(turn) : ""}. ${data.spoken[turn]}`);
  }

  function sayTurnSoon() {
    if (pending === null) {
      pending = setTimeout(sayTurn, Math.max(0, spokenAt + QUIET_MS - performance.now()));
    }
  }

  // Keeps the item in view by scrolling the list alone, never the page.
  function reveal(item) {
    const top = item.offsetTop, bottom = top + item.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }

  // On a narrow screen the board gets the first screen's height that the title, the chart,
  // the buttons and the scrubber leave it (--rest: the buttons wrap onto more rows the
  // narrower the screen), and stays pinned on top while the rest scrolls if it leaves
  // room for the move list under it. A wide screen's style sheet needs neither.
  const narrow = matchMedia("(max-width: 799.98px)");
  const LIST_ROOM = 10;  // rem: the list's heading and its eight rem of moves
  function fit() {
    const height = () => box.getBoundingClientRect().height;
    if (narrow.matches) {
      const below = parseFloat(getComputedStyle(box.parentElement).paddingBottom);
      const rest = `${scrub.getBoundingClientRect().bottom + scrollY + below - height()}px`;
      if (root.style.getPropertyValue("--rest") !== rest) root.style.setProperty("--rest", rest);
    }
    const rem = parseFloat(getComputedStyle(root).fontSize);
    const pinned = narrow.matches && height() + LIST_ROOM * rem <= innerHeight;
    root.toggleAttribute("data-pinned", pinned);
    root.style.setProperty("--pinned", pinned ? `${height()}px` : "0px");
  }

  // Shows turn k (counted from the first turn shown); `byHand` announces it at once and
  // brings the focus along if it is in the move list, playing announces it now and then.
  function show(k, byHand = true) {
    const inList = list.contains(document.activeElement);
    const inChart = chart && chart.svg.contains(document.activeElement);
    moves[turn].removeAttribute("aria-current");
    moves[turn].tabIndex = -1;
    turn = Math.max(0, Math.min(last, k));
    svg.pauseAnimations();
    svg.setCurrentTime((turn + 0.5) * data.frameMs / 1000);
    root.dataset.turn = String(first + turn);
    scrub.value = String(first + turn);
    label.textContent = `Turn ${first + turn} of ${first + last}`;
    const current = moves[turn];
    current.setAttribute("aria-current", "step");
    current.tabIndex = 0;
    reveal(current.parentElement);
    if (byHand && inList) current.focus({preventScroll: true});
    if (chart) chart.update();
    if (byHand && inChart) chart.focus();
    if (byHand) sayTurn();
    else sayTurnSoon();
    if (byHand) remember();
  }

  // The address names the turn shown (#turn=23), replaced rather than added to the
  // history, so that a person can share the moment they mean; play updates it on pause.
  function remember() {
    const address = `#turn=${first + turn}`;
    if (location.hash === address || (!location.hash && turn === 0)) return;  // as opened
    history.replaceState(null, "", address);
  }

  // The turn an address names, counted from the first turn shown; null if it names none.
  function named() {
    const found = /^#turn=(\d+)$/.exec(location.hash);
    return found ? Number(found[1]) - first : null;
  }

  function play() {
    if (turn === last) show(0);
    $("play").textContent = "Pause (Space)";
    playOn();
  }

  // Shows the next turn once the turn shown has had its time.
  function playOn() {
    const wait = real ? data.realMs[turn] / REAL_SPEEDS[realSpeed] : 1000 / data.speeds[speed];
    timer = setTimeout(() => {
      show(turn + 1, false);
      if (turn === last) pause();
      else playOn();
    }, wait);
  }

  function stop() {
    clearTimeout(timer);
    timer = null;
    $("play").textContent = "Play (Space)";
  }

  function pause() {
    const playing = timer !== null;
    stop();
    if (playing) { sayTurn(); remember(); }
  }

  // Steps the pace in use, real time's or the fixed one's, `by` places up or down.
  function setSpeed(by) {
    const within = (index, speeds) => Math.max(0, Math.min(speeds.length - 1, index + by));
    if (real) realSpeed = within(realSpeed, REAL_SPEEDS);
    else speed = within(speed, data.speeds);
    const rate = data.speeds[speed];
    $("speed").textContent = real
      ? `Real time ×${REAL_SPEEDS[realSpeed]}`
      : `${rate} ${rate === 1 ? "turn" : "turns"} a second`;
    if (timer) { stop(); play(); }
  }

  const actions = {
    start: () => { stop(); show(0); },
    back: () => { stop(); show(turn - 1); },
    play: () => (timer ? pause() : play()),
    step: () => { stop(); show(turn + 1); },
    end: () => { stop(); show(last); },
    slower: () => setSpeed(-1),
    faster: () => setSpeed(1),
  };
  if (data.board) actions.board = () => { stop(); say(data.board[turn]); };
  if (data.realMs) actions.real = () => {
    real = !real;
    $("real").setAttribute("aria-pressed", String(real));
    setSpeed(0);
  };
  Object.entries(actions).forEach(([name, act]) => $(name).addEventListener("click", act));
  scrub.addEventListener("input", () => { stop(); show(Number(scrub.value) - first); });
  moves.forEach((button, k) => button.addEventListener("click", () => { stop(); show(k); }));

  // Tabbing into the list brings its whole box into view, not just the move focused (on a
  // narrow screen the board sits on top and the list under it); stepping never scrolls.
  list.addEventListener("focusin", (event) => {
    if (!list.contains(event.relatedTarget)) list.scrollIntoView({block: "nearest"});
  });

  const modified = (event) => event.ctrlKey || event.metaKey || event.altKey;
  // In the list ↑ and ↓ step (← and → too, as everywhere), Home and End go to either end.
  const listKeys = {ArrowUp: -1, ArrowDown: 1, Home: -Infinity, End: Infinity};
  list.addEventListener("keydown", (event) => {
    const by = listKeys[event.key];
    if (by === undefined || modified(event)) return;
    event.preventDefault();
    event.stopPropagation();
    stop();
    show(turn + by);
  });

  const keys = {" ": "play", ArrowRight: "step", ArrowLeft: "back", Home: "start", End: "end",
                "-": "slower", "+": "faster", "=": "faster", b: "board", r: "real"};
  document.addEventListener("keydown", (event) => {
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const action = keys[key];
    if (!action || !actions[action] || modified(event)) return;
    const target = event.target instanceof Element ? event.target : null;
    // Space on a button presses it, the arrows on the scrubber move it by one.
    if (key === " " && target && target.closest("button")) return;
    if (target === scrub && key.startsWith("Arrow")) return;
    event.preventDefault();
    if (key === " " && event.repeat) return;
    actions[action]();
  });

  // @CHART@
  setSpeed(0);
  fit();
  // The next frame's fit, so that the board it resizes is not measured again in this one.
  const refit = () => requestAnimationFrame(fit);
  const resized = new ResizeObserver(refit);
  [box, $("controls")].forEach((part) => resized.observe(part));
  addEventListener("resize", refit);
  window.addEventListener("hashchange", () => {
    const k = named();
    if (k !== null) { stop(); show(k); }
  });
  show(named() ?? 0);
})();
