"""The window's controls, described afresh every frame and built only when their shape changes.

A window lists its controls as plain values (`Button`, `Label`, `Slider`,
`Checkbox`, `TextEntry`, `TextBox`) each frame. `Panel.show` compares that
list with what is on screen: when only texts, values or enabled states
differ, it updates the pygame_gui elements in place, so a slider being
dragged or a box being typed in is never destroyed under the user's hand.
The panel also keeps its own keyboard focus, moved with Tab and Shift+Tab,
so every control can be reached without a mouse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

FOCUS_COLOR = (31, 63, 115)  # the theme's selected blue: 8:1 on the panel
GAP = 6
MIN_ROW = 22


@dataclass(frozen=True)
class Button:
    label: str
    action: Callable[[], object] = field(compare=False)
    enabled: bool = True
    theme: str | None = None  # a class in the manager's theme, such as "@red"
    selected: bool = False  # the one chosen of a group, such as the opponent
    rect: pygame.Rect | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Label:
    text: str
    rect: pygame.Rect | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Slider:
    value: int
    low: int
    high: int
    action: Callable[[int], None] = field(compare=False)
    rect: pygame.Rect | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Checkbox:
    label: str
    checked: bool
    action: Callable[[bool], None] = field(compare=False)
    rect: pygame.Rect | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TextEntry:
    placeholder: str
    action: Callable[[str], None] = field(compare=False)
    rect: pygame.Rect | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TextBox:
    text: str
    rect: pygame.Rect | None = field(default=None, compare=False)


Control = Button | Label | Slider | Checkbox | TextEntry | TextBox
# Every other control in the column takes a full row.
ROW_HEIGHTS: dict[type[Control], int] = {Label: 24}


def natural_height(items: Sequence[Control], row: int) -> int:
    """The height the items without a rect of their own take at full size."""
    return sum(ROW_HEIGHTS.get(type(item), row) + GAP for item in items if item.rect is None)


def column_rects(items: Sequence[Control], column: pygame.Rect, row: int) -> list[pygame.Rect]:
    """Stack the items without a rect of their own down `column`, shrinking rows to fit."""
    natural = natural_height(items, row)
    scale = min(1.0, (column.height - GAP) / natural) if natural else 1.0
    y = column.top + GAP
    rects: list[pygame.Rect] = []
    for item in items:
        if item.rect is not None:
            rects.append(item.rect)
            continue
        height = max(MIN_ROW, round(ROW_HEIGHTS.get(type(item), row) * scale))
        rects.append(pygame.Rect(column.left, y, column.width, height))
        y += height + max(2, round(GAP * scale))
    return rects


class Panel:
    """pygame_gui elements kept in step with a list of controls."""

    def __init__(self, manager: pygame_gui.UIManager) -> None:
        self.manager = manager
        self.items: list[Control] = []
        self.elements: list[Any] = []
        self.shape: list[tuple[Any, ...]] = []
        self.focus: int | None = None  # index into items of the control Tab reached
        self.bottom = 0  # the foot of the stacked controls, as last shown

    # --- keeping the elements in step ------------------------------------------------

    def show(self, items: Sequence[Control], column: pygame.Rect, row: int) -> None:
        rects = column_rects(items, column, row)
        stacked = [rect.bottom for item, rect in zip(items, rects, strict=True) if not item.rect]
        self.bottom = max(stacked, default=column.top)  # rows shrink only so far: may pass it
        shape = [
            (type(item), tuple(rect), _structure(item))
            for item, rect in zip(items, rects, strict=True)
        ]
        if shape != self.shape:
            if self.in_use():
                return  # keep the old controls until the drag is over
            self._rebuild(items, rects)
            self.shape = shape
        else:
            for item, element in zip(items, self.elements, strict=True):
                _update(item, element)
        self.items = list(items)

    def in_use(self) -> bool:
        """A slider is held by the mouse."""
        return any(
            isinstance(element, pygame_gui.elements.UIHorizontalSlider)
            and element.sliding_button is not None
            and element.sliding_button.held
            for element in self.elements
        )

    def _rebuild(self, items: Sequence[Control], rects: list[pygame.Rect]) -> None:
        """Replace every element; what is typed in the text entry, and its focus, survive."""
        entry = self.entry()
        # A box that appears takes the keys, so a keyboard user can type at once.
        typed, typing = (entry.get_text(), entry.is_focused) if entry else ("", True)
        for element in self.elements:
            element.kill()
        self.elements = [
            _create(item, rect, self.manager) for item, rect in zip(items, rects, strict=True)
        ]
        self.items = list(items)
        entry = self.entry()
        if entry is not None:
            entry.set_text(typed)
            if typing:
                self.manager.set_focus_set(entry)
        if self.focus is not None and self.focus >= len(items):
            self.focus = None

    def entry(self) -> pygame_gui.elements.UITextEntryLine | None:
        return next(
            (
                element
                for item, element in zip(self.items, self.elements, strict=True)
                if isinstance(item, TextEntry)
            ),
            None,
        )

    def submit_entry(self) -> None:
        """Hand what is typed in the text entry to its action, and empty the entry."""
        for item, element in zip(self.items, self.elements, strict=True):
            if isinstance(item, TextEntry):
                text = element.get_text()
                element.set_text("")
                if element.is_focused:
                    element.focus()  # else pygame_gui draws its placeholder under the typing
                item.action(text)

    def element_for(self, text: str) -> Any:
        """The element of the first button or label whose text starts with `text`."""
        return next(
            element
            for item, element in zip(self.items, self.elements, strict=True)
            if getattr(item, "label", getattr(item, "text", "")).startswith(text)
        )

    # --- events ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Run the action of the control an event from pygame_gui is about."""
        index = self._index_of(getattr(event, "ui_element", None))
        if index is None:
            return False
        item = self.items[index]
        if event.type == pygame_gui.UI_BUTTON_PRESSED and isinstance(item, Button):
            item.action()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and isinstance(item, Slider):
            item.action(round(event.value))
        elif event.type in (
            pygame_gui.UI_CHECK_BOX_CHECKED,
            pygame_gui.UI_CHECK_BOX_UNCHECKED,
        ) and isinstance(item, Checkbox):
            item.action(event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and isinstance(item, TextEntry):
            self.submit_entry()
        else:
            return False
        return True

    def _index_of(self, element: Any) -> int | None:
        return next((i for i, known in enumerate(self.elements) if known is element), None)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Tab and Shift+Tab move the focus; Space and Enter work the control it is on."""
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.focus is None:
            return False
        item = self.items[self.focus]
        if event.key == pygame.K_ESCAPE:
            self.focus = None
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if isinstance(item, Button):
                item.action()
            elif isinstance(item, Checkbox):
                item.action(not item.checked)
            else:
                return False
        elif isinstance(item, Slider) and event.key in (
            pygame.K_LEFT,
            pygame.K_RIGHT,
            pygame.K_DOWN,
            pygame.K_UP,
        ):
            step = 1 if event.key in (pygame.K_RIGHT, pygame.K_UP) else -1
            item.action(min(item.high, max(item.low, item.value + step)))
        else:
            return False
        return True

    def move_focus(self, step: int) -> None:
        reachable = [i for i, item in enumerate(self.items) if _focusable(item)]
        if not reachable:
            return
        if self.focus in reachable:
            self.focus = reachable[(reachable.index(self.focus) + step) % len(reachable)]
        else:
            self.focus = reachable[0 if step > 0 else -1]
        entry = self.elements[self.focus] if isinstance(self.items[self.focus], TextEntry) else None
        self.manager.set_focus_set(entry)

    def focused_item(self) -> Control | None:
        return None if self.focus is None else self.items[self.focus]

    def draw_focus(self, surface: pygame.Surface) -> None:
        if self.focus is not None and not isinstance(self.items[self.focus], TextEntry):
            pygame.draw.rect(
                surface,
                FOCUS_COLOR,
                self.elements[self.focus].rect.inflate(4, 4),
                2,
                border_radius=3,
            )


def _focusable(item: Control) -> bool:
    return isinstance(item, Slider | Checkbox | TextEntry) or (
        isinstance(item, Button) and item.enabled
    )


def _structure(item: Control) -> tuple[Any, ...]:
    """What cannot be changed on an existing element."""
    if isinstance(item, Slider):
        return item.low, item.high
    if isinstance(item, Button):
        return (item.theme,)
    if isinstance(item, TextEntry):
        return (item.placeholder,)
    if isinstance(item, Checkbox):
        # Rebuilt rather than set: pygame_gui's set_state posts a click event of its own.
        return (item.label, item.checked)
    return ()


def _create(item: Control, rect: pygame.Rect, manager: pygame_gui.UIManager) -> UIElement:
    elements = pygame_gui.elements
    element: UIElement
    if isinstance(item, Button):
        element = elements.UIButton(
            rect, item.label, manager, object_id=ObjectID(class_id=item.theme)
        )
    elif isinstance(item, Label):
        element = elements.UILabel(rect, item.text, manager)
    elif isinstance(item, Slider):
        # Float values: pygame_gui rounds integer sliders down, so a drag to the right
        # could land one below where the handle was let go.
        element = elements.UIHorizontalSlider(
            rect,
            float(item.value),
            (float(item.low), float(item.high)),
            manager,
            click_increment=1.0,
        )
    elif isinstance(item, Checkbox):
        box = pygame.Rect(rect.x, rect.centery - 10, 20, 20)
        element = elements.UICheckBox(box, item.label, manager, initial_state=item.checked)
    elif isinstance(item, TextEntry):
        element = elements.UITextEntryLine(rect, manager, placeholder_text=item.placeholder)
    else:
        element = elements.UITextBox(item.text, rect, manager)
    _update(item, element)
    return element


def _update(item: Control, element: Any) -> None:
    if isinstance(item, Button):
        if element.text != item.label:
            element.set_text(item.label)
        if item.enabled != element.is_enabled:
            element.enable() if item.enabled else element.disable()
        if item.selected != element.is_selected:
            element.select() if item.selected else element.unselect()
    elif isinstance(item, Label | TextBox):
        shown = getattr(element, "text", getattr(element, "html_text", None))
        if shown != item.text:
            element.set_text(item.text)
    elif (
        isinstance(item, Slider)
        and not element.sliding_button.held
        and element.get_current_value() != item.value
    ):
        element.set_current_value(float(item.value))
