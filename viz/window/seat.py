"""The window of a seat at a server's room (`play GAME --join URL`, or `--host`).

It draws the views its screen is sent (viz/window/remote.py) and holds nothing else of
the game, so it cannot show what its seat may not see. Beside the board: the status,
the seat's moves as buttons and the window's own (hint, rules, motion, colours), reached
with the mouse or Tab, as a local window's panel. The keys are a local window's where
they mean the same: ←/→ choose a move and Enter or Space plays it (1-9 play the move of
that number; a click on a move's cell, slot or tile of your own plays it), H the hint,
M motion, C colours, ? or F1 the rules card, G saves the game once it has ended, Ctrl+Q
closes; S starts the room for its host. The session is recorded as a local one's
(viz/window/seat_log.py).
"""

from __future__ import annotations

import threading
import time
import urllib.request
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from games import REGISTRY
from viz import PALETTE_NAMES
from viz.scenes import PALETTES
from viz.scenes.motion import Motion
from viz.scenes.rules import CLOSING, card_scene, rules_card
from viz.scenes.shapes import Circle, Rect, Ring, Scene, Shape, outline
from viz.window.panel import GAP, Button, Control, Label, Panel
from viz.window.remote import Connection, Invitation, JoinError, repainted, scene_of
from viz.window.render_pygame import draw, font
from viz.window.seat_log import SeatLog
from viz.window.session import Clock
from viz.window.settings import MOTIONS, Settings
from viz.window.theme import HINT_INK, panel_theme

FRAME_RATE = 60
CHANGE_MS = 220  # a change's motion, as a local window's
SIDE = (220, 300)  # the column beside the board: a third of the window, within these
ROW = 30  # a button's height
DRAWN_IN = "default"  # the palette the server draws every view in
INK, PAPER, FOCUS, WARNING = (31, 31, 31), (242, 239, 232), (31, 78, 156), (140, 28, 19)


