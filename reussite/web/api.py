"""The JSON API of the browser front end: one game in progress, kept server-side in the engine.

Every change carries the ``version`` of the position it was made on; a change made on an older version
(another tab, a double submit) is refused with 409 and the current position, so two tabs cannot corrupt
the game. After every change the game is autosaved (atomic write) in the data folder; a corrupt autosave
is renamed aside, never deleted, and reported on the page.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from html import escape
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from reussite import advisor, saves
from reussite.argtypes import whole_number
from reussite.cards import random_game_number
from reussite.errors import IllegalMove, PluginError, UnknownGame, UserError, os_reason
from reussite.game import AnyMove
from reussite.l10n import available_langs, locale_tag, translator_for_game
from reussite.messages import N_, Message, Translator
from reussite.rules import Kind
from reussite.session import SaveExists
from reussite.web import strings as S
from reussite.web.session import Session, _move_json, legal_json
from reussite.web.worker import decode_move

MAX_SOLVER_SECONDS = 60.0
REWIND_SECONDS = 1.0  # per position looked at, walking back from a lost one
REWIND_TOTAL_SECONDS = 15.0
SOLVE_SECONDS = 10.0
WATCH_SECONDS = 0.5  # the live check's CPU time (the background check for a proved loss)
#: Its ceiling on the clock: no one waits for it (any change cancels it), and the solver's process runs at nice
#: 19, so on a busy machine its CPU half second may take this long.
WATCH_WALL_SECONDS = 8.0
MAX_BODY_BYTES = 16 * 1024
MAX_UPLOAD_BYTES = 1024 * 1024  # an uploaded save travels as text inside the request body
#: A bookmark's line travels whole (its moves from the deal, about 8 bytes each): 16 KiB held some 2,000
#: moves; 1 MiB holds more than 100,000, for that route only.
MAX_LINE_BYTES = 1024 * 1024


#: What a handler that takes a body returns: the fields to add to the state it answers with, or its own answer.
Answer = dict[str, Any] | Response


class BadRequest(Exception):
    """A request the API refuses; ``status`` and a message (a Message or plain text)."""

    def __init__(self, status: int, message: Message | str, state: bool = False) -> None:
        super().__init__(str(message))
        self.status = status
        self.message = message
        self.state = state  # include the current state in the answer (stale moves)


def _language_name(code: str) -> str:
    """A language's name in that language (``français``), as language menus show it."""
    from babel import Locale

    try:
        return Locale.parse(code).get_display_name(code) or code
    except (ValueError, LookupError):
        return code


# -- request handling -------------------------------------------------------------------------------


