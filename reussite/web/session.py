"""The server's session: the shared game session (:mod:`reussite.session`) with what the page adds, the
languages it asks in, the solver's work on the position (its process, what it proved) and the views the API
answers with (the state, the games)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reussite import advisor, saves
from reussite import session as shared
from reussite.cards import RANKS
from reussite.game import AnyMove, Deal, Pair, Redeal
from reussite.l10n import available_langs, host_translator, normalize_lang, translator_for_game
from reussite.messages import Message, Translator
from reussite.notation import shown_notation
from reussite.rules import Kind
from reussite.stats import RECENT
from reussite.stats.report import options_text, report
from reussite.variant import options_in_words
from reussite.web import strings as S


class Session(shared.Session):
    """The game in progress as the server keeps it (see :class:`reussite.session.Session`), with the
    languages, the solver's process and what it found about the current version."""

    def __init__(self, host, data_dir: Path, default_lang: str = "en",
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(host, data_dir, source="web", clock=clock)
        self.default_lang = default_lang if default_lang in available_langs() else "en"
        #: The most seconds of CPU the solver may spend on a hint, and what "Play it" searches where no winning
        #: line is known (the page sends the player's own; see advisor.hint_seconds).
        self.hint_limit = advisor.DEFAULT_HINT_LIMIT
        #: "Winnable deals only" is on when the page starts (``reussite play --winnable``).
        self.winnable_default = False
        self.worker = None  # the solver's process (reussite.web.worker), started on first use
        self.proved_lost: int | None = None  # the version the solver proved lost
        self.rewinds: dict[int, dict[str, Any]] = {}  # version -> where to undo to (found by the solver)
        self.search: dict[str, Any] | None = None  # the search for a winnable deal, while it runs
        self.watching = 0  # background checks in flight (see Api.watch)

    def forget(self) -> None:
        """A change: the solver's work on the old position is cancelled, what it proved is dropped."""
        if self.worker is not None:
            self.worker.cancel()
        self.proved_lost = None
        self.rewinds.clear()

    def solver(self):
        """The solver's process (started on first use)."""
        if self.worker is None:
            from reussite.web.worker import SolverWorker

            self.worker = SolverWorker()
        return self.worker

    def close(self) -> None:
        super().close()
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # -- translation ----------------------------------------------------------------------------------

    def lang_code(self, lang: str | None) -> str:
        """A supported language code for what the page asked (the server's default otherwise); ``lang`` may be
        a list, ``it:fr:en`` (the page's language, then the browser's, :meth:`Api._lang`): its first counts."""
        code = normalize_lang(lang) or self.default_lang
        return code if code in available_langs() else self.default_lang

    def base_translator(self, lang: str | None) -> Translator:
        """The host's translator for what the page asked: its language, then the reader's other available
        languages for what that one has not translated, then English."""
        code = self.lang_code(lang)
        langs = available_langs()
        others = (normalize_lang(part) for part in (lang or "").split(":")[1:])
        return host_translator(code, tuple(dict.fromkeys(c for c in others if c in langs and c != code)))

    def translator(self, lang: str | None) -> Translator:
        base = self.base_translator(lang)
        if self.game is None:
            return base
        return translator_for_game(base, type(self.game), self.host)

    # -- views ----------------------------------------------------------------------------------------

    def games_json(self, lang: str | None) -> list[dict[str, Any]]:
        """The games for the page's chooser, by family and by name in the page's language (a French menu in
        the order of the French names), each with every name it may be searched by, in every language."""
        from reussite.l10n import available_langs, sort_key

        code = self.lang_code(lang)
        bases = {c: host_translator(c) for c in available_langs()}
        bases[code] = self.base_translator(lang)  # the page's names: its language, then the reader's others
        rows = []
        for game_id, cls in self.host.games.items():
            trs = {c: translator_for_game(base, cls, self.host) for c, base in bases.items()}
            tr = trs[code]
            names = {game_id, cls.name, *cls.aliases}
            for each in trs.values():
                names.update(each.gettext(n) for n in (cls.name, *cls.alt_names))
            rows.append({
                "id": game_id,
                "name": tr.gettext(cls.name),
                "family": tr.gettext(cls.family) if cls.family else tr.gettext(cls.name),
                "names": sorted(names),
                "winnability": dict(cls.winnability) if cls.winnability else None,
                "options": [
                    {"name": o.name, "choices": list(o.choices), "default": o.default, "help": tr.gettext(o.help),
                     "label": tr.gettext(o.label) if o.label else o.name,
                     "choice_labels": [tr.gettext(c) for c in o.choice_labels] or list(o.choices)}
                    for o in cls.options
                ],
            })
        rows.sort(key=lambda r: (sort_key(r["family"]), sort_key(r["name"])))
        return rows

    def state_json(self, lang: str | None) -> dict[str, Any]:
        game = self.game
        tr = self.translator(lang)
        stacks = []
        for i, spec in enumerate(game.specs):
            pile = game.cards[i]
            down = game.face_down[i]
            cards = []
            for pos, card in enumerate(pile):
                if pos >= down:
                    # The forms a sentence may ask for ({card.the}, {card.of_the}: « de la Dame de cœur »).
                    cards.append({"code": card.code, "label": tr.card_name(card), "the": tr.render(card, "the"),
                                  "of_the": tr.render(card, "of_the")})
                else:
                    cards.append(None)
            name = tr.render(spec.name)
            name_the = tr.render(spec.name, "The")  # at the start of a sentence (« La pioche : vide. »)
            label = tr.render(S.stack_label(spec.name, pile, down < len(pile),
                                            game.redeals_left if spec.kind is Kind.STOCK else 0))
            stacks.append({
                "id": spec.id, "kind": spec.kind.value, "short": spec.short, "name": name, "name_the": name_the,
                "label": label,
                "x": spec.x, "y": spec.y, "fan": spec.fan, "cards": cards,
                "describe": tr.render(spec.describe()),
                "title": tr.render(Message(S.M_STACK_TITLE, {"stack": spec.name, "rule": spec.describe()})),
                # What an empty stack starts with, shown faintly in its place (a rank code such as "A").
                "base": RANKS[spec.rule.empty - 1] if isinstance(spec.rule.empty, int) else None,
                # Which way it builds (+1 up, -1 down, ±2 by twos), shown as an arrow on foundations.
                "step": spec.rule.build.step if spec.rule.build else None,
                "either": bool(spec.rule.build and spec.rule.build.either),
            })
        legal = legal_json(game)
        won = game.is_won()
        lost = self.lost()
        return {
            "version": self.version,
            "game": game.id,
            "name": tr.gettext(game.name),
            "number": str(game.number),  # may exceed JavaScript's safe integers
            "options": dict(game.option_values),
            "stacks": stacks,
            "score": game.score(),
            "max_score": getattr(game, "max_score", None),
            "score_rule": tr.gettext(game.score_rule),
            "redeals": game.redeals != 0,  # the game has redeals (some, or unlimited)
            "redeals_left": game.redeals_left,  # None: unlimited
            "moves": game.move_count,
            "elapsed": round(self.elapsed(), 1),
            "can_undo": game.can_undo,
            "can_redo": game.can_redo,
            "can_deal": any(m["type"] != "move" for m in legal),
            "legal": legal,
            "won": won,
            "lost": lost,  # by the engine's rule: no move reaches a new position
            "no_win": lost or self.proved_lost == self.version,  # lost, or proved lost by the solver
            "winnable_default": self.winnable_default,
            "hint_seconds": advisor.hint_seconds(type(game), self.hint_limit),  # this game's, by default
            "search": self.search_json(tr),
            "lang": tr.lang,
            "notices": [tr.render(m) for m in self.all_notices()],
        }

    def search_json(self, tr: Translator) -> dict[str, Any] | None:
        search = self.search
        if search is None:
            return None
        text = tr.render(Message(S.M_SEARCHING, {"number": search["number"]}, plural=S.M_SEARCHING_PLURAL,
                                 count=search["tried"]))
        if search["tried"] >= advisor.WINNABLE_RARE_AFTER:  # said while it goes on: it may well end without one
            text = f"{text} {tr.render(Message(advisor.M_WINNABLE_RARE))}"
        return {"game": search["game"], "number": search["number"], "tried": search["tried"], "text": text}

    def move_json(self, move: AnyMove) -> dict[str, Any]:
        return _move_json(self.game, move)

    def describe_move(self, move: AnyMove, tr: Translator) -> str:
        return tr.render(advisor.describe_move(self.game, move))

    def log_json(self, lang: str | None) -> dict[str, Any]:
        """The move log: every move of the line (played, then those redo would play again), each in the game's
        notation and in words, and ``at``: how many of them are played."""
        tr = self.translator(lang)
        game = self.game
        line = game.history + game.redo_moves
        probe = game.copy()
        for _ in range(probe.move_count):
            probe.pop()
        moves = []
        for move in line:
            notation = probe.notation(move)
            moves.append({"notation": notation, "shown": shown_notation(tr, notation),
                          "text": tr.render(advisor.describe_move(probe, move))})
            probe.push(move, check=False)
        return {"version": self.version, "at": game.move_count, "moves": moves}

    def stats_json(self, lang: str | None, game_id: str | None, offset: int) -> dict[str, Any]:
        """The statistics panel's figures and a page of its log, in ``lang`` (reads the statistics: run it in
        their thread, :meth:`in_stats_thread`)."""
        base = self.base_translator(lang)

        def name(gid: str) -> str | None:
            cls = self.host.games.get(gid)
            return translator_for_game(base, cls, self.host).gettext(cls.name) if cls else None

        def options_words(gid: str, options: dict[str, str]) -> str:
            cls = self.host.games.get(gid)
            return options_in_words(translator_for_game(base, cls, self.host), cls, options) if cls else \
                options_text(options)

        body = report(self.stats, game_id, name, base, RECENT, offset, options_words)
        for r in body["recent"]:  # rendered here: the game's name takes the form its sentence needs
            cls = self.host.games.get(r["game"])
            tr = translator_for_game(base, cls, self.host) if cls else base
            game = Message(cls.name) if cls else r["game"]
            label = tr.render(Message(S.M_REPLAY, {"game": game, "number": r["number"]}))
            r["replay_label"] = f"{label} ({r['options_text']})" if r["options_text"] else label
        body["notices"] = [base.render(m) for m in self.stats.notices]
        return body

    async def saves_json(self, lang: str | None) -> list[dict[str, Any]]:
        """The named saves, by name, read in the writer's thread."""
        tr = self.translator(lang)
        games = self.host.games
        rows = []
        folder = self.saves_dir
        for row in await self.in_writer(lambda: saves.list_named(folder)):
            item: dict[str, Any] = {"name": row["name"], "mtime": round(row.get("mtime", 0) * 1000)}
            if "error" in row:
                item["error"] = tr.render(row["error"])
            else:
                cls = games.get(row["game"])
                extra = row["data"].get(shared.WEB_KEY)
                elapsed = extra.get("elapsed") if isinstance(extra, dict) else None
                item.update(game=row["game"], game_name=tr.gettext(cls.name) if cls else row["game"],
                            number=row["number"], moves=row["moves"],
                            elapsed=elapsed if saves.finite_number(elapsed) and elapsed >= 0 else None)
            rows.append(item)
        return rows


def legal_json(game) -> list[dict[str, Any]]:
    """The legal moves as the page reads them: a pair twice, from each of its cards to the other, so that
    either card, held, shows the other as its target (the server plays ``Game.pair_for`` of a card dropped
    on another)."""
    out = []
    for move in game.legal_moves():
        entry = _move_json(game, move)
        out.append(entry)
        if entry.get("pair") and entry["src"] != entry["dst"]:
            out.append({**entry, "src": entry["dst"], "dst": entry["src"]})
    return out


def _move_json(game, move: AnyMove) -> dict[str, Any]:
    if move.__class__ is Pair:  # the page plays it as one card dropped on the other
        specs = game.specs
        return {"type": "move", "src": specs[move.src].id, "dst": specs[move.other].id, "n": 1, "pair": True,
                "notation": game.notation(move)}
    if isinstance(move, Deal):
        return {"type": "deal", "notation": "deal"}
    if isinstance(move, Redeal):
        return {"type": "redeal", "notation": "redeal"}
    specs = game.specs
    return {"type": "move", "src": specs[move.src].id, "dst": specs[move.dst].id, "n": move.n,
            "notation": game.notation(move)}
