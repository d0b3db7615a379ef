"""Sweeps over many games: the runner that spreads work over processes or a cluster
(the move analysis uses it too), the games a cell plays, the two fairness sweeps and
their charts."""
