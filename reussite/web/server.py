"""The local web app: a Starlette application served by uvicorn (``reussite play``).

``create_app`` builds the application around a :class:`~reussite.web.api.Session` (tests use it with
Starlette's TestClient); ``serve`` is the ``play`` sub-command: it picks the data folder, restores or
starts the game, listens, prints the address and opens the browser.
"""

from __future__ import annotations

import contextlib
import mimetypes
import os
import socket
import sys
import threading
import time
import traceback
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from reussite.errors import UserError
from reussite.messages import N_, Message
from reussite.web import strings as S
from reussite.web.api import Api, BadRequest, Session, read_json

STATIC_PACKAGE = "reussite.web"


def default_data_dir(environ: dict[str, str] | None = None) -> Path:
    """``$REUSSITE_DATA_DIR``, else ``$XDG_DATA_HOME/reussite``, else ``~/.local/share/reussite``."""
    env = os.environ if environ is None else environ
    if env.get("REUSSITE_DATA_DIR"):
        return Path(env["REUSSITE_DATA_DIR"]).expanduser()
    if env.get("XDG_DATA_HOME"):
        return Path(env["XDG_DATA_HOME"]).expanduser() / "reussite"
    return Path.home() / ".local" / "share" / "reussite"


def _load_static() -> dict[str, tuple[bytes, str]]:
    """Every file of ``static/``, read once: the static route can only ever serve these names."""
    files: dict[str, tuple[bytes, str]] = {}
    folder = resources.files(STATIC_PACKAGE) / "static"
    for entry in folder.iterdir():
        if entry.is_file() and not entry.name.startswith("."):
            kind = mimetypes.guess_type(entry.name)[0] or "application/octet-stream"
            if kind.startswith("text/") or kind in ("application/javascript", "image/svg+xml"):
                kind += "; charset=utf-8"
            files[entry.name] = (entry.read_bytes(), kind)
    return files


