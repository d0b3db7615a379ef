// The room page: the seats before the game, then the table. The server sends this screen
// its view after every change (docs/protocol.md); the board is the view's scene, drawn
// here shape by shape under the scene's keys, so that a shape that moves slides.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const RESEND_MS = 5000; // a move not acknowledged by then is sent again
  const room = location.pathname.split("/").pop();
  const kept = (what) => "oddsevens:" + room + ":" + what;
  const $ = (id) => document.getElementById(id);
  const board = $("board");
  let socket = null, lastSeq = 0, view = null, pending = null, retry = 500;

  const seatToken = () => JSON.parse(localStorage.getItem(kept("seat")) || "null");
  const hostToken = () => localStorage.getItem(kept("host"));

  // --- the board ------------------------------------------------------------------------
  function make(kind) {
    return document.createElementNS(SVG, kind);
  }
  function set(el, attrs) {
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  }
  function dashes(r, width) {
    const count = Math.max(6, Math.floor((Math.PI * r) / Math.max(width * 2.5, 3)));
    const arc = (2 * Math.PI * r) / count;
    return (arc * 0.55).toFixed(1) + " " + (arc * 0.45).toFixed(1);
  }
  // Each shape in a group placed by a translation: a change of place is a CSS transition.
  function place(shape) {
    const [kind, , a, b] = shape;
    if (kind === "line") return a[0];
    return [a, b];
  }
  function paint(group, shape) {
    const kind = shape[0];
    let el = group.firstChild;
    if (!el) {
      el = make({ rect: "rect", circle: "circle", ring: "circle", line: "polyline", text: "text" }[kind]);
      group.appendChild(el);
    }
    if (kind === "rect") {
      const [, , , , w, h, fill, radius] = shape;
      set(el, { width: w, height: h, fill: fill, rx: radius });
    } else if (kind === "circle") {
      set(el, { r: shape[4], fill: shape[5] });
    } else if (kind === "ring") {
      const [, , , , r, stroke, width, dashed] = shape;
      set(el, { r: r, fill: "none", stroke: stroke, "stroke-width": width });
      if (dashed) set(el, { "stroke-dasharray": dashes(r, width) });
    } else if (kind === "line") {
      const [, , points, stroke, width, dashed] = shape;
      const [x0, y0] = points[0];
      set(el, {
        points: points.map(([x, y]) => (x - x0).toFixed(1) + "," + (y - y0).toFixed(1)).join(" "),
        fill: "none", stroke: stroke, "stroke-width": width,
      });
      if (dashed) set(el, { "stroke-dasharray": Math.max(3, width * 3).toFixed(1) });
    } else {
      const [, , , , text, size, fill, anchor] = shape;
      set(el, { "font-size": size, fill: fill, "text-anchor": anchor, "dominant-baseline": "central" });
      el.textContent = text;
    }
    const [x, y] = place(shape);
    group.style.transform = "translate(" + x + "px," + y + "px)";
  }
  function draw(scene) {
    set(board, { viewBox: "0 0 " + scene.width + " " + scene.height });
    board.style.background = scene.background;
    board.setAttribute("font-family", "DejaVu Sans, Verdana, sans-serif");
    const was = new Map();
    for (const group of Array.from(board.children)) was.set(group.dataset.key, group);
    const used = new Map();
    for (const shape of scene.shapes) {
      const n = used.get(shape[1]) || 0;
      used.set(shape[1], n + 1);
      const key = n ? shape[1] + "#" + n : shape[1];
      let group = was.get(key);
      if (!group || group.dataset.kind !== shape[0]) {
        group = make("g");
        group.dataset.key = key;
        group.dataset.kind = shape[0];
        group.style.transition = "none"; // a new shape appears where it is
      } else {
        was.delete(key);
        group.style.transition = "";
      }
      paint(group, shape);
      board.appendChild(group); // in the scene's order: what lies on what
    }
    for (const group of was.values()) group.remove();
  }

  // --- the view ---------------------------------------------------------------------------
  function render(next) {
    view = next;
    lastSeq = next.seq;
    document.body.dataset.turn = next.turn;
    if (pending && pending.turn < next.turn) pending = null;
    document.title = next.name + " · oddsevens";
    const you = next.you === null ? "watching" : "you are " + seatName(next.you);
    $("title").textContent = next.name + " · room " + next.room + " · " + you;
    draw(next.scene);
    const status = next.status.join(" · ");
    if ($("status").textContent !== status) $("status").textContent = status;
    moveButtons(next);
    history(next.moves);
    lobby(next);
    ended(next);
  }
  function seatName(number) {
    const seat = view.seats.find((s) => s.seat === number);
    return seat && seat.name ? seat.name + " (seat " + number + ")" : "seat " + number;
  }
  function moveButtons(next) {
    const box = $("moves");
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.index : null;
    box.replaceChildren();
    for (const group of board.querySelectorAll("[data-move]")) delete group.dataset.move;
    next.legal.forEach((move, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.index = index;
      // a hidden tile is named by its slot: the words say which, the board's tile plays it
      const slot = "slot" in move ? " (slot " + (move.slot + 1) + ")" : "";
      button.textContent = next.legal_words[index] + slot;
      button.addEventListener("click", () => play(move));
      box.appendChild(button);
      // the shapes a tap plays it on: a cell, a slot, a tile of your own (by its slot)
      for (const target of next.targets[index]) {
        const group = board.querySelector('[data-key="' + CSS.escape(target) + '"]');
        if (group) group.dataset.move = index;
      }
    });
    const again = focused !== null && box.querySelector('[data-index="' + focused + '"]');
    if (again) again.focus();
    else if (focused !== null && box.firstChild) box.firstChild.focus();
  }
  function history(words) {
    const list = $("history");
    while (list.children.length > words.length) list.lastChild.remove();
    for (let i = list.children.length; i < words.length; i++) {
      const item = document.createElement("li");
      item.textContent = words[i];
      list.appendChild(item);
    }
    list.scrollTop = list.scrollHeight;
  }
  function lobby(next) {
    $("lobby").hidden = next.started && !hostToken();
    const list = $("seat-list");
    list.replaceChildren();
    const mine = seatToken();
    for (const seat of next.seats) {
      const item = document.createElement("li");
      const who = seat.kind === "open" ? "open" : seat.kind === "ai" ? "computer (" + seat.player + ")" : seat.name;
      item.textContent = "Seat " + seat.seat + ": " + who + (seat.stand_in ? ", the computer (" + seat.stand_in + ") playing for now" : "");
      if (seat.kind === "open" && !mine) item.appendChild(claimForm(seat.seat));
      if (next.started && hostToken() && seat.kind === "person" && seat.seat !== next.you && !next.ended) item.appendChild(standInButton(seat));
      list.appendChild(item);
    }
    if (mine && next.you !== null) {
      const seat = next.seats.find((s) => s.seat === next.you);
      if (seat && seat.stand_in) list.appendChild(takeBackButton());
    }
    $("invite-box").hidden = next.started || !next.seats.some((s) => s.kind === "open");
    $("invite").href = $("invite").textContent = location.origin + "/r/" + next.room;
    $("start").hidden = next.started || !hostToken();
  }
  function claimForm(number) {
    const form = document.createElement("form");
    const label = document.createElement("label");
    const input = document.createElement("input");
    const button = document.createElement("button");
    input.id = "claim-name-" + number;
    input.maxLength = 24;
    label.htmlFor = input.id;
    label.textContent = " Your name ";
    button.textContent = "Take seat " + number;
    form.append(label, input, " ", button);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const answer = await api("/seats/" + number, { name: input.value });
      if (answer) {
        localStorage.setItem(kept("seat"), JSON.stringify({ token: answer.token, seat: number }));
        reconnect();
      }
    });
    return form;
  }
  function standInButton(seat) {
    const button = document.createElement("button");
    const covering = Boolean(seat.stand_in);
    button.textContent = covering ? "Stop the computer playing seat " + seat.seat : "Let the computer play seat " + seat.seat;
    button.addEventListener("click", () => api("/seats/" + seat.seat + "/stand-in", { player: covering ? "" : "medium" }, true));
    return button;
  }
  function takeBackButton() {
    const button = document.createElement("button");
    button.textContent = "Take your seat back";
    button.addEventListener("click", () => send({ type: "take-back" }));
    return button;
  }
  function ended(next) {
    $("ended").hidden = !next.ended;
    if (!next.ended) return;
    $("result").textContent = next.result;
    const lines = next.accuracy ? next.accuracy.lines : [];
    $("accuracy").replaceChildren(...(lines.length ? lines : ["Judging the moves…"]).map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    const base = "/api/rooms/" + next.room;
    $("get-gif").href = base + "/download/gif";
    $("get-svg").href = base + "/download/svg";
    $("get-html").href = base + "/download/html";
    $("get-recording").href = base + "/recording";
  }

  // --- talking to the server ----------------------------------------------------------------
  async function api(path, body, asHost) {
    const headers = { "Content-Type": "application/json" };
    if (asHost) headers.Authorization = "Bearer " + hostToken();
    const response = await fetch("/api/rooms/" + room + path, { method: "POST", headers: headers, body: JSON.stringify(body || {}) });
    const answer = await response.json();
    if (!response.ok) {
      $("notice").textContent = answer.error;
      return null;
    }
    $("notice").textContent = "";
    return answer;
  }
  function play(move) {
    pending = { turn: view.turn, move: move };
    sendPending();
  }
  function sendPending() {
    if (!pending) return;
    send({ type: "move", turn: pending.turn, move: pending.move });
    const mine = pending;
    setTimeout(() => { if (pending === mine) sendPending(); }, RESEND_MS);
  }
  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/" + room);
    const mine = seatToken();
    socket.addEventListener("open", () => {
      retry = 500;
      socket.send(JSON.stringify(mine ? { type: "hello", token: mine.token } : { type: "watch" }));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") render(message);
      else if (message.type === "ack") { if (pending && pending.turn === message.turn) pending = null; $("notice").textContent = ""; }
      else if (message.type === "refused") { pending = null; $("notice").textContent = message.reason; }
    });
    socket.addEventListener("close", (event) => {
      if (socket !== null && event.target !== socket) return;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    });
  }
  function reconnect() {
    const old = socket;
    socket = null;
    if (old) old.close();
    connect();
  }

  board.addEventListener("click", (event) => {
    const group = event.target.closest("[data-move]");
    if (group && view) play(view.legal[Number(group.dataset.move)]);
  });
  $("start").addEventListener("click", () => api("/start", {}, true));
  const reduce = $("reduce-motion");
  reduce.checked = localStorage.getItem("oddsevens:reduce-motion") === "1" || matchMedia("(prefers-reduced-motion: reduce)").matches;
  document.body.classList.toggle("reduced", reduce.checked);
  reduce.addEventListener("change", () => {
    localStorage.setItem("oddsevens:reduce-motion", reduce.checked ? "1" : "0");
    document.body.classList.toggle("reduced", reduce.checked);
  });
  connect();
})();
