"""Draw the page's card faces: one SVG sprite, ``reussite/web/static/cards.svg``, written by this script.

Every face is a ``<symbol id="c-RS">`` (rank code, suit code: ``c-TH`` is the ten of hearts) drawn in a
100 × 140 box; suits use ``currentColor`` so the page colours them (red/black or the four-colour deck).
The page prints the index corners itself (readable at every size), so the art keeps clear of them:
pips sit in the middle band, court cards are a framed, double-headed figure. Small cards (narrow fans, a
phone) take each court card's ``<symbol id="b-RS">`` instead: one large bust filling the space between the
indexes, whose hat (crown, tiara, feathered cap) still reads when the whole card is a few dozen pixels wide.

Two more sets come from the same shapes (the page's menu chooses among them): ``cards-large.svg``, for low
vision, one huge rank and suit filling each card (the page also prints its indexes larger with it), and
``cards-simple.svg``, the pips as above and plain court cards: the rank's letter large in a frame.

    python3 tools/make_card_faces.py          # rewrite the sprites
    python3 tools/make_card_faces.py --check  # exit 1 if a committed sprite differs
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parents[1] / "reussite" / "web" / "static"
OUT = STATIC / "cards.svg"

# Suit shapes in a box from -5 to 5.
SUITS = {
    "H": "M0 4.6C-1.2 3.2-5 0.6-5-2.1-5-4 -3.6-5-2.4-5-1.2-5-0.4-4.2 0-3.2 0.4-4.2 1.2-5 2.4-5 3.6-5 5-4 "
         "5-2.1 5 0.6 1.2 3.2 0 4.6Z",
    "D": "M0-5 4 0 0 5-4 0Z",
    "S": "M0-5C1.4-3 5-0.9 5 1.2 5 3 3.6 3.9 2.4 3.9 1.5 3.9 0.8 3.4 0.5 2.8 0.6 3.9 1.1 4.5 1.8 5H-1.8"
         "C-1.1 4.5-0.6 3.9-0.5 2.8-0.8 3.4-1.5 3.9-2.4 3.9-3.6 3.9-5 3-5 1.2-5-0.9-1.4-3 0-5Z",
    "C": "M-0.5 2.6C-1 3.8-1.2 4.4-1.9 5H1.9C1.2 4.4 1 3.8 0.5 2.6 1 3.5 1.9 3.9 2.7 3.9 4 3.9 5 2.9 5 1.6 "
         "5 0.2 3.9-0.7 2.7-0.7 2.2-0.7 1.8-0.6 1.5-0.4 2.3-1 2.7-1.8 2.7-2.6 2.7-4 1.5-5 0-5-1.5-5-2.7-4 "
         "-2.7-2.6-2.7-1.8-2.3-1-1.5-0.4-1.8-0.6-2.2-0.7-2.7-0.7-3.9-0.7-5 0.2-5 1.6-5 2.9-4 3.9-2.7 3.9 "
         "-1.9 3.9-1 3.5-0.5 2.6Z",
}

# Pip centres for ranks 2-10 in the middle band (x 32/50/68, y 45-95): clear of the index corners, and
# below the strip a downward fan shows of a covered card (its top quarter), so fans show only indexes.
L, M, R = 32, 50, 68
T, B = 45, 95
PIPS = {
    2: [(M, T), (M, B)],
    3: [(M, T), (M, 70), (M, B)],
    4: [(L, T), (R, T), (L, B), (R, B)],
    5: [(L, T), (R, T), (M, 70), (L, B), (R, B)],
    6: [(L, T), (R, T), (L, 70), (R, 70), (L, B), (R, B)],
    7: [(L, T), (R, T), (M, 57.5), (L, 70), (R, 70), (L, B), (R, B)],
    8: [(L, T), (R, T), (M, 57.5), (L, 70), (R, 70), (M, 82.5), (L, B), (R, B)],
    9: [(L, T), (R, T), (L, 61.7), (R, 61.7), (M, 70), (L, 78.3), (R, 78.3), (L, B), (R, B)],
    10: [(L, T), (R, T), (M, 53.3), (L, 61.7), (R, 61.7), (L, 78.3), (R, 78.3), (M, 86.7), (L, B), (R, B)],
}
RANK_CODES = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}

INK = "#1d1d1d"
GOLD = "#e2b23a"
SKIN = "#f6d7b0"


def pip(x: float, y: float, suit: str, size: float, upright: bool = False) -> str:
    flip = f" transform=\"rotate(180 {x} {y})\"" if y > 70 and not upright else ""
    s = size / 10
    return f'<use href="#s-{suit}" x="{x - 5 * s:g}" y="{y - 5 * s:g}" width="{10 * s:g}" height="{10 * s:g}"{flip}/>'


def headwear(rank: int) -> str:
    """The top half's hat: a crown for the King, a tiara for the Queen, a cap with a feather for the Jack."""
    if rank == 13:
        return (f'<path d="M38 44 38 32 43 38 50 29 57 38 62 32 62 44Z" fill="{GOLD}" stroke="{INK}" '
                'stroke-width="1.2"/>')
    if rank == 12:
        return (f'<path d="M40 44Q50 30 60 44Z" fill="{GOLD}" stroke="{INK}" stroke-width="1.2"/>'
                f'<circle cx="50" cy="36" r="2" fill="currentColor"/>')
    return (f'<path d="M38 44 40 35 60 35 62 44Z" fill="currentColor" stroke="{INK}" stroke-width="1.2"/>'
            f'<path d="M60 36Q70 28 66 22" fill="none" stroke="{GOLD}" stroke-width="2"/>')


