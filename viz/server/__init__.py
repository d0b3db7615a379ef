"""The game server: rooms of any kit game played together, each person at a screen of
their own, every payload made for its screen by one function (`views.view`).

`rooms` holds the rules of a room (seats, turns, who may move), `store` keeps every
room in SQLite so that a restart loses no acknowledged move, `views` makes what a
screen receives, `protocol` checks what a client sends, `hub` carries views to the
connections of a room and plays its automatic seats, and `app` is the ASGI application
(Starlette) that `oddsevens serve` runs under uvicorn. docs/protocol.md describes the
protocol for other clients.
"""
