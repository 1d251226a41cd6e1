"""The local web app: a Starlette application served by uvicorn (``reussite play``).

``create_app`` builds the application around a :class:`~reussite.web.api.Session` (tests use it with
Starlette's TestClient); ``serve`` is the ``play`` sub-command: it picks the data folder, restores or
starts the game, listens, prints the address and opens the browser.
"""

from __future__ import annotations

import contextlib
import errno
import mimetypes
import os
import re
import signal
import socket
import sys
import threading
import time
import traceback
from collections.abc import Awaitable, Callable
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from reussite.errors import PluginError, UserError, os_reason
from reussite.l10n import host_translator
from reussite.messages import N_, Message, program_line
from reussite.saves import default_data_dir
from reussite.watchdog import LoopWatchdog
from reussite.web import strings as S
from reussite.web.api import MAX_BODY_BYTES, ROUTES, Access, Api, BadRequest, Session, read_json

STATIC_PACKAGE = "reussite.web"
M_NOT_LOOPBACK = N_("warning: --host is not a loopback address: anyone who can reach this machine on port {port} can "
                    "play your game, read your saves and use your CPU. Only these names are served (the Host "
                    "header): {names}.")


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


_LABEL = re.compile(r'(<(\w+)\b[^>]*?\bdata-s="(\w+)"[^>]*>)(</\2>)')
_TITLE = re.compile(r'(<\w+\b[^>]*?\bdata-t="(\w+)")')


def prefilled(html: str, lang: str) -> str:
    """The page with its labels and tooltips already in ``lang``: the toolbar has its size at the first
    paint instead of growing when the strings arrive (a layout shift). The script fills them again."""
    strings = S.translated_strings(host_translator(lang))
    html = _LABEL.sub(lambda m: f"{m[1]}{escape(strings.get(m[3], ''))}{m[4]}", html)
    html = _TITLE.sub(lambda m: f'{m[1]} title="{escape(strings.get(m[2], ""))}"', html)
    return html.replace("<title>Réussite</title>", f"<title>{escape(strings['app_title'])}</title>")


def with_game(html: str, session: Session) -> str:
    """The page with the game in progress named in its status line (as the script will draw it), so that
    the line does not wrap differently, pushing the table down, when the state arrives."""
    game = session.game
    if game is None:
        return html
    tr = session.translator(None)
    score, top = game.score(), getattr(game, "max_score", None)
    before, _, after = tr.gettext(S.UI_STRINGS["game_and_number"]).partition("{number}")
    fields = {"game-name": before.format(game=tr.gettext(game.name)), "game-number": str(game.number),
              "game-number-after": after.format(game=tr.gettext(game.name)),
              "score": f"{score} / {top}" if top else str(score), "moves": str(game.move_count)}
    if game.redeals != 0:
        html = html.replace('<span id="redeals-box" hidden>', '<span id="redeals-box">')
        left = game.redeals_left
        fields["redeals"] = tr.gettext(S.UI_STRINGS["unlimited"]) if left is None else str(left)
    for name, text in fields.items():
        html = re.sub(rf'(<(\w+) id="{name}"[^>]*>)[^<]*(</\2>)', lambda m, text=text: f"{m[1]}{escape(text)}{m[3]}",
                      html, count=1)
    return html


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
    watchdog = LoopWatchdog(session.host.timeout)  # game code that never returns is stopped, its plugin named
    static = _load_static()
    index_html = prefilled(static["index.html"][0].decode("utf-8").replace("{{default_lang}}", session.default_lang),
                           session.default_lang)

    def lang_of(data: dict[str, Any] | None) -> str | None:
        return data.get("lang") if data and isinstance(data.get("lang"), str) else None

    def soft(data: dict[str, Any] | None) -> bool:
        return bool(data and data.get("soft") is True)

    def guarded(handler: Callable[..., Awaitable[Response]], body: bool,
                limit: int = MAX_BODY_BYTES) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            if allowed_hosts is not None:
                hostname = host_name(request.headers.get("host", ""))
                if hostname not in allowed_hosts:
                    return PlainTextResponse(f"unexpected Host header {hostname!r}", status_code=421)
            refused = cross_site(request, body)
            if refused:
                return PlainTextResponse(refused, status_code=403)
            data: dict[str, Any] | None = None
            saved = session.checkpoint() if body else None
            try:
                with session.host.guard(lambda: session.game, allow=(BadRequest,)):  # a plugin failure is named
                    if not body:
                        return await watchdog.run(handler(request))
                    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
                    if kind != "application/json":
                        # Also keeps other web sites from posting here without a CORS preflight.
                        raise BadRequest(415, "send the request body as application/json")
                    data = await read_json(request, limit)
                    return await watchdog.run(handler(request, data))
            except BadRequest as exc:
                return api.error(request, exc, lang_of(data), soft=soft(data))
            except PluginError as exc:  # the game in progress goes back to where it was before the request
                traceback.print_exception(exc.__cause__ or exc, file=sys.stderr)  # for the plugin's author
                if saved is not None:
                    session.rollback(saved)
                    await session.written()
                return api.error(request, BadRequest(500, exc.rolled_back(), state=True), lang_of(data))
            except UserError as exc:
                return api.error(request, BadRequest(422, exc.message), lang_of(data), soft=soft(data))

        return endpoint

    async def index(request: Request) -> Response:
        return Response(with_game(index_html, session), media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})

    async def static_file(request: Request) -> Response:
        found = static.get(request.path_params["name"])
        if found is None:
            return PlainTextResponse("not found", status_code=404)
        return Response(found[0], media_type=found[1], headers={"Cache-Control": "no-cache"})

    routes = [
        Route("/", guarded(index, False)),
        Route("/static/{name}", guarded(static_file, False)),
        *(Route(f"/api/{r.path}", guarded(api.endpoint(r), r.access is not Access.READ, r.limit), methods=[r.method])
          for r in ROUTES),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        session.close()  # the solver's process goes with the app

    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(SecurityHeaders)])
    app.state.session = session
    app.state.watchdog = watchdog
    return app


