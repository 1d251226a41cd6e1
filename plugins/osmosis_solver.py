"""What Osmosis tells the solver beyond its rules (R-OS-1 to R-OS-11, docs/rules.md): which cards are safe to
play at once, which positions no line can win (a relaxed game solved greedily), and a key that folds the order
of the cards on each foundation. Attached by ``Osmosis.solver_companion``."""

from __future__ import annotations

from itertools import permutations

from reussite.cards import Card
from reussite.game import Move
from reussite.rules import card_key
from reussite.solver.companion import Companion


class OsmosisSolver(Companion):
    def safe_move(self, game) -> Move | None:
        """A reserve's top card (and with one-card deals the waste's) onto a started foundation (for the solver).

        R-OS-5 to R-OS-7: a started foundation takes one suit, and the four foundations have four different
        suits (one pack), so such a card has one place to go; what a foundation takes later depends only on
        the ranks already on the foundation above, which one more card can only widen. R-OS-2: reserve cards
        go nowhere else, and playing one uncovers the next (R-OS-8). With one-card deals (R-OS-4) a waste card
        played early only drops out of the turn order, the other cards keep theirs, and a pass can only need
        fewer redeals. With three-card deals (R-OS-9) removing a waste card regroups every later triple, so
        only the last card of a pass (the stock is empty) is safe: it is the last card of every later pass
        too, so it comes to the top at the end of each, and taking it out moves no other card to another
        place in the triples (the one before it becomes the last, which only uncovers more).
        Starting a foundation is never forced: which suit goes where decides what the ones below may take."""
        cards = game.cards
        sources = list(game.reserve_ix)
        if game.deal_count == 1 or not cards[game.stock_ix]:
            sources.append(game.waste_ix)
        for src in sources:
            pile = cards[src]
            if not pile or game.face_down[src] >= len(pile):
                continue
            card = pile[-1]
            for f in game.foundation_ix:
                if cards[f] and cards[f][0].suit == card.suit:
                    if card_key(card) in game.takes(f):
                        return Move(src, f, 1)
                    break
        return None

    def dead_end(self, game) -> bool:
        """True when no line can win from here (for the solver; see ``reussite.solver``).

        The test is a relaxed game in which a card, once it may be played, stays playable: the reserves keep
        their order (R-OS-2, R-OS-8) and the foundations their rules (R-OS-5 to R-OS-7), and if even that game
        leaves a card that can never be played, the real one does too. It is solved exactly by playing
        greedily: once the suits of the foundations are fixed (each way the unstarted ones could be given the
        remaining suits is tried), a card played never stops another from being played, since foundations
        only gain ranks, reserves only uncover cards and the set of free stock and waste cards only grows.

        With one-card deals (R-OS-4) every stock and waste card is free in the relaxed game. With three-card
        deals (R-OS-9) only the cards that can come to the top of the waste are: see ``_free_cards``."""
        cards = game.cards
        foundations = [cards[f] for f in game.foundation_ix]
        reserves = [cards[r] for r in game.reserve_ix]
        cache = game.__dict__.setdefault("_dead_cache", {})
        if len(cache) > 200_000:
            cache.clear()
        key = (tuple(game.stack_key(f) for f in game.foundation_ix), tuple(len(r) for r in reserves))
        dead = cache.get(key)
        if dead is None:
            order = [c for i in (game.waste_ix, game.stock_ix) for c in cards[i]]
            dead = cache[key] = self._relaxed_dead(game, foundations, reserves, order, None)
        if dead or game.deal_count != 3:
            return dead
        key = (key, game.stack_key(game.stock_ix), game.stack_key(game.waste_ix))
        dead = cache.get(key)
        if dead is None:
            waste, stock = cards[game.waste_ix], cards[game.stock_ix]
            order = waste + stock[::-1]  # the order in which every pass turns them
            dead = cache[key] = self._relaxed_dead(game, foundations, reserves, order, self._top_places(len(waste),
                                                                                                 len(order)))
        return dead

    @staticmethod
    def _top_places(turned: int, count: int) -> list[bool]:
        """With three-card deals: which places of the turning order (the waste's cards from the bottom, then
        the stock's in the order they are dealt) come to the top of the waste while no stock or waste card
        is played: the waste's top card, the third of each later triple of this pass and of every later pass,
        and the last card (R-OS-4, R-OS-9)."""
        top = [False] * count
        if turned:
            top[turned - 1] = True
        for k in range(turned, count):
            top[k] = (k - turned) % 3 == 2
        for k in range(count):
            top[k] = top[k] or k % 3 == 2
        if count:
            top[-1] = True
        return top

    def _relaxed_dead(self, game, foundations, reserves, order, free) -> bool:
        if not foundations[0]:
            return False
        base = foundations[0][0].rank
        started = [pile[0].suit for pile in foundations if pile]
        if len(started) != len({*started}) or any(not p for p in foundations[:len(started)]):
            return False  # not a position the rules lead to: no claim
        for rest in permutations([s for s in range(4) if s not in started]):
            if _relaxed_win(base, [*started, *rest], foundations, reserves, order, free):
                return False
        return True

    def key(self, game) -> bytes:
        """``position_key`` with each foundation's cards above its first one in a fixed order (for the
        solver): R-OS-5 and R-OS-7 ask only which suit a foundation has (its first card's), which ranks the
        one above holds and, for R-OS-6, the base card's rank (the first card of the first foundation), never
        in which order the cards came, so positions that differ only by that order have the same future."""
        folded = game.__dict__.setdefault("_folded_keys", {})
        if len(folded) > 100_000:
            folded.clear()
        parts = [game.stack_key(i) for i in range(len(game.specs))]
        for f in game.foundation_ix:
            fixed = folded.get(parts[f])
            if fixed is None:
                fixed = folded[parts[f]] = parts[f][:3] + bytes(sorted(parts[f][3:]))
            parts[f] = fixed
        parts[game.reserve_ix[0]:game.reserve_ix[-1] + 1] = sorted(parts[i] for i in game.reserve_ix)
        if game.redeals is not None:
            parts.append(bytes((255, game.redeals_used)))
        return b"".join(parts)


