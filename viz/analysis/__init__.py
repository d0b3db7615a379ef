"""Sweeps over many games: the runner that spreads them over processes, and the charts."""