def cross_site(request: Request, changes: bool) -> str | None:
    """Why a request sent by another web site is refused (None: it is the page's own, or no browser's).

    A browser names the page that sends a request: ``Origin`` on every POST (and on a script's GET), and
    ``Sec-Fetch-Site`` on everything. A POST (it changes the game or costs solver CPU) must come from this
    very origin, the scheme and host the request was sent to; an API GET from another site (an image or a
    script tag pointing here) is refused too. A request with neither header comes from a program, not
    from a page the player visits: it is served (the Host check still applies)."""
    site = request.headers.get("sec-fetch-site", "").lower()
    origin = request.headers.get("origin")
    api = request.url.path.startswith("/api/")
    if origin is not None and (changes or api):
        own = f"{request.url.scheme}://{request.headers.get('host', '')}".lower()
        if origin.lower() != own:
            return f"cross-origin request refused (Origin {origin!r}, this server is {own!r})"
    if site in ("cross-site", "same-site") and (changes or api):
        return f"cross-site request refused (Sec-Fetch-Site: {site})"
    return None


def host_name(header: str) -> str:
    """The host of a Host header, without its port: ``[::1]:8000`` and ``[::1]`` give ``::1``."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        port = header[end + 1:]
        if end > 0 and (not port or (port[0] == ":" and port[1:].isascii() and port[1:].isdigit())):
            return header[1:end]
        return header  # not a bracketed address: refused as it stands
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


# Only the page's own files may run or style it (no inline script or style), and no other site may
# frame it (clickjacking a move or a "New game").
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
                                 b"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """ASGI middleware: the security headers on every response, refusals and errors included."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in SECURITY_HEADERS if n not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


READ_TIMEOUT = 10.0  # seconds a client has to send a whole request, headers and body
KEEP_ALIVE_TIMEOUT = 5  # seconds an idle connection stays open after an answer
MAX_CONNECTIONS = 64  # requests beyond this many connections or running requests are answered 503
#: Open connections kept before a new one makes room: the ones waiting for (or halfway through) a request
#: are closed, the longest quiet first, so idle or slow clients cannot lock the player out.
IDLE_ROOM = 48
MAX_HEADER_BYTES = 16 * 1024


