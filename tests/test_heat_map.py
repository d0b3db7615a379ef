"""The PNG heat map of `sweep load --plot`: a chart of more colours than a GIF palette's
shades can hold still draws, each shade that does not fit taking the nearest colour."""

from __future__ import annotations

from PIL import Image

from games.load.sweep import LoadRow
from viz.cli import main
from viz.render.raster import IndexedPalette
from viz.sweeps.load import HEAT


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


def test_every_rate_reads_on_its_square_at_4_5_to_1():
    from viz.scenes.shapes import contrast
    from viz.sweeps.load import heat_map

    rows = [LoadRow(3, 3, load, 100, rate, 5.0) for load, rate in enumerate(RATES, start=3)]
    scene = heat_map(rows, width=2000)  # room for a label in every square
    keys = scene.by_key()
    labels = [s for s in scene.shapes if s.key.endswith("-rate")]
    assert len(labels) == len(RATES)
    for label in labels:
        square = keys[label.key.removesuffix("-rate")]
        assert contrast(scene.rgb(label.fill), scene.rgb(square.fill)) >= 4.5, label.text


RATES = [n / 9 + 0.01 for n in range(9)]  # one in each shade, the darkest red to blue