def court(rank: int, suit: str) -> str:
    # One half: head, hat, shoulders in the suit's colour with a gold collar and a pip; the other is
    # the same turned about the centre, as on a double-headed card.
    half = (
        f'<circle cx="50" cy="50" r="7.5" fill="{SKIN}" stroke="{INK}" stroke-width="1.2"/>'
        f'{headwear(rank)}'
        f'<path d="M30 70Q30 58 42 57L50 62 58 57Q70 58 70 70Z" fill="currentColor" stroke="{INK}" '
        'stroke-width="1.2"/>'
        f'<path d="M42 57 50 65 58 57" fill="none" stroke="{GOLD}" stroke-width="2.2"/>'
        f'{pip(36, 64, suit, 7)}'
    )
    # Drawn for a frame from y 22 to 118, then shrunk into 37-103, below a downward fan's strip.
    frame = 'x="24" y="22" width="52" height="96" rx="3"'
    return (
        '<g transform="translate(50 70) scale(.69) translate(-50 -70)">'
        f'<rect {frame} fill="#fbf6e6" stroke="{INK}" stroke-width="1.6"/>'
        f'<clipPath id="k-{rank}{suit}"><rect {frame}/></clipPath>'
        f'<g clip-path="url(#k-{rank}{suit})"><g>{half}</g><g transform="rotate(180 50 70)">{half}</g></g>'
        f'<path d="M24 70H76" stroke="{INK}" stroke-width="0.8"/></g>'
    )


def bust_hat(rank: int) -> str:
    """The bust's hat, drawn large: the same three as the double-headed figure's."""
    if rank == 13:
        return (f'<path d="M33 54 33 36 41 45 50 33 59 45 67 36 67 54Z" fill="{GOLD}" stroke="{INK}" '
                'stroke-width="1.6"/>')
    if rank == 12:
        return (f'<path d="M35 54Q50 30 65 54Z" fill="{GOLD}" stroke="{INK}" stroke-width="1.6"/>'
                '<circle cx="50" cy="44" r="3.5" fill="currentColor"/>')
    return (f'<path d="M33 54 36 40 64 40 67 54Z" fill="currentColor" stroke="{INK}" stroke-width="1.6"/>'
            f'<path d="M63 42Q74 36 71 32" fill="none" stroke="{GOLD}" stroke-width="3"/>')


# The bust's frame: right of an upright index (a column in the top-left corner, up to x 24 on the smallest
# cards) and below a row index (up to y 29), and clear of the bottom-right index in the same way.
BUST_FRAME = 'x="25" y="31" width="50" height="78" rx="3"'


def bust(rank: int, suit: str) -> str:
    """A court card for small sizes: one head and shoulders, as large as the frame allows, the suit on a
    badge on the chest."""
    return (
        f'<rect {BUST_FRAME} fill="#fbf6e6" stroke="{INK}" stroke-width="1.6"/>'
        f'<clipPath id="kb-{rank}{suit}"><rect {BUST_FRAME}/></clipPath>'
        f'<g clip-path="url(#kb-{rank}{suit})">'
        f'<path d="M26 109V100Q26 82 42 80L50 88 58 80Q74 82 74 100V109Z" fill="currentColor" stroke="{INK}" '
        'stroke-width="1.6"/>'
        f'<path d="M42 80 50 90 58 80" fill="none" stroke="{GOLD}" stroke-width="3"/>'
        f'<circle cx="50" cy="64" r="13" fill="{SKIN}" stroke="{INK}" stroke-width="1.6"/>'
        f'{bust_hat(rank)}'
        f'<circle cx="50" cy="101" r="8" fill="#fbf6e6" stroke="{GOLD}" stroke-width="1.6"/>'
        f'<use href="#s-{suit}" x="44" y="95" width="12" height="12"/></g>'
    )


