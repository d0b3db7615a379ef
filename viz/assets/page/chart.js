  // The chance chart of an analysed game's replay page, and its judged move list. Only
  // such a page carries this code: it runs inside player.js, where that script marks its
  // place (`// @CHART@`), and sets its `chart`.

  // The judged moves, by the turn they lead to.
  const judged = new Map(data.chart.points.map((point) => [point.turn, point]));
  // A judgement in words, after the move's: "(blunder, chance 100 % to 0 %; best: …)".
  const verdicts = data.moves.map((words, k) => {
    const point = judged.get(first + k);
    if (!point) return "";
    const best = point.best ? `; best: ${point.best}` : "";
    return ` (${[point.name, point.chance].filter(Boolean).join(", ")}${best})`;
  });

  // The move list shows each glyph and, under a mistake, the best move in words.
  moves.forEach((button, k) => {
    const point = judged.get(first + k);
    if (!point) return;
    let label = button.getAttribute("aria-label");
    if (point.glyph) {
      const glyph = document.createElement("span");
      glyph.className = "glyph";
      glyph.textContent = ` ${point.glyph}`;
      button.appendChild(glyph);
      label += `, ${point.name}`;
    }
    if (point.best) {
      const best = document.createElement("span");
      best.className = "best-move";
      best.textContent = `best: ${point.best}`;
      button.appendChild(best);
      label += `; best: ${point.best}`;
    }
    button.setAttribute("aria-label", label);
  });

  // The chance chart of an analysed game, an inline SVG drawn to the size the page gives
  // it (again when that changes). Its points are one tab stop, as the move list is: ← / →
  // (↑ / ↓) go to the previous / next judged move and show it, Home / End the first / last,
  // Enter or Space (or a click) shows the point's turn. The turn shown is marked by a
  // dashed line, and its point by a ring.
  function makeChart(spec) {
    const NS = "http://www.w3.org/2000/svg";
    const chartSvg = $("chart");
    const points = spec.points;
    const kinds = {"??": "blunder", "?": "mistake", "?!": "inaccuracy", "!": "only"};
    let marks = [], cursor = null, xAt = () => 0;
    chartSvg.setAttribute("aria-label", `${spec.title}, ${points.length} judged moves: ` +
      "arrow keys go from one to the next, Enter shows it");
    const add = (name, attrs, parent, text) => {
      const element = document.createElementNS(NS, name);
      Object.entries(attrs).forEach(([key, value]) => element.setAttribute(key, String(value)));
      if (text !== undefined) element.textContent = text;
      parent.appendChild(element);
      return element;
    };

    function draw() {
      const active = document.activeElement;
      const refocus = chartSvg.contains(active) ? marks.indexOf(active) : -1;
      const width = chartSvg.clientWidth, height = chartSvg.clientHeight;
      chartSvg.replaceChildren();
      marks = [];
      if (!width || !height) return;
      chartSvg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      const left = 44, right = 16, top = 30, bottom = 20;
      xAt = (t) => left + (t - first) / Math.max(1, last) * (width - left - right);
      const yAt = (v) => top + (1 - v) * (height - top - bottom);
      add("rect", {class: "chart-back", x: 0.5, y: 0.5, width: width - 1, height: height - 1}, chartSvg);
      add("text", {x: 8, y: 16}, chartSvg, spec.title);
      for (const v of [0, 1]) {
        add("line", {class: "chart-grid", x1: left, x2: width - right, y1: yAt(v), y2: yAt(v)}, chartSvg);
        add("text", {x: left - 6, y: yAt(v) + 4, "text-anchor": "end"}, chartSvg, `${v * 100} %`);
      }
      const fair = yAt(spec.fair);
      add("line", {class: "chart-fair", x1: left, x2: width - right, y1: fair, y2: fair}, chartSvg);
      add("text", {x: left - 6, y: fair + 4, "text-anchor": "end"}, chartSvg,
          `${Math.round(spec.fair * 100)} %`);
      add("text", {x: left, y: height - 5}, chartSvg, `turn ${first}`);
      add("text", {x: width - right, y: height - 5, "text-anchor": "end"}, chartSvg, `${first + last}`);
      // One line in a two-player game; with more seats a line a seat, each of its own
      // dash and named at its end, so that no line runs from one mover to the next.
      const lines = spec.lines
        ? spec.lines.map((l) => ({name: l.name, points: points.filter((p) => p.seat === l.seat)}))
        : [{name: "", points: (spec.start ? [spec.start] : []).concat(points)}];
      lines.forEach((l, i) => {
        add("polyline", {class: `chart-line line-${i % 6}`, "data-seat-line": l.name,
                         points: l.points.map((p) => `${xAt(p.turn)},${yAt(p.value)}`).join(" ")},
            chartSvg);
        const end = l.points[l.points.length - 1];
        if (l.name && end) {
          add("text", {class: "line-name", x: xAt(end.turn) + 4, y: yAt(end.value) - 4}, chartSvg, l.name);
        }
      });
      cursor = add("line", {class: "chart-cursor", y1: top - 6, y2: height - bottom + 4}, chartSvg);
      // Dense points (a long game on a phone) shrink so that none covers its neighbours.
      const room = (width - left - right) / Math.max(1, last);
      const reach = Math.max(2, Math.min(11, room / 2)), plain = Math.min(3, room / 3);
      marks = points.map((point) => {
        const x = xAt(point.turn), y = yAt(point.value);
        const mark = add("g", {class: "eval-point", "data-turn": point.turn, role: "button",
                               tabindex: -1, "aria-label": point.label,
                               transform: `translate(${x} ${y})`}, chartSvg);
        add("circle", {class: "hit", r: reach}, mark);
        add("circle", {class: "focus", r: 10}, mark);
        add("circle", {class: "ring", r: 7.5}, mark);
        add("circle", {class: `dot ${kinds[point.glyph] || ""}`, r: point.glyph ? 5 : plain}, mark);
        if (point.glyph) {
          // The glyph written beside its dot: on its right, or its left near the edge.
          const before = x > width - right - 24;
          add("text", {class: "glyph", x: before ? -8 : 8, y: point.value > 0.5 ? 14 : -6,
                       "text-anchor": before ? "end" : "start"}, mark, point.glyph);
        }
        mark.addEventListener("click", () => { stop(); show(point.turn - first); });
        return mark;
      });
      update();
      if (refocus >= 0) marks[refocus].focus({preventScroll: true});
    }

    // The point of the turn shown, or else of the latest judged move before it.
    function at() {
      let found = 0;
      points.forEach((point, i) => { if (point.turn <= first + turn) found = i; });
      return found;
    }

    function update() {
      if (!cursor) return;
      const x = xAt(first + turn);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
      const tabStop = at();
      marks.forEach((mark, i) => {
        mark.tabIndex = i === tabStop ? 0 : -1;
        if (points[i].turn === first + turn) mark.setAttribute("aria-current", "step");
        else mark.removeAttribute("aria-current");
      });
    }

    const chartKeys = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1,
                       Home: -Infinity, End: Infinity, Enter: 0, " ": 0};
    chartSvg.addEventListener("keydown", (event) => {
      const by = chartKeys[event.key];
      const i = marks.indexOf(event.target);
      if (by === undefined || i < 0 || modified(event)) return;
      event.preventDefault();
      event.stopPropagation();
      if (by === 0 && event.repeat) return;
      stop();
      show(points[Math.max(0, Math.min(points.length - 1, i + by))].turn - first);
    });
    // A click beside the points shows the judged move nearest to it across.
    chartSvg.addEventListener("click", (event) => {
      if (event.target.closest(".eval-point") || !points.length) return;
      const x = event.clientX - chartSvg.getBoundingClientRect().left;
      const distance = (point) => Math.abs(xAt(point.turn) - x);
      const nearest = points.reduce((a, b) => (distance(b) < distance(a) ? b : a));
      stop();
      show(nearest.turn - first);
    });
    new ResizeObserver(draw).observe(chartSvg);
    draw();
    return {svg: chartSvg, update, verdict: (k) => verdicts[k],
            focus: () => marks[at()] && marks[at()].focus({preventScroll: true})};
  }
  chart = makeChart(data.chart);