def timed_h11(read_timeout: float) -> type:
    """uvicorn's h11 protocol with a deadline to read each request.

    uvicorn itself only times out a connection idle after an answer (``timeout_keep_alive``): one that
    never sends a request, or stops halfway through its headers or body, would stay open for ever."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class TimedH11Protocol(H11Protocol):
        _read_timer = None
        _quiet_since = 0.0

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._quiet_since = self.loop.time()
            self._make_room()
            self._watch_reading()

        def data_received(self, data: bytes) -> None:
            self._quiet_since = self.loop.time()
            super().data_received(data)
            self._watch_reading()

        def _waiting(self) -> bool:
            """No request of this connection is being answered: closing it costs its client nothing but a
            new connection (a browser opens one again for its next request)."""
            return ((self.cycle is None or self.cycle.response_complete) and self.transport is not None
                    and not self.transport.is_closing())

        def _make_room(self) -> None:
            extra = len(self.connections) - IDLE_ROOM
            if extra <= 0:
                return
            waiting = sorted((c for c in self.connections if c is not self and getattr(c, "_waiting", None)
                              and c._waiting()), key=lambda c: c._quiet_since)
            for other in waiting[:extra]:
                other.transport.close()
                self.connections.discard(other)  # counted out now, not when the loop gets to its closing

        def connection_lost(self, exc) -> None:
            self._stop_read_timer()
            super().connection_lost(exc)

        def _watch_reading(self) -> None:
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and self.transport is not None:
                # A request is awaited or arriving: the deadline runs from its first byte (or the connection).
                if self._read_timer is None and self.timeout_keep_alive_task is None:
                    self._read_timer = self.loop.call_later(read_timeout, self._read_timed_out)
            else:
                self._stop_read_timer()  # the whole request is in: the app may take its time

        def _stop_read_timer(self) -> None:
            if self._read_timer is not None:
                self._read_timer.cancel()
                self._read_timer = None

        def _read_timed_out(self) -> None:
            self._read_timer = None
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
                self.transport.close()

    return TimedH11Protocol


def uvicorn_config(app, read_timeout: float = READ_TIMEOUT, keep_alive: int = KEEP_ALIVE_TIMEOUT):
    """How ``reussite play`` runs uvicorn: quiet, and no connection held open by an idle or slow client."""
    import uvicorn

    return uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False,
                          http=timed_h11(read_timeout), timeout_keep_alive=keep_alive,
                          limit_concurrency=MAX_CONNECTIONS, h11_max_incomplete_event_size=MAX_HEADER_BYTES)


#: Seconds the server waits, once asked to stop, for the requests under way to be answered (the solver's
#: process is stopped at once, so a Solve or a hint answers at once).
STOP_GRACE = 3


def stopping_server(config, session, watchdog: LoopWatchdog | None = None):
    """uvicorn's server for ``session``. The first SIGTERM or Ctrl+C stops the solver's process at once (a
    running Solve would otherwise hold up the shutdown until it ends), then uvicorn answers the requests under
    way (:data:`STOP_GRACE` seconds at most) and returns; the signal is left to :func:`serve`, which closes the
    session first (uvicorn would raise it again as it returns, and SIGTERM would end the process before the
    session's close)."""
    import uvicorn

    class Server(uvicorn.Server):
        received: list[int]

        def handle_exit(self, sig: int, frame) -> None:
            first = not self.should_exit
            super().handle_exit(sig, frame)
            getattr(self, "_captured_signals", []).clear()
            self.received.append(sig)
            worker = session.worker
            if first and worker is not None:  # in a thread: the handler may have interrupted one holding its lock
                threading.Thread(target=worker.close, kwargs={"wait": 0, "final": True}, daemon=True,
                                 name="reussite-solver-stop").start()
            if not first:  # a second signal: stop waiting for the requests under way
                self.force_exit = True
            if first and watchdog is not None:  # last: it raises in this thread, in the game code interrupted
                watchdog.fire()  # a game looping in a request is stopped, and its game kept as it was

    config.timeout_graceful_shutdown = STOP_GRACE
    server = Server(config)
    server.received = []
    return server


def _listen(address: str, port: int) -> socket.socket:
    if not 0 <= port <= 65535:
        raise UserError(N_("--port must be from 0 (any free port) to 65535, not {port}"), port=port)
    try:
        infos = socket.getaddrinfo(address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UserError(N_("cannot listen on {address}: {reason}"), address=address, reason=os_reason(exc)) from exc
    family, kind, proto, _, sockaddr = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(sockaddr)
        sock.listen(64)
    except OSError as exc:
        sock.close()
        raise UserError(N_("cannot listen on {address} port {port}: {reason}"), address=address, port=port,
                        reason=os_reason(exc)) from exc
    sock.set_inheritable(True)
    return sock


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def loopback(address: str) -> bool:
    import ipaddress

    if address.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def wildcard(address: str) -> bool:
    return address in ("0.0.0.0", "::", "")


def machine_addresses() -> list[str]:
    """This machine's own addresses, the one it reaches the network with first (no packet is sent: a
    datagram socket's connect only picks the route)."""
    found: list[str] = []
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                found.append(sock.getsockname()[0])
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM):
            found.append(info[4][0])
    except OSError:
        pass
    return list(dict.fromkeys(a.split("%")[0] for a in found if not loopback(a.split("%")[0])))


def served_names(address: str) -> tuple[str, ...]:
    """The Host header names the server answers (the guard against DNS rebinding stays on whatever the
    address): the loopback names, the address it listens on, and for a wildcard address this machine's
    names and addresses."""
    names = [*LOOPBACK_NAMES, address.lower()]
    if wildcard(address):
        hostname = socket.gethostname().lower()
        names += [hostname, f"{hostname}.local", socket.getfqdn().lower(), *machine_addresses()]
    return tuple(dict.fromkeys(n for n in names if n))


def _url(address: str, port: int) -> str:
    """The address to open: the one listened on, or for a wildcard this machine's own (loopback if none)."""
    shown = address
    if wildcard(address):
        others = [a for a in machine_addresses() if ":" not in a or address == "::"]
        shown = others[0] if others else "127.0.0.1"
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
    # A fresh data folder deals the game named, never first another one that might fail.
    session.restore_or_start(args.game, args.number, options)
    session.winnable_default = bool(getattr(args, "winnable", False))
    if session.winnable_default and (args.game or args.number is not None):
        from reussite.textplay import find_winnable

        number = find_winnable(ctx, args.game or session.game.id, args.number, options)
        session.start(args.game or session.game.id, number, options, active=False)
        session.assist = "winnable"  # counted apart in the statistics
        session.autosave()
        session.flush()
        return session
    if args.game or args.number is not None or options:
        game = session.game
        wanted = args.game or game.id
        cls = host.game(wanted)
        same = (game.id == wanted and (args.number is None or args.number == game.number)
                and game.option_values == cls.resolve_options(options))
        if not same:
            session.start(wanted, args.number, options, active=False)
            session.flush()
    return session


def serve(args, ctx) -> int:
    """``reussite play``: serve the browser front end until Ctrl+C or SIGTERM."""

    _ = ctx.tr.gettext
    data_dir = Path(args.data_dir).expanduser() if args.data_dir else default_data_dir()
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(N_("cannot create the data folder {folder}: {reason}"), folder=str(data_dir),
                        reason=os_reason(exc)) from exc
    lock = lock_data_dir(data_dir)  # before anything is read or written there
    # Listen first: a busy port must not cost the player the autosaved game.
    try:
        sock = _listen(args.host, args.port)
    except BaseException:
        if lock is not None:
            lock.close()
        raise
    try:
        session = _session(args, ctx, data_dir)
    except BaseException:
        sock.close()
        if lock is not None:
            lock.close()
        raise
    for note in session.all_notices():
        ctx.err.write(program_line(ctx.tr, note) + "\n")
    host = ctx.host
    port = sock.getsockname()[1]
    url = _url(args.host, port)
    if lock is not None and lock.writable():
        lock.write(f"{os.getpid()} {url}\n")
        lock.flush()
    allowed = served_names(args.host)
    if not loopback(args.host):
        ctx.err.write(program_line(ctx.tr, Message(M_NOT_LOOPBACK, {"port": port, "names": ", ".join(allowed)}))
                      + "\n")
    app = create_app(host, data_dir, session=session, allowed_hosts=allowed)
    session.solver().start()  # ready before the first hint
    server = stopping_server(uvicorn_config(app), session, app.state.watchdog)
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
        session.close()  # the journal folded, the statistics written: before the process ends
        sock.close()
        if lock is not None:
            lock.close()
    if signal.SIGINT in server.received:
        raise KeyboardInterrupt  # the command's usual end on Ctrl+C (130)
    return 128 + signal.SIGTERM if server.received else 0


LOCK_NAME = "server.lock"
M_FOLDER_IN_USE = N_("Another Réussite server (process {pid}, {url}) uses the data folder {folder}: two servers "
                     "would overwrite each other's autosave. Open that one, stop it first, or give this one "
                     "another --data-dir.")


def lock_data_dir(data_dir: Path):
    """The data folder's lock, held as long as the server runs (the returned open file): one server per
    folder. A lock, not the file's existence, so a server killed outright leaves nothing to clean. None: a
    read-only folder without a lock file."""
    import fcntl

    path = data_dir / LOCK_NAME
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | nofollow, 0o644)
    except OSError as exc:
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS) or not data_dir.is_dir():
            raise UserError(N_("cannot create the data folder {folder}: {reason}"), folder=str(data_dir),
                            reason=os_reason(exc)) from exc
        # A read-only folder: the game is played and nothing kept (Session says so), so a second server
        # could overwrite nothing; one that holds the lock is still named.
        try:
            fd = os.open(path, os.O_RDONLY | nofollow)
        except OSError:
            return None
        handle = os.fdopen(fd, "r", encoding="utf-8")
    else:
        handle = os.fdopen(fd, "r+", encoding="utf-8")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        pid, _, url = (handle.read(512).strip() or "? ?").partition(" ")  # bounded: a file anyone may fill
        handle.close()
        raise UserError(M_FOLDER_IN_USE, folder=str(data_dir), pid=pid, url=url or "?") from None
    if handle.writable():
        handle.truncate(0)
    return handle