def face(rank: int, suit: str) -> str:
    if rank == 1:
        return pip(50, 70, suit, 36 if suit == "S" else 28)
    if rank > 10:
        return court(rank, suit)
    return "".join(pip(x, y, suit, 15) for x, y in PIPS[rank])


LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def large_face(rank: int, suit: str) -> str:
    """For low vision: the rank in letters a third of the card high, and a suit as wide as the card allows."""
    text = LETTERS.get(rank, str(rank))
    return (f'<text x="46" y="78" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" '
            f'font-size="{38 if rank == 10 else 46}" fill="currentColor">{text}</text>'
            f'{pip(46, 102, suit, 24, upright=True)}')


def plain_court(rank: int, suit: str) -> str:
    """A court card without a figure: its letter, large, in a frame, over its suit."""
    # Below the strip a downward fan shows of a covered card (its top quarter), as the pips are.
    return (f'<rect x="27" y="40" width="46" height="64" rx="3" fill="#fbf6e6" stroke="{INK}" stroke-width="1.6"/>'
            f'<text x="50" y="82" text-anchor="middle" font-family="DejaVu Serif, serif" font-weight="700" '
            f'font-size="40" fill="currentColor">{LETTERS[rank]}</text>{pip(50, 95, suit, 14, upright=True)}')


def star(x: float, y: float, r: float) -> str:
    """A five-pointed star of outer radius ``r``, point up, in the card's colour."""
    import math

    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.4
        angle = math.pi * (i / 5 - 0.5)
        points.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="currentColor"/>'


def joker(kind: str) -> str:
    """A joker: a jester's three-pointed cap with bells over a large star (the large set: the star alone, as
    large as the card allows). Its colour is the page's red or black, like a suit's."""
    if kind == "large":
        return star(50, 76, 34)
    cap = (f'<path d="M30 62 L36 34 L50 52 L64 34 L70 62 Z" fill="{GOLD}" stroke="{INK}" stroke-width="1.4"/>'
           + "".join(f'<circle cx="{cx}" cy="{cy}" r="3.2" fill="currentColor"/>'
                     for cx, cy in ((36, 33), (50, 50), (64, 33))))
    return cap + star(50, 90, 22)


def sprite(kind: str = "standard") -> str:
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        "<!-- Réussite's card faces, drawn by tools/make_card_faces.py; see cards.README.md. -->",
    ]
    for code, path in SUITS.items():
        parts.append(f'<symbol id="s-{code}" viewBox="-5 -5 10 10"><path d="{path}" fill="currentColor"/></symbol>')
    for suit in SUITS:
        for rank in range(1, 14):
            code = RANK_CODES.get(rank, str(rank))
            if kind == "large":
                drawn = small = large_face(rank, suit)
            elif kind == "simple" and rank > 10:
                drawn = small = plain_court(rank, suit)
            else:
                drawn, small = face(rank, suit), bust(rank, suit) if rank > 10 else ""
            parts.append(f'<symbol id="c-{code}{suit}" viewBox="0 0 100 140">{drawn}</symbol>')
            if rank > 10:
                parts.append(f'<symbol id="b-{code}{suit}" viewBox="0 0 100 140">{small}</symbol>')
    for suit in ("S", "H"):  # the black and the red joker (reussite.cards.JOKER_LETTER)
        parts.append(f'<symbol id="c-X{suit}" viewBox="0 0 100 140">{joker(kind)}</symbol>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the committed sprite is current")
    args = parser.parse_args()
    stale = 0
    sets = (("standard", OUT), ("large", STATIC / "cards-large.svg"), ("simple", STATIC / "cards-simple.svg"))
    for kind, out in sets:
        text = sprite(kind)
        if args.check:
            if not out.exists() or out.read_text(encoding="utf-8") != text:
                print(f"{out}: out of date; run python3 tools/make_card_faces.py", file=sys.stderr)
                stale = 1
            continue
        out.write_text(text, encoding="utf-8")
        print(f"{out}: written ({len(text)} bytes)")
    return stale


if __name__ == "__main__":
    sys.exit(main())