def create_app(host, data_dir: str | os.PathLike, lang: str = "en", session: Session | None = None,
               allowed_hosts: tuple[str, ...] | None = None) -> Starlette:
    """The web application for ``host`` (the plugin host), autosaving in ``data_dir``.

    Without ``session`` the autosaved game is restored (or a new one started). ``allowed_hosts`` limits
    the Host header (a guard against DNS rebinding); None accepts any.
    """
    if session is None:
        session = Session(host, Path(data_dir), lang)
        session.restore_or_start()
    api = Api(session)
    static = _load_static()
    index_html = static["index.html"][0].decode("utf-8").replace("{{default_lang}}", session.default_lang)

    def guarded(handler: Callable[..., Awaitable[Response]], body: bool) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            if allowed_hosts is not None:
                hostname = request.headers.get("host", "").rsplit(":", 1)[0].strip("[]").lower()
                if hostname not in allowed_hosts:
                    return PlainTextResponse(f"unexpected Host header {hostname!r}", status_code=421)
            data: dict[str, Any] | None = None
            try:
                if body:
                    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
                    if kind != "application/json":
                        # Also keeps other web sites from posting here without a CORS preflight.
                        raise BadRequest(415, "send the request body as application/json")
                    data = await read_json(request)
                    return await handler(request, data)
                return await handler(request)
            except BadRequest as exc:
                lang_arg = data.get("lang") if data and isinstance(data.get("lang"), str) else None
                return api.error(request, exc, lang_arg)
            except UserError as exc:
                return api.error(request, BadRequest(422, exc.message))
            except Exception as exc:  # a bug, most likely in a game plugin: the position is rolled back
                traceback.print_exc(file=sys.stderr)
                game = session.game
                where = Message(S.M_GAME_FAILED, {"game": game.id, "plugin": game.plugin_name,
                                                  "reason": f"{type(exc).__name__}: {exc}"})
                return api.error(request, BadRequest(500, where, state=True))

        return endpoint

    async def index(request: Request) -> Response:
        return Response(index_html, media_type="text/html; charset=utf-8", headers={"Cache-Control": "no-cache"})

    async def static_file(request: Request) -> Response:
        found = static.get(request.path_params["name"])
        if found is None:
            return PlainTextResponse("not found", status_code=404)
        return Response(found[0], media_type=found[1], headers={"Cache-Control": "no-cache"})

    reads = {"boot": api.boot, "strings": api.strings, "games": api.games, "state": api.state,
             "legal": api.legal, "hint": api.hint, "watch": api.watch, "solve": api.solve,
             "rewind": api.rewind, "search": api.search}
    writes = {"new": api.new, "restart": api.restart, "move": api.move, "deal": api.deal, "best": api.best,
              "undo": api.undo, "redo": api.redo, "autoplay": api.autoplay, "search/stop": api.search_stop}
    routes = [
        Route("/", guarded(index, False)),
        Route("/static/{name}", guarded(static_file, False)),
        Route("/api/help/{game_id}", guarded(api.help, False)),
        *(Route(f"/api/{name}", guarded(fn, False), methods=["GET"]) for name, fn in reads.items()),
        *(Route(f"/api/{name}", guarded(fn, True), methods=["POST"]) for name, fn in writes.items()),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        session.close()  # the solver's process goes with the app

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.session = session
    return app


def _listen(address: str, port: int) -> socket.socket:
    if not 0 <= port <= 65535:
        raise UserError(N_("--port must be from 0 (any free port) to 65535, not {port}"), port=port)
    try:
        infos = socket.getaddrinfo(address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UserError(N_("cannot listen on {address}: {reason}"), address=address, reason=str(exc.strerror)) from exc
    family, kind, proto, _, sockaddr = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(sockaddr)
        sock.listen(64)
    except OSError as exc:
        sock.close()
        raise UserError(N_("cannot listen on {address} port {port}: {reason}"), address=address, port=port,
                        reason=exc.strerror or str(exc)) from exc
    sock.set_inheritable(True)
    return sock


def _url(address: str, port: int) -> str:
    shown = "127.0.0.1" if address in ("0.0.0.0", "") else address
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def _session(args, ctx, data_dir: Path) -> Session:
    """The autosaved game, unless the command line names another game, number or options."""
    host = ctx.host
    session = Session(host, data_dir, ctx.tr.lang)
    options = dict(args.option or [])
    if args.game:
        host.game(args.game)  # an unknown game is refused before anything is touched
    session.restore_or_start()
    session.winnable_default = bool(getattr(args, "winnable", False))
    if session.winnable_default and (args.game or args.number is not None):
        from reussite.textplay import find_winnable

        number = find_winnable(ctx, args.game or session.game.id, args.number, options)
        session.start(args.game or session.game.id, number, options)
        return session
    if args.game or args.number is not None or options:
        game = session.game
        wanted = args.game or game.id
        cls = host.game(wanted)
        same = (game.id == wanted and (args.number is None or args.number == game.number)
                and game.option_values == cls.resolve_options(options))
        if not same:
            session.start(wanted, args.number, options)
    return session


def serve(args, ctx) -> int:
    """``reussite play``: serve the browser front end until Ctrl+C."""
    import uvicorn

    _ = ctx.tr.gettext
    data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(N_("cannot create the data folder {folder}: {reason}"), folder=str(data_dir),
                        reason=exc.strerror or str(exc)) from exc
    # Listen first: a busy port must not cost the player the autosaved game.
    sock = _listen(args.host, args.port)
    try:
        session = _session(args, ctx, data_dir)
    except BaseException:
        sock.close()
        raise
    for note in session.notices:
        ctx.err.write(f"reussite: {ctx.tr.render(note)}\n")
    host = ctx.host
    port = sock.getsockname()[1]
    url = _url(args.host, port)
    local = ("127.0.0.1", "localhost", "::1", args.host.lower())
    allowed = None if args.host in ("0.0.0.0", "::", "") else local
    app = create_app(host, data_dir, session=session, allowed_hosts=allowed)
    session.solver().start()  # ready before the first hint
    config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
    server = uvicorn.Server(config)
    ctx.say(_("Réussite is ready at {url} (press Ctrl+C to stop).").format(url=url))
    ctx.out.flush()
    if not args.no_browser:
        def open_browser() -> None:
            import webbrowser

            deadline = time.monotonic() + 10
            while not server.started and time.monotonic() < deadline:
                time.sleep(0.05)
            if not webbrowser.open(url):
                ctx.err.write(_("No browser could be opened: open {url} yourself.").format(url=url) + "\n")

        threading.Thread(target=open_browser, daemon=True).start()
    try:
        server.run(sockets=[sock])
    finally:
        session.close()
        sock.close()
    return 0
