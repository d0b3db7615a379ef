"""The PNG heat map of `sweep load --plot`: a chart of more colours than a GIF palette's
shades can hold still draws, each shade that does not fit taking the nearest colour."""

from __future__ import annotations

from PIL import Image

from viz.analysis.load import HEAT
from viz.cli import main
from viz.render.raster import IndexedPalette


def test_a_palette_whose_shades_pass_256_entries_keeps_256():
    palette = IndexedPalette(HEAT)
    assert len(palette.colors) == 256
    assert all(int(lut.max()) < 256 for lut in palette.lut.values())


def test_sweep_load_draws_its_png_heat_map(tmp_path, capsys):
    chart = tmp_path / "x.png"
    argv = ["sweep", "load", "--rows", "3-4", "--cols", "3", "--load", "3", "--trials", "5"]
    assert main([*argv, "--workers", "1", "--plot", str(chart)]) == 0
    assert capsys.readouterr().err == f"{chart}\n"  # no progress: this is no terminal
    with Image.open(chart) as image:
        colours = {rgb for _, rgb in image.convert("RGB").getcolors(1 << 16)}
    assert any(HEAT.colors[f"heat-{n}"] in colours for n in range(9))  # squares drawn
