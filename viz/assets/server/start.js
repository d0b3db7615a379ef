// The start page: open a room of any game (its rules and who holds each seat), or join
// one by its link or code.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let games = [];

  function option(value, text) {
    const item = document.createElement("option");
    item.value = value;
    item.textContent = text;
    return item;
  }
  function chosen() {
    return games.find((g) => g.game === $("game").value);
  }
  function seatCount(game) {
    const rule = game.seats_rule && $("rule-" + game.seats_rule);
    return rule ? Number(rule.value) || game.seats : game.seats;
  }
  function showRules() {
    const game = chosen();
    const box = $("rules");
    box.replaceChildren(box.firstElementChild);
    for (const [name, value] of Object.entries(game.rules)) {
      const p = document.createElement("p");
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "number";
      input.id = "rule-" + name;
      input.value = value;
      label.htmlFor = input.id;
      label.textContent = name + " ";
      input.addEventListener("input", showSeats);
      p.append(label, input);
      box.appendChild(p);
    }
    showSeats();
  }
  function showSeats() {
    const game = chosen();
    const box = $("seats");
    box.replaceChildren(box.firstElementChild);
    const sit = $("sit");
    sit.replaceChildren(option("", "no seat: I only host"));
    const count = Math.min(Math.max(seatCount(game), 1), 8);
    for (let i = 0; i < count; i++) {
      const number = game.first_seat + i;
      const p = document.createElement("p");
      const label = document.createElement("label");
      const select = document.createElement("select");
      select.id = "seat-" + number;
      label.htmlFor = select.id;
      label.textContent = "Seat " + number + " ";
      select.append(option("open", "a person"));
      const players = game.players[String(number)] || game.players[String(game.first_seat)];
      for (const player of players) select.append(option(player, "the computer: " + player));
      p.append(label, select);
      box.appendChild(p);
      sit.append(option(String(number), "seat " + number));
    }
    if (count) sit.value = String(game.first_seat);
  }
  async function post(path, body, token) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = "Bearer " + token;
    const response = await fetch(path, { method: "POST", headers: headers, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error);
    return answer;
  }
  async function create(event) {
    event.preventDefault();
    const game = chosen();
    const rules = {};
    for (const name of Object.keys(game.rules)) rules[name] = Number($("rule-" + name).value);
    const seats = [];
    for (let i = 0; i < seatCount(game); i++) seats.push($("seat-" + (game.first_seat + i)).value);
    try {
      const made = await post("/api/rooms", { game: game.game, rules: rules, seats: seats });
      const keep = (what, value) => localStorage.setItem("oddsevens:" + made.room + ":" + what, value);
      keep("host", made.host);
      const sit = $("sit").value;
      if (sit !== "") {
        const seat = await post("/api/rooms/" + made.room + "/seats/" + sit, { name: $("name").value });
        keep("seat", JSON.stringify({ token: seat.token, seat: Number(sit) }));
      }
      location.href = made.url;
    } catch (error) {
      $("create-error").textContent = error.message;
    }
  }
  function join(event) {
    event.preventDefault();
    const code = $("code").value.trim().replace(/\/+$/, "").split("/").pop();
    if (code) location.href = "/r/" + encodeURIComponent(code);
  }
  async function begin() {
    games = await (await fetch("/api/games")).json();
    for (const game of games) $("game").append(option(game.game, game.name));
    $("game").addEventListener("change", showRules);
    $("create").addEventListener("submit", create);
    $("join").addEventListener("submit", join);
    showRules();
  }
  begin();
})();