async def read_json(request: Request, limit: int = MAX_BODY_BYTES) -> dict[str, Any]:
    """The request body as a JSON object (at most ``limit`` bytes), read with the saves' bounded reader;
    BadRequest otherwise."""
    length = request.headers.get("content-length")
    if length is not None:
        size = whole_number(length)
        if size is None:
            raise BadRequest(400, "bad Content-Length header")
        if size > limit:
            raise BadRequest(413, f"the request body is too large (at most {limit} bytes)")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise BadRequest(413, f"the request body is too large (at most {limit} bytes)")
    except ClientDisconnect:
        # Nobody is left to answer; not a failure of the game.
        print(f"reussite: the client left during the request body of {request.url.path}", file=sys.stderr)
        raise BadRequest(400, "the client disconnected before sending the whole request body") from None
    if not body:
        return {}
    try:
        data = saves.parse_json(bytes(body), Message(N_("the request body")), limit)
    except UserError as exc:
        raise BadRequest(400, exc.message) from None
    if not isinstance(data, dict):
        raise BadRequest(400, "the request body must be a JSON object")
    return data


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
    if name not in data or data[name] is None:
        if required:
            raise BadRequest(400, f"the field {name!r} is missing")
        return None
    value = data[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BadRequest(400, f"the field {name!r} should be a {names}, not {value!r}")
    return value


def watch_payload(game, seconds: float = WATCH_SECONDS) -> dict[str, Any]:
    """The live check's job: ``seconds`` of the solver's CPU time, within :data:`WATCH_WALL_SECONDS`."""
    return {"save": saves.to_json(game), "seconds": seconds, "wall_seconds": max(seconds, WATCH_WALL_SECONDS)}


def _solver_seconds(value: float) -> float:
    if not 0 <= value <= MAX_SOLVER_SECONDS:
        raise BadRequest(400, f"seconds should be from 0 to {MAX_SOLVER_SECONDS:g}, not {value!r}")
    return value


def _count(data: dict[str, Any]) -> int:
    n = _field(data, "n", int, required=False)
    return 1 if n is None else n


class Access(Enum):
    """How a route is reached and what its wrapper (:meth:`Api.endpoint`) does around its handler."""

    READ = "read"  # GET; changes nothing
    WRITE = "write"  # POST tied to the position the page shows: a stale version is refused (409)
    POST = "post"  # POST about something else than the position (the clock, the saves folder)


@dataclass(frozen=True)
class Endpoint:
    """One line of the route table: ``/api/<path>`` answered by ``handler`` (a method of :class:`Api`)."""

    path: str
    handler: Callable[..., Awaitable[Any]]
    access: Access
    limit: int = MAX_BODY_BYTES  # the largest request body accepted

    @property
    def method(self) -> str:
        return "GET" if self.access is Access.READ else "POST"


class Api:
    """The routes' behaviour; :data:`ROUTES` lists them and ``server.create_app`` serves them."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def endpoint(self, route: Endpoint) -> Callable[..., Awaitable[Response]]:
        """``route``'s handler bound to this API, wrapped by its access.

        Every route with a body goes through the same wrapper: a WRITE is refused on a stale version before
        its handler runs; whatever the handler changed in the game in progress is then recorded once (a new
        version, the solver's work cancelled, the clock, the statistics, the autosave); a handler that returns
        fields gets the new state with them. No handler checks the version or records a change itself."""
        handler = getattr(self, route.handler.__name__)
        if route.access is Access.READ:
            return handler

        async def with_body(request: Request, data: dict[str, Any]) -> Response:
            session = self.session
            if route.access is Access.WRITE:
                self._check_version(data)
            version, before = session.version, session.mark()
            answer = await handler(request, data)
            if session.version == version and session.mark() != before:
                session.changed()
            await session.written()  # the change reached the system before it is answered (a kill loses nothing)
            return answer if isinstance(answer, Response) else self._answer(request, data, **answer)

        with_body.route = route  # type: ignore[attr-defined]  # the table test checks every POST has it
        return with_body

    def _lang(self, request: Request, data: dict[str, Any] | None = None) -> str | None:
        """The language the page asked for, followed by the browser's (Accept-Language, in its order):
        ``it:fr:en``. Text the first has not translated comes in the next that has it (Session.base_translator)."""
        if data and isinstance(data.get("lang"), str):
            lang = data["lang"]
        else:
            lang = request.query_params.get("lang")
        accept = [part.split(";")[0].strip() for part in request.headers.get("accept-language", "").split(",")]
        accept = [code for code in accept if code and code != "*" and ":" not in code]
        return ":".join([lang or "", *accept]) if accept else lang

    def _answer(self, request: Request, data: dict[str, Any] | None = None, **extra: Any) -> JSONResponse:
        state = self.session.state_json(self._lang(request, data))
        state.update(extra)
        return JSONResponse(state)

    def _check_version(self, data: dict[str, Any]) -> None:
        version = _field(data, "version", int)
        if version != self.session.version:
            raise BadRequest(409, Message(S.M_STALE), state=True)

    def _stack(self, data: dict[str, Any], name: str) -> int:
        stack_id = _field(data, name, str)
        game = self.session.game
        if stack_id in game.index:
            return game.index[stack_id]
        raise BadRequest(400, f"no stack {stack_id!r} in {game.id} (stacks: {', '.join(game.index)})")

    def error(self, request: Request, exc: BadRequest, lang: str | None = None, soft: bool = False) -> JSONResponse:
        """The refusal as JSON. ``soft`` (the page's ``"soft": true``): a move the rules refuse (422) is an
        ordinary answer, 200 with ``refused``, which the browser does not log as a failed request."""
        tr = self.session.translator(lang or request.query_params.get("lang"))
        text = tr.render(exc.message) if isinstance(exc.message, Message) else str(exc.message)
        body: dict[str, Any] = {"error": text}
        if exc.state:
            try:
                with self.session.host.guard(self.session.game):
                    body["state"] = self.session.state_json(tr.lang)
            except PluginError:
                pass  # the error already names the plugin; the page keeps what it shows
        if soft and exc.status == 422:
            body["refused"] = True
            return JSONResponse(body)
        return JSONResponse(body, status_code=exc.status)

    # -- reading ----------------------------------------------------------------------------------------

    async def boot(self, request: Request) -> Response:
        lang = self._lang(request)
        tr = self.session.translator(lang)
        return JSONResponse({
            "strings": S.translated_strings(tr),
            "games": self.session.games_json(lang),
            "state": self.session.state_json(lang),
            "langs": [{"code": code, "name": _language_name(code)} for code in available_langs()],
            "locale": locale_tag(tr.lang),  # dates and numbers in the interface language's own order
        })

    async def strings(self, request: Request) -> Response:
        return JSONResponse(S.translated_strings(self.session.translator(self._lang(request))))

    async def games(self, request: Request) -> Response:
        return JSONResponse(self.session.games_json(self._lang(request)))

    async def state(self, request: Request) -> Response:
        return self._answer(request)

    async def legal(self, request: Request) -> Response:
        game = self.session.game
        return JSONResponse({"version": self.session.version,
                             "moves": legal_json(game)})

    # -- the solver's work (in its own process; see reussite.web.worker) -------------------------------------

    def _seconds(self, data: dict[str, Any], default: float) -> float:
        value = _field(data, "seconds", (int, float), required=False)
        return default if value is None else _solver_seconds(value)

    def _asked_version(self, data: dict[str, Any]) -> int:
        """The version the page asks about (the current one if it names none)."""
        version = _field(data, "version", int, required=False)
        return self.session.version if version is None else version

    async def _work(self, kind: str, payload: dict[str, Any], version: int,
                    background: bool = False) -> dict[str, Any] | None:
        """Run a job on the position of ``version``; None if the position has changed meanwhile."""
        session = self.session
        if version != session.version:
            return None
        if session.watching and not background:
            session.solver().cancel()  # the player asked for something: the background check gives way
        result = await session.solver().run(kind, payload)
        if session.version != version or result.get("cancelled"):
            return None
        if result.get("no_answer"):  # plugin code under the search never returned: its game is named
            cls = type(session.game)
            plugin = getattr(cls, "plugin_name", "") or "?"
            if plugin in session.host.plugins:
                session.host.plugins[plugin].error(f"game {cls.id!r}: {result['error']}")
            raise BadRequest(500, Message(S.M_SOLVER_NO_ANSWER, {
                "seconds": f"{result['no_answer']:g}", "game": cls.id, "plugin": plugin}))
        if "error" in result:
            raise BadRequest(500, Message(S.M_SOLVER_FAILED, {"reason": result["error"]}))
        return result

    def _stale(self) -> JSONResponse:
        return JSONResponse({"version": self.session.version, "stale": True})

    async def hint(self, request: Request, data: dict[str, Any]) -> Response:
        session = self.session
        tr = session.translator(self._lang(request, data))
        version = self._asked_version(data)
        game = session.game
        limit = _field(data, "limit", (int, float), required=False)
        limit = session.hint_limit if limit is None else _solver_seconds(limit)
        # The player's ceiling, or a time the page asks for; by default this game's own (advisor.hint_seconds).
        seconds = self._seconds(data, advisor.hint_seconds(type(game), limit))
        if session.over():
            result: dict[str, Any] | None = {"kind": "none", "move": None}
        else:
            # The page's budget is the search's CPU time; the advisor adds a wall-clock ceiling (advisor.WALL_GRACE).
            payload: dict[str, Any] = {"save": saves.to_json(game), "seconds": seconds}
            if _field(data, "play", bool, required=False):  # "Play it": searched deeper (advisor.play_advice)
                payload["deep_seconds"] = max(seconds, limit)
            result = await self._work("hint", payload, version)
        if result is None:
            return self._stale()
        kind = result["kind"]
        body: dict[str, Any] = {"version": version, "kind": kind, "move": None, "deep": bool(result.get("deep")),
                                "budget": seconds}  # the hint's CPU seconds
        move = None if kind == "lost" or result["move"] is None else decode_move(result["move"])
        why = Message(S.M_HINT_WINNING if kind == "winning" else S.M_HINT_GUESS)
        # A guess in a game whose moves are final: said, and "Play it" asks first (solver.js).
        body["final"] = final = kind == "heuristic" and move is not None and advisor.moves_are_final(game)

        def sentence(t: Translator) -> str:
            if kind == "lost":
                return t.render(Message(S.M_NO_WIN))
            if move is None:
                return t.gettext(S.UI_STRINGS["hint_none"])
            said = f"{session.describe_move(move, t)} {t.render(why)}"
            return f"{said} {t.render(Message(advisor.M_FINAL_GUESS))}" if final else said

        # The sentence in every language the page offers: switching language shows it again without a search.
        body["text"] = sentence(tr)
        asked = self._lang(request, data) or ""
        body["texts"] = {code: sentence(session.translator(f"{code}:{asked}")) for code in available_langs()}
        if kind == "lost":
            session.proved_lost = version
            body["state"] = session.state_json(tr.lang)
        elif move is not None:
            body.update(move=session.move_json(move), kind_text=tr.render(why))
        return JSONResponse(body)

    async def watch(self, request: Request, data: dict[str, Any]) -> Response:
        """A short search in the background after each change: is the game proved lost? (The page asks when
        the player pauses; a winning line found is kept for the next hint.)"""
        session = self.session
        version = self._asked_version(data)
        seconds = self._seconds(data, WATCH_SECONDS)
        if session.over():
            return JSONResponse({"version": version, "verdict": "over"})
        session.watching += 1
        try:
            result = await self._work("solve", watch_payload(session.game, seconds), version, background=True)
        finally:
            session.watching -= 1
        if result is None:
            return self._stale()
        if result["verdict"] == "lost":
            session.proved_lost = version
        return self._answer(request, data, verdict=result["verdict"])

    async def solve(self, request: Request, data: dict[str, Any]) -> Response:
        """The winning line from the current position, for the demo."""
        session = self.session
        tr = session.translator(self._lang(request, data))
        version = self._asked_version(data)
        seconds = self._seconds(data, SOLVE_SECONDS)
        game = session.game
        if game.is_won():
            return JSONResponse({"version": version, "verdict": "won", "line": []})
        result = await self._work("solve", {"save": saves.to_json(game), "seconds": seconds}, version)
        if result is None:
            return self._stale()
        verdict = result["verdict"]
        body: dict[str, Any] = {"version": version, "verdict": verdict, "line": []}
        if verdict == "won":
            session.assist = "demo"  # the solver's line is shown: the game is no longer the player's alone
            probe = game.copy()
            for value in result["line"]:
                move = decode_move(value)
                body["line"].append(_move_json(probe, move))
                probe.push(move)
            count = len(body["line"])
            body["text"] = tr.render(Message(S.M_LINE_FOUND, plural=S.M_LINE_FOUND_PLURAL, count=count))
        elif verdict == "lost":
            session.proved_lost = version
            body["text"] = tr.render(Message(S.M_NO_WIN))
            body["state"] = session.state_json(tr.lang)
        else:
            body["text"] = tr.render(Message(S.M_NO_LINE, {"seconds": seconds}))
        return JSONResponse(body)

    async def rewind(self, request: Request, data: dict[str, Any]) -> Response:
        """How many moves to undo to the last position from which the solver proves a win."""
        session = self.session
        tr = session.translator(self._lang(request, data))
        version = self._asked_version(data)
        found = session.rewinds.get(version)
        if found is None:
            if not session.game.can_undo:
                found = {"undo": None}
            else:
                payload = {"save": saves.to_json(session.game), "seconds": REWIND_SECONDS,
                           "total_seconds": REWIND_TOTAL_SECONDS}
                found = await self._work("rewind", payload, version)
                if found is None:
                    return self._stale()
            session.rewinds[version] = found
        undo = found["undo"]
        body: dict[str, Any] = {"version": version, "undo": undo}
        if undo:
            body["label"] = tr.render(Message(S.M_UNDO_N, plural=S.M_UNDO_N_PLURAL, count=undo))
        else:
            body["text"] = tr.render(Message(S.M_NO_REWIND))
        return JSONResponse(body)

    async def stats(self, request: Request) -> Response:
        """The statistics panel's figures and a page of its log (``?game=ID`` for one game only; ``offset``:
        the games newer than the page), read in the statistics' thread."""
        offset = whole_number(request.query_params.get("offset") or "0")
        if offset is None:
            raise BadRequest(400, f"offset should be a whole number, not {saves.shown(request.query_params['offset'])}")
        session, lang, game_id = self.session, self._lang(request), request.query_params.get("game") or None
        return JSONResponse(await session.in_stats_thread(lambda: session.stats_json(lang, game_id, offset)))

    async def help(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        lang = self._lang(request)
        tr = self.session.translator(lang)
        try:
            cls = self.session.host.game(game_id)
        except UnknownGame as exc:  # the host's one error for an unknown game
            return JSONResponse({"error": tr.render(exc.message)}, status_code=404)
        game_tr = translator_for_game(self.session.base_translator(lang), cls, self.session.host)
        missing = game_tr.render(Message(S.M_NO_HELP, {"game": Message(cls.name)}))
        try:
            from reussite.helpdocs import render_help
        except ImportError:
            return JSONResponse({"error": missing}, status_code=404)
        # The wanted language first, then the others (the French source is better than nothing).
        problems = []
        host = self.session.host
        for code in dict.fromkeys((tr.lang, *tr.fallbacks, *available_langs())):
            try:
                # Cutting a page is CPU work (a big page takes a while): off the loop, the server keeps answering;
                # a failure blames the page's plugin, not the game in play.
                def cut(code: str = code) -> str:
                    with host.guard(host.help_owner(game_id)):
                        return render_help(host, game_id, code, "html", tr.fallbacks)

                html = await run_in_threadpool(cut)
            except PluginError as exc:
                return JSONResponse({"error": game_tr.render(exc.message)}, status_code=500)
            except UserError as exc:
                problems.append(exc.message)
                continue
            if code != tr.lang:
                note = game_tr.render(Message(S.M_HELP_OTHER_LANG, {"language": _language_name(code)}))
                html = f'<p class="help-note" lang="{tr.lang}">{escape(note)}</p>\n{html}'
            return HTMLResponse(html, headers={"Content-Language": code})
        return JSONResponse({"error": f"{missing} ({game_tr.render(problems[0])})"}, status_code=404)

    # -- changing -----------------------------------------------------------------------------------

    async def new(self, request: Request, data: dict[str, Any]) -> Answer:
        game_id = _field(data, "game", str, required=False)
        number = _field(data, "number", (int, str), required=False)
        options = _field(data, "options", dict, required=False) or {}
        if game_id is None and self.session.game is not None:
            game_id = self.session.game.id
        try:
            self.session.host.game(game_id)
        except UnknownGame as exc:  # the host's one error for an unknown game
            raise BadRequest(404, exc.message) from None
        if isinstance(number, str):
            number = whole_number(number)
            if number is None:
                raise BadRequest(400, Message(S.UI_STRINGS["bad_number"]))
        if any(not isinstance(v, str) for v in options.values()):
            raise BadRequest(400, "option values must be strings")
        if _field(data, "winnable", bool, required=False):
            return await self._new_winnable(request, data, game_id, number, options)
        try:
            self.session.start(game_id, number, options)
        except UserError as exc:
            raise BadRequest(400, exc.message) from exc
        return {}

    async def _new_winnable(self, request: Request, data: dict[str, Any], game_id: str, number: int | None,
                            options: dict[str, str]) -> Answer:
        """A new game whose deal the solver proves winnable: from the number the game would have had, the
        next numbers in turn, ``seconds`` of the solver's CPU time for each, ``total_seconds`` in all (then it
        says plainly that this game's deals are rarely proved winnable in the time given). The search runs in
        the solver's process; the page follows it through ``state.search`` (``GET /api/search``) and may stop
        it (``POST /api/search/stop``)."""
        session = self.session
        try:
            cls = session.host.game(game_id)
            options = dict(cls.resolve_options(options))
        except UserError as exc:
            raise BadRequest(400, exc.message) from exc
        seconds = _field(data, "seconds", (int, float), required=False) or advisor.WINNABLE_SECONDS
        _solver_seconds(seconds)
        total = _field(data, "total_seconds", (int, float), required=False) or advisor.WINNABLE_TOTAL_SECONDS
        _solver_seconds(total)
        first = number if number is not None else random_game_number()
        if session.search is not None:
            session.solver().cancel()
        search = {"game": game_id, "number": str(first), "tried": 0}
        session.search = search

        def progress(info: dict[str, Any]) -> None:
            if session.search is search:
                search.update(number=info["number"], tried=info["tried"])

        payload = {"game": game_id, "options": options, "first": first, "seconds": float(seconds),
                   "tries": advisor.WINNABLE_TRIES, "search_seconds": float(total)}
        result = await session.solver().run("winnable", payload, on_progress=progress)
        if session.search is not search:  # another search took its place
            return {"found": None}
        session.search = None
        # The one handler that waits before it changes the game: another tab may have played meanwhile.
        self._check_version(data)
        if result.get("error"):
            raise BadRequest(500, Message(S.M_SOLVER_FAILED, {"reason": result["error"]}))
        if not result.get("number"):
            tr = session.translator(self._lang(request, data))
            text = None if result.get("cancelled") else tr.render(advisor.no_winnable_message(
                advisor.Found(None, [], result["tried"]), float(seconds)))
            return {"found": None, "message": text}
        session.start(game_id, int(result["number"]), options)
        session.assist = "winnable"
        session.autosave()
        return {"found": result["number"], "tried": result["tried"]}

    async def search(self, request: Request) -> Response:
        tr = self.session.translator(self._lang(request))
        return JSONResponse({"version": self.session.version, "search": self.session.search_json(tr)})

    async def search_stop(self, request: Request, data: dict[str, Any]) -> Answer:
        if self.session.search is not None:
            self.session.solver().cancel()
        return JSONResponse({"version": self.session.version})

    async def restart(self, request: Request, data: dict[str, Any]) -> Answer:
        game = self.session.game
        self.session.start(game.id, game.number, dict(game.option_values))
        return {}

    def _play(self, move: AnyMove, data: dict[str, Any]) -> list[AnyMove]:
        game = self.session.game
        try:
            game.push(move)
        except IllegalMove as exc:
            raise BadRequest(422, exc.message) from exc
        played = [move]
        if data.get("auto") is True:
            played += game.autoplay()
        return played

    async def move(self, request: Request, data: dict[str, Any]) -> Answer:
        src, dst = self._stack(data, "src"), self._stack(data, "dst")
        n = _count(data)
        if not 1 <= n <= 1000:
            raise BadRequest(400, f"the field 'n' should be a count of cards, not {n!r}")
        # A card dropped on another that pairs with it removes the two (a game with pairs; Game.pair_for).
        played = self._play(self.session.game.pair_for(src, dst, n), data)
        return {"played": [self.session.move_json(m) for m in played]}

    async def deal(self, request: Request, data: dict[str, Any]) -> Answer:
        self._play(self.session.game.stock_move(), data)
        return {}

    async def best(self, request: Request, data: dict[str, Any]) -> Answer:
        """Double-click (R-FT-9): a foundation plays all it can; a card goes where it goes best."""
        src = self._stack(data, "src")
        game = self.session.game
        n = _count(data)
        if game.specs[src].kind is Kind.FOUNDATION:
            if not game.autoplay():
                raise BadRequest(422, Message(S.UI_STRINGS["hint_none"]))
            return {}
        if not game.cards[src]:
            raise BadRequest(422, Message(S.M_NO_CARD, {"source": game.specs[src].name}))
        if not 1 <= n <= len(game.cards[src]):
            raise BadRequest(400, f"the field 'n' should be a count of cards on that stack, not {n!r}")
        move = game.best_move_from(src, n)
        if move is None:
            raise BadRequest(422, Message(S.M_NO_MOVE_FROM, {"card": game.cards[src][-n]}))
        self._play(move, data)
        return {}

    async def undo(self, request: Request, data: dict[str, Any]) -> Answer:
        """Take back the last move, or ``count`` moves at once (the "undo N moves" offer after a loss)."""
        count = _field(data, "count", int, required=False) or 1
        game = self.session.game
        if not game.can_undo:
            raise BadRequest(422, Message(S.M_NOTHING_TO_UNDO))
        if not 1 <= count <= game.move_count:
            raise BadRequest(400, f"the field 'count' should be from 1 to {game.move_count}, not {count!r}")
        for _ in range(count):
            game.pop()
        return {}

    async def redo(self, request: Request, data: dict[str, Any]) -> Answer:
        if not self.session.game.can_redo:
            raise BadRequest(422, Message(S.M_NOTHING_TO_REDO))
        try:
            self.session.game.redo()
        except IllegalMove as exc:
            raise BadRequest(422, exc.message) from exc
        return {}

    # -- the move log: the game's line of moves, and going back or forward along it ------------------------

    async def log(self, request: Request) -> Response:
        """Every move of the line (those played, then those undone that redo would play again), each in the
        game's notation and in words, and ``at``: how many of them are played."""
        return JSONResponse(self.session.log_json(self._lang(request)))

    async def goto(self, request: Request, data: dict[str, Any]) -> Answer:
        """Undo or redo to the position after ``moves`` moves of the line (a click in the move log), or go to
        ``line``: the moves from the start of the deal in the game's notation (a bookmark, set on this line or
        on one since undone)."""
        game = self.session.game
        if "line" in data:
            return self._goto_line(_field(data, "line", list))
        target = _field(data, "moves", int)
        last = game.move_count + len(game.redo_moves)
        if not 0 <= target <= last:
            raise BadRequest(400, f"the field 'moves' should be from 0 to {last}, not {target!r}")
        return self._along_line(target)

    def _along_line(self, target: int) -> Answer:
        """Undo or redo until ``target`` moves of the game's line are played."""
        game = self.session.game
        while game.move_count > target:
            game.pop()
        try:
            while game.move_count < target:
                game.redo()
        except IllegalMove as exc:
            raise BadRequest(422, exc.message) from exc
        return {}

    def _goto_line(self, line: list[Any]) -> Answer:
        """PySolFC's bookmarks restore the whole position: the line is replayed from the deal on a copy first
        (nothing changes if a move of it is refused), then the game goes back to where its line and the
        bookmark's part and plays the bookmark's moves from there. On the game's line, the moves after the
        bookmark stay to redo."""
        game = self.session.game
        probe = game.copy()
        while probe.move_count:
            probe.pop()
        moves = []
        for k, text in enumerate(line, 1):
            if not isinstance(text, str):
                raise BadRequest(400, f"the field 'line' should hold moves in notation, not {text!r} (move {k})")
            try:
                move = probe.parse_move(text)
                probe.push(move)
            except UserError as exc:  # IllegalMove included
                said = Message(S.M_BOOKMARK_MOVE, {"number": k, "move": text, "reason": exc.message})
                raise BadRequest(422, said) from exc
            moves.append(move)
        played = [game.notation(m) for m in game.history]
        if [*played, *(game.notation(m) for m in game.redo_moves)][:len(line)] == line:
            return self._along_line(len(line))  # on the line: undo or redo along it, the rest kept
        common = next((k for k, (a, b) in enumerate(zip(played, line, strict=False)) if a != b),
                      min(len(played), len(line)))  # the moves both lines start with
        while game.move_count > common:
            game.pop()
        for move in moves[common:]:
            game.push(move, check=False)  # each was checked on the copy, from the same position
        return {}

    async def autoplay(self, request: Request, data: dict[str, Any]) -> Answer:
        self.session.game.autoplay()  # nothing to play: the answer is the same position
        return {}

    # -- the clock ------------------------------------------------------------------------------------------

    async def clock(self, request: Request, data: dict[str, Any]) -> Answer:
        """The page says whether it shows the game (``visible``): the clock runs only while one does."""
        self.session.seen(_field(data, "visible", bool))
        return JSONResponse({"version": self.session.version, "elapsed": round(self.session.elapsed(), 1)})

    # -- named saves --------------------------------------------------------------------------------------

    async def _saves_answer(self, request: Request, data: dict[str, Any] | None = None, **extra: Any) -> JSONResponse:
        lang = self._lang(request, data)
        return JSONResponse({"version": self.session.version, "saves": await self.session.saves_json(lang), **extra})

    async def saves_list(self, request: Request) -> Response:
        return await self._saves_answer(request)

    async def saves_file(self, request: Request) -> Response:
        """A saved game's file, to download (the documented save format, as the text mode reads it)."""
        path = saves.named_path(self.session.saves_dir, request.query_params.get("name"))
        content = await self.session.in_writer(lambda: saves.read_bounded(path, own=True))
        ascii_name = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in path.name[:-5])
        disposition = f"attachment; filename=\"{ascii_name}.json\"; filename*=UTF-8''{quote(path.name)}"
        return Response(content, media_type="application/json", headers={"Content-Disposition": disposition})

    async def saves_save(self, request: Request, data: dict[str, Any]) -> Answer:
        """Save the game in progress under a name; ``replace`` to write over a save of that name. Tied to
        the position the page shows (a write route): a stale tab saves nothing it has not seen."""
        replace = bool(_field(data, "replace", bool, required=False))
        try:
            path = await self.session.save_as(_field(data, "name", str), replace)
        except SaveExists as exc:
            raise BadRequest(409, exc.message) from None
        return await self._saves_answer(request, data, saved=path.stem)

    async def saves_load(self, request: Request, data: dict[str, Any]) -> Answer:
        """Replace the game in progress with a saved one. Tied to the position the player agreed to leave
        (a stale tab cannot replace a newer game); the save is replayed and checked before anything changes."""
        await self.session.load_named(_field(data, "name", str))
        return {"loaded": saves.save_name(data["name"])}

    async def saves_delete(self, request: Request, data: dict[str, Any]) -> Answer:
        path = saves.named_path(self.session.saves_dir, _field(data, "name", str))
        try:
            await self.session.in_writer(path.unlink)
        except FileNotFoundError:
            raise BadRequest(404, Message(S.M_SAVE_MISSING, {"name": path.stem})) from None
        except OSError as exc:
            reason = os_reason(exc)
            raise BadRequest(500, Message(S.M_SAVE_NOT_DELETED, {"file": str(path), "reason": reason})) from None
        return await self._saves_answer(request, data, deleted=path.stem)

    async def saves_upload(self, request: Request, data: dict[str, Any]) -> Answer:
        """A save file the player chose (its ``text``, as read by the page) kept under ``name``, once it
        has been replayed and checked: a file the text mode could not load is refused, naming ``file``."""
        name = saves.save_name(_field(data, "name", str))
        text = _field(data, "text", str)
        where = _field(data, "file", str, required=False) or name
        parsed = saves.parse_json(text.encode("utf-8"), where)
        try:
            saves.from_json(parsed, self.session.host, where)
        except UserError as exc:
            raise BadRequest(422, exc.message) from None
        path = saves.named_path(self.session.saves_dir, name)
        text = text if text.endswith("\n") else text + "\n"
        replace = bool(_field(data, "replace", bool, required=False))
        try:
            await self.session.in_writer(lambda: self.session.write_named(path, text, replace))
        except SaveExists as exc:
            raise BadRequest(409, exc.message) from None
        return await self._saves_answer(request, data, saved=name)


R, W, P = Access.READ, Access.WRITE, Access.POST
#: Every API route: adding an endpoint is one line here (and its handler).
ROUTES: tuple[Endpoint, ...] = (
    Endpoint("boot", Api.boot, R),
    Endpoint("strings", Api.strings, R),
    Endpoint("games", Api.games, R),
    Endpoint("state", Api.state, R),
    Endpoint("legal", Api.legal, R),
    Endpoint("help/{game_id}", Api.help, R),
    Endpoint("search", Api.search, R),
    Endpoint("saves", Api.saves_list, R),
    Endpoint("saves/file", Api.saves_file, R),
    Endpoint("stats", Api.stats, R),
    Endpoint("log", Api.log, R),
    Endpoint("new", Api.new, W),
    Endpoint("restart", Api.restart, W),
    Endpoint("move", Api.move, W),
    Endpoint("deal", Api.deal, W),
    Endpoint("best", Api.best, W),
    Endpoint("undo", Api.undo, W),
    Endpoint("redo", Api.redo, W),
    Endpoint("goto", Api.goto, W, MAX_LINE_BYTES),
    Endpoint("autoplay", Api.autoplay, W),
    Endpoint("saves/save", Api.saves_save, W),
    Endpoint("saves/load", Api.saves_load, W),
    # The solver's work costs CPU: POST (with the server's Origin check), never a link another site can load.
    Endpoint("hint", Api.hint, P),
    Endpoint("watch", Api.watch, P),
    Endpoint("solve", Api.solve, P),
    Endpoint("rewind", Api.rewind, P),
    Endpoint("search/stop", Api.search_stop, P),
    Endpoint("clock", Api.clock, P),
    Endpoint("saves/delete", Api.saves_delete, P),
    Endpoint("saves/upload", Api.saves_upload, P, MAX_UPLOAD_BYTES),
)
del R, W, P