def _relaxed_win(base: int, suits: list[int], foundations, reserves, order, free) -> bool:
    """The relaxed game of ``OsmosisSolver.dead_end`` with foundation k given suit ``suits[k]``: can every card be
    played? ``order`` holds the stock and waste cards in turning order; ``free`` says which of them may be
    played (None: all of them, always).

    With three-card deals, a card comes to the top of the waste only in one of three ways: it is a top place
    while no card is played (``OsmosisSolver._top_places``); a card before it in the turning order was played, so it
    moved to another place in the triples (every later card is then counted free); or the cards above it in
    the waste were played, the last of them with nothing left between them. So playing a card frees every
    later card and the nearest earlier card not played yet. Whatever order a winning line plays its cards
    in, each of them is free in this game by the time the greedy play has stopped."""
    where = {suit: k for k, suit in enumerate(suits)}
    ranks = [{c.rank for c in pile} for pile in foundations]
    started = [bool(pile) for pile in foundations]
    tops = [len(r) for r in reserves]
    count = len(order)
    played = [False] * count
    left = count
    free = [True] * count if free is None else list(free)
    changed = True
    while changed:
        changed = False
        for k in range(count):
            if free[k] and not played[k] and _play(order[k], where, ranks, started, base):
                played[k] = True
                left -= 1
                changed = True
                for j in range(k + 1, count):
                    free[j] = True
                j = k - 1
                while j >= 0 and played[j]:
                    j -= 1
                if j >= 0:
                    free[j] = True
        for i, pile in enumerate(reserves):
            while tops[i] and _play(pile[tops[i] - 1], where, ranks, started, base):
                tops[i] -= 1
                changed = True
    return not left and not any(tops)


def _play(card: Card, where, ranks, started, base) -> bool:
    k = where[card.suit]
    if not started[k]:
        if card.rank != base or (k and not started[k - 1]):
            return False
        started[k] = True
    elif k and card.rank not in ranks[k - 1]:
        return False
    ranks[k].add(card.rank)
    return True