class RemoteWindow:
    """`keep` is handed the session's recording once the game has ended (the library's
    hook); `host` is the room's host token, if this window opened the room."""

    def __init__(
        self,
        invitation: Invitation,
        name: str,
        size: tuple[int, int],
        settings: Settings,
        session_dir: Path,
        out_dir: Path,
        keep: Callable[[Path], str | None],
        host: str = "",
        formats: tuple[str, ...] = ("gif", "svg"),
        clock: Clock = time.monotonic,
    ) -> None:
        self.invitation, self.settings, self.host = invitation, settings, host
        self.connection = Connection(invitation, invitation.take_seat(name))
        self.session_dir, self.out_dir, self.keep, self.formats = (
            session_dir,
            out_dir,
            keep,
            formats,
        )
        self.clock = clock
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(f"oddsevens · room {invitation.room}")
        self.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.manager = pygame_gui.UIManager(size, panel_theme({}))
        self.panel = Panel(self.manager)
        self.choice = 0
        self.hint_shown: int | None = None  # the turn whose hint chose a move
        self.message = ""
        self.rules_shown = False
        self.running = True
        self.board = pygame.Rect(0, 0, 0, 0)
        self.side = SIDE[1]  # the column's width, as last drawn
        self.scene: tuple[int, Scene] | None = None  # the newest view's scene, by change
        self.motion: Motion | None = None
        self.log: SeatLog | None = None
        self.fetched = False  # the ended game's recording has been asked for
        self.downloaded: bytes | None = None  # and has come, not yet written
        self.recording: Path | None = None  # and is here
        self.connection.following = True
        self.connection.start()

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            for event in pygame.event.get():
                self.handle(event)
            elapsed = clock.tick(FRAME_RATE)
            self.manager.update(elapsed / 1000)
            view = self.current()
            if view is not None:
                self.follow(view)
                self.paint(view, self.picture(view, elapsed))
            pygame.display.flip()
        self.close()

    def current(self) -> dict[str, Any] | None:
        with self.connection.lock:
            return self.connection.view

    def close(self) -> None:
        self.connection.close()
        if self.log is not None and self.recording is None:
            left = self.log.close()  # a game left unfinished: kept as a local session is
            if left is not None:
                self.keep(left)
        pygame.display.quit()

    # --- the session ---------------------------------------------------------------------

    def follow(self, view: dict[str, Any]) -> None:
        """Record what the seat learns; once the game has ended, fetch the whole game."""
        if self.log is None and view["started"]:
            game = REGISTRY[view["game"]]
            players = partial(seat_holders, view, self.current)
            self.log = SeatLog(
                self.session_dir, game, game.rules(view["rules"]), players, self.clock
            )
        if self.log is not None:
            self.log.follow(self.connection.take_changes())
            self.connection.following = self.log.live
        if view["ended"] and not self.fetched and self.log is not None:
            self.fetched = True
            threading.Thread(target=self.fetch, daemon=True).start()
        downloaded, self.downloaded = self.downloaded, None
        if downloaded is not None and self.log is not None:
            self.finish(self.log, downloaded, view["game"])

    def fetch(self) -> None:
        """The ended game's recording, read on a thread of its own (the window keeps
        answering); the window's loop writes it once it has followed the last change."""
        url = f"{self.invitation.base}/api/rooms/{self.invitation.room}/recording"
        try:
            with urllib.request.urlopen(url, timeout=60) as answer:
                self.downloaded = answer.read()
        except Exception as error:  # refused, cut short, gone: the live file stays
            self.message = f"Recording not fetched: {error}"

    def finish(self, log: SeatLog, recording: bytes, game_id: str) -> None:
        """The server's recording as the session's file, kept in the library."""
        try:
            self.recording = log.finish(recording, f"{game_id}-room-{self.invitation.room}")
        except OSError as error:
            self.message = f"Session recording off: {error.strerror or error}"
            return
        self.message = "The game is kept: G saves it with GIF and SVG"
        threading.Thread(target=self.keep_recording, args=(self.recording,), daemon=True).start()

    def keep_recording(self, path: Path) -> None:
        problem = self.keep(path)
        if problem:
            self.message = problem

    def download(self) -> None:
        """G: the ended game's recording and animations in the output folder."""
        if self.recording is None:
            self.message = "G saves the game once it has ended"
            return
        self.message = "Saving…"
        threading.Thread(target=self._save, args=(self.recording,), daemon=True).start()

    def _save(self, recording: Path) -> None:
        from viz.files import FileError, load_replay
        from viz.window.jobs import kept_header, save_play

        try:
            replay = load_replay(recording)
            final = replay.final().result()
            play = (replay.game, replay.rules, replay.seed or 0, replay.moves, replay.times)
            self.message, _ = save_play(
                *play, final, self.out_dir, self.formats, kept_header(replay.header)
            )
        except (OSError, FileError) as error:
            self.message = f"Not saved: {error}"

    # --- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.manager.process_events(event)
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.manager.set_window_resolution(self.surface.get_size())
        elif self.panel.handle(event):
            pass
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.board.collidepoint(event.pos):
                return  # the panel's: pygame_gui answers it
            self.panel.focus = None
            if self.rules_shown:
                self.toggle_rules()
            else:
                self.click(event.pos)

    def key(self, event: pygame.event.Event) -> None:
        rules_key = event.key == pygame.K_F1 or event.unicode == "?"
        if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            self.running = False
        elif self.rules_shown and (rules_key or event.key == pygame.K_ESCAPE):
            self.toggle_rules()
        elif self.panel.handle_key(event):
            pass
        elif self.rules_shown:
            self.message = f"The rules cover the board: {CLOSING}"
        elif rules_key:
            self.toggle_rules()
        elif event.key == pygame.K_ESCAPE:
            self.panel.focus = None
            self.message = "Ctrl+Q quits · Tab reaches the buttons"
        elif event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            pass  # no window key of its own: Ctrl+S is not S
        elif action := self.keys().get(event.key):
            action()
        elif pygame.K_1 <= event.key <= pygame.K_9:
            self.play(event.key - pygame.K_1)

    def keys(self) -> dict[int, Callable[[], object]]:
        return {
            pygame.K_RIGHT: partial(self.step_choice, 1),
            pygame.K_DOWN: partial(self.step_choice, 1),
            pygame.K_LEFT: partial(self.step_choice, -1),
            pygame.K_UP: partial(self.step_choice, -1),
            pygame.K_RETURN: lambda: self.play(self.choice),
            pygame.K_KP_ENTER: lambda: self.play(self.choice),
            pygame.K_SPACE: lambda: self.play(self.choice),
            pygame.K_h: self.ask_hint,
            pygame.K_m: self.switch_motion,
            pygame.K_c: self.switch_palette,
            pygame.K_g: self.download,
            pygame.K_s: self.start_room,
        }

    def step_choice(self, step: int) -> None:
        self.choice = (self.choice + step) % max(1, len(self.legal()))

    def click(self, position: tuple[int, int]) -> None:
        """A click on a move's shape (a cell, a slot, a tile of your own) plays it."""
        view = self.current()
        if view is None or self.scene is None or not self.board.collidepoint(position):
            return
        scale = self.board.width / view["scene"]["width"]
        x, y = (position[0] - self.board.x) / scale, (position[1] - self.board.y) / scale
        shapes = {shape.key: shape for shape in self.scene[1].shapes}
        for index, keys in enumerate(view.get("targets", [])):
            if any(key in shapes and _holds(shapes[key], x, y) for key in keys):
                self.play(index)
                return

    def legal(self) -> list[dict[str, Any]]:
        view = self.current()
        return list(view["legal"]) if view else []

    def play(self, index: int) -> None:
        view = self.current()
        if view is not None and 0 <= index < len(view["legal"]):
            self.connection.play(view["turn"], view["legal"][index])
            self.choice = 0
        elif view is not None and view["ended"]:
            self.message = "The game is over: G saves it"

    def ask_hint(self) -> None:
        if self.legal():
            self.connection.ask_hint()
            self.message = "Thinking of a hint…"
        else:
            self.message = "A hint is for your turn"

    def start_room(self) -> None:
        if not self.host:
            self.message = "The room's host starts it"
            return
        try:
            self.invitation.post("/start", {}, self.host)
        except JoinError as error:
            self.message = str(error)

    def toggle_rules(self) -> None:
        """The game's rules card over the board, or put away; opened, its words go to
        standard output too, a line each, for a screen reader."""
        view = self.current()
        card = rules_card(view["game"]) if view else None
        if card is None:
            self.message = "This game brings no rules card"
            return
        self.rules_shown = not self.rules_shown
        if self.rules_shown:
            print("\n".join(card.lines()), flush=True)
        self.message = f"The rules: {CLOSING}" if self.rules_shown else ""

    def switch_motion(self) -> None:
        motion = MOTIONS[(MOTIONS.index(self.settings.motion) + 1) % len(MOTIONS)]
        self.motion = None
        self.said_setting(f"Motion {motion}", self.settings.set_motion(motion))

    def switch_palette(self) -> None:
        names = PALETTE_NAMES
        palette = names[(names.index(self.settings.palette) + 1) % len(names)]
        self.scene = None  # drawn again in the new colours
        self.said_setting(f"Colours: {palette}", self.settings.set_palette(palette))

    def said_setting(self, done: str, problem: str | None) -> None:
        self.message = f"{done} (not saved: {problem})" if problem else done

    # --- drawing -------------------------------------------------------------------------

    def picture(self, view: dict[str, Any], elapsed_ms: float) -> Scene:
        """The view's scene, on its way from the one before while a change moves (unless
        motion is reduced), in the settings' colours; the rules card when it is open."""
        if self.scene is None or self.scene[0] != view["seq"]:
            before = self.scene[1] if self.scene else None
            colors = repainted(PALETTES[view["game"]], DRAWN_IN, self.settings.palette)
            self.scene = (view["seq"], self.marked(view, scene_of(view["scene"], colors)))
            moving = self.settings.motion != "reduced"
            self.motion = Motion(before, CHANGE_MS) if before is not None and moving else None
        elif self.motion is not None:
            self.motion.elapsed_ms += elapsed_ms
        scene = self.scene[1]
        if self.rules_shown and (card := rules_card(view["game"])) is not None:
            return card_scene(card, scene.width, scene.height, palette=self.settings.palette)
        if self.motion is None or self.motion.done:
            return scene
        return self.motion.picture(scene)

    def marked(self, view: dict[str, Any], scene: Scene) -> Scene:
        """The hinted moves' shapes outlined, dashed, as a local window marks H's best."""
        _, hinted = self.hinted(view)
        targets = view.get("targets") or [[] for _ in view["legal"]]
        keys = {key for move in hinted for key in targets[view["legal"].index(move)]}
        marks = [
            outline(f"hint-{shape.key}", shape, HINT_INK, 3, dashed=True)
            for shape in scene.shapes
            if shape.key in keys and isinstance(shape, Rect | Circle | Ring)
        ]
        return Scene(
            scene.width, scene.height, scene.background, scene.palette, (*scene.shapes, *marks)
        )

    def paint(self, view: dict[str, Any], scene: Scene) -> None:
        width, height = self.surface.get_size()
        side = self.side = max(SIDE[0], min(SIDE[1], width // 3))
        self.surface.fill(PAPER)
        self.surface.fill(scene.palette.colors[scene.background], (0, 0, width - side, height))
        canvas = pygame.Surface((scene.width, scene.height))
        draw(canvas, scene)
        room = (max(1, width - side), height)
        scale = min(room[0] / scene.width, room[1] / scene.height)
        shown = pygame.transform.smoothscale(
            canvas, (max(1, int(scene.width * scale)), max(1, int(scene.height * scale)))
        )
        self.board = shown.get_rect(topleft=(0, 0))
        self.surface.blit(shown, self.board)
        bottom = self.side_text(width - side + 10, self.lines(view))
        column = pygame.Rect(width - side + 6, bottom, side - 12, max(ROW, height - bottom))
        rows = (column.height - GAP) // (ROW + GAP)
        self.show_panel(self.controls(view, rows), column)
        self.manager.draw_ui(self.surface)
        self.panel.draw_focus(self.surface)

    def show_panel(self, controls: list[Control], column: pygame.Rect) -> None:
        """The controls, Tab's focus kept on the control it was on (by its words), or let
        go where it is gone: an index would land on another move as the list changes."""
        focused = self.panel.focused_item()
        self.panel.show(controls, column, ROW)
        if focused is not None:
            labels = [getattr(item, "label", None) for item in self.panel.items]
            label = getattr(focused, "label", None)
            self.panel.focus = labels.index(label) if label in labels else None

    def lines(self, view: dict[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
        said, _ = self.hinted(view)
        lines = [f"{view['name']} · room {view['room']}", *view["status"]]
        if view["ended"]:
            result = [] if view.get("result") in lines else [view.get("result", "")]
            lines += [*result, *(view.get("accuracy") or {}).get("lines", [])]
        elif not view["started"]:
            lines.append(f"Invite: {self.invitation.base}/r/{self.invitation.room}")
            lines.append("Press S to start once every seat is taken" if self.host else "")
        elif not view["legal"]:
            lines.append("Waiting for the others")
        notice = self.connection.notice
        return (
            [(line, INK) for line in lines]
            + [(said, FOCUS), (self.message, INK)]
            + ([(notice, WARNING)] if notice else [])
        )

    def side_text(self, x: int, lines: list[tuple[str, tuple[int, int, int]]]) -> int:
        """The lines, wrapped to the column; where the next thing may go."""
        y, text = 10, font(16)
        for line, ink in lines:
            for part in _wrapped(line, text, self.side - 20):
                self.surface.blit(text.render(part, True, ink), (x, y))
                y += 22
        return y + 6

    def controls(self, view: dict[str, Any], rows: int) -> list[Control]:
        """The seat's moves (the chosen one marked), then the window's buttons, in `rows`
        rows at most: where the moves are more (Load's cells), those about the chosen
        one, and a line that says how to reach the others."""
        rules = "Close the rules  (?)" if self.rules_shown else "Rules  (?)"
        window = [
            Button("Hint  (H)", self.ask_hint, enabled=bool(view["legal"])),
            Button(rules, self.toggle_rules),
            Button(f"Motion: {self.settings.motion}  (M)", self.switch_motion),
            Button(f"Colours: {self.settings.palette}  (C)", self.switch_palette),
        ]
        if self.host and not view["started"]:
            window.insert(0, Button("Start  (S)", self.start_room))
        if view["ended"]:
            window.insert(0, Button("Save GIF  (G)", self.download))
        return self.move_buttons(view, max(2, rows - len(window))) + window

    def move_buttons(self, view: dict[str, Any], room: int) -> list[Control]:
        legal = view["legal"]
        self.choice = min(self.choice, max(0, len(legal) - 1))
        shown = shown_moves(len(legal), self.choice, room)
        _, hinted = self.hinted(view)
        buttons: list[Control] = []
        for index in shown:
            slot = legal[index].get("slot")
            label = f"{index + 1}. {view['legal_words'][index]}"
            label += f" (slot {slot + 1})" if slot is not None else ""
            label += "  · hint" if legal[index] in hinted else ""
            buttons.append(Button(label, partial(self.play, index), selected=index == self.choice))
        if len(shown) < len(legal):
            buttons.append(Label(f"{len(legal)} moves: arrow keys or the board"))
        return buttons

    def hinted(self, view: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
        """The hint for this turn, in words, and the moves it names (the first is chosen
        once it comes); none once the game has moved on."""
        hint = self.connection.hint
        if hint is None or hint["turn"] != view["turn"]:
            return "", []
        offered = [move for move in hint["moves"] if move in view["legal"]]
        if self.hint_shown != view["turn"] and offered:
            self.hint_shown = view["turn"]
            self.choice = view["legal"].index(offered[0])
            self.scene = None  # drawn again with the hinted tiles outlined
            self.message = ""  # the hint has come
        if not offered:  # the seat moves no more (a stand-in took it): no hint to show
            return "", []
        # a hint that names every move offered marks none: each is as good
        every = len(offered) == len(view["legal"]) > 1
        return hint["text"], [] if every else offered


def shown_moves(count: int, choice: int, room: int) -> range:
    """Which of `count` moves have a button in `room` rows: all where they fit, else
    those about the chosen one, a row left for the line that says there are more."""
    if count <= room:
        return range(count)
    first = min(max(0, choice - (room - 1) // 2), count - (room - 1))
    return range(first, first + room - 1)


def seat_holders(first: dict[str, Any], current: Callable[[], dict[str, Any] | None]) -> list[str]:
    """Who holds each seat now, as a session's header names them: "you" for this screen's
    seat, else the seat's player as the room shows it."""
    view = current() or first
    return ["you" if s["seat"] == view["you"] else _holder(s) for s in view["seats"]]


def _holder(seat: dict[str, Any]) -> str:
    """A seat an automatic player holds (or stands in for) by the player's name."""
    return str(seat["stand_in"] or seat["player"] or "person")


def _holds(shape: Shape, x: float, y: float) -> bool:
    """Whether a point of the scene lies on a box or a disc."""
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle | Ring):
        return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r**2
    return False


def _wrapped(line: str, text: pygame.font.Font, width: int) -> list[str]:
    words, rows, row = line.split(), [], ""
    for word in words:
        wider = f"{row} {word}".strip()
        if text.size(wider)[0] > width and row:
            rows.append(row)
            row = word
        else:
            row = wider
    return [*rows, row] if row else rows
