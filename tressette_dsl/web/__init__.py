"""The browser table: `tressette serve` (an ASGI app) and the page it serves.

The web layer talks to the engine through its public API only (`start`, `legal_actions`,
`apply`, `observe`, `events_for`, `is_over`, `result`, `parse_action`) and never reads the
game state's fields, so that the state may change shape without breaking it. Modules:

* `catalog`: the rulesets a server offers (bundled ones and files from the command line);
* `views`: what one seat (or a spectator) is sent, built from `observe` and `events_for`;
* `protocol`: the messages a page may send, validated before anything else sees them;
* `tables`: tables, seats, secret tokens, bots off the event loop, idle closing;
* `logs`: JSON Lines game logs written as the game goes (`tressette replay` reads them);
* `frames`: a finished log turned into step-by-step pictures for the page's replay;
* `app`: the Starlette application (HTTP + WebSocket), `static/` the page.

Starlette and uvicorn come with the optional extra ``tressette-dsl[web]``; only `app`
imports them.
"""
