"""The Load board many window and scene tests were worked out on by hand: 7x7 at Load 5,
the default before the default became a board chosen by measurement (docs/load.md)."""

SEVEN_BY_SEVEN = {"rows": 7, "cols": 7, "load": 5}
