"""Every piece of text the browser page shows, as English msgids marked for extraction.

The page never holds text of its own: it asks ``/api/strings?lang=..`` and gets this table translated.
Keys are stable names used by ``static/app.js``; values are msgids (``{name}`` fields are filled in by
the page with ``format()``-style replacement).
"""

from __future__ import annotations

from reussite.messages import N_, Message, Translator, ngettext

UI_STRINGS: dict[str, str] = {
    "app_title": N_("Réussite"),
    "game": N_("Game"),
    "game_number": N_("Game number"),
    "game_search": N_("Find a game"),
    "game_search_title": N_("Type part of a game's name, in English or French, then Enter to play the first match"),
    "game_search_none": N_("No game matches “{text}”."),
    "recent_games": N_("Recently played"),
    "won_share": N_("{name} — {percent}% won"),
    "new_game": N_("New game"),
    "new_game_title": N_("A new deal with a random number (n)"),
    "play_number": N_("Play this number"),
    "restart": N_("Restart"),
    "restart_title": N_("Start this deal again from the beginning"),
    "undo": N_("Undo"),
    "redo": N_("Redo"),
    "hint": N_("Hint"),
    "deal": N_("Deal"),
    "autoplay": N_("To foundations"),
    "autoplay_title": N_("Play every card that can go to the foundations"),
    "auto_each": N_("Play to the foundations after each move"),
    "rules": N_("Rules"),
    "rules_title": N_("Show or hide the rules of this game (?)"),
    "close": N_("Close"),
    "copy": N_("Copy"),
    "copy_title": N_("Copy the game number"),
    "copied": N_("Game number {number} copied."),
    "language": N_("Language"),
    "score": N_("Score"),
    "moves": N_("Moves"),
    "time": N_("Time"),
    "options": N_("Options"),
    "table": N_("Card table"),
    "toolbar": N_("Game controls"),
    "status": N_("Game status"),
    "won": N_("You won! Score: {score}."),
    "won_detail": N_("Every card is on the foundations. Start a new game?"),
    "lost": N_("No move is left."),
    "lost_detail": N_("Undo some moves, or start a new game."),
    "hint_none": N_("No move is left."),
    "abandon": N_("Leave the game in progress? Its moves will be lost."),
    "stale": N_("The game was changed in another tab or window; this is its current position."),
    "offline": N_("The game server cannot be reached. Is 'reussite play' still running?"),
    "help_loading": N_("Loading the rules…"),
    "keys_title": N_("Keyboard"),
    "keys_text": N_(
        "u undo, r redo, h hint, p play the hint, s solve, d deal, n new game, z pause, f full screen, ? rules, "
        "Esc put the cards back. "
        "Tab moves between stacks; Enter or Space picks up the top card and puts it down on another stack; "
        "Up and Down arrows pick up more or fewer cards."
    ),
    "held": N_("Holding {card}. Choose where to put it, or press Esc."),
    "cancelled": N_("The cards are back where they were."),
    "bad_number": N_("A game number is a whole number from 1 to 99999999999999999999."),
    "notice": N_("Notice"),
    "no_win": N_("No win is possible from here."),
    "no_win_detail_lost": N_("No move leads to a position not already reached."),
    "no_win_detail_proved": N_("The solver has tried every line from this position: none wins."),
    "rewind_looking": N_("Looking for the last position from which the game could still be won…"),
    "hint_looking": N_("Looking for a winning line…"),
    "solve": N_("Solve"),
    "solve_title": N_("Play a winning line from here, step by step or on its own (s)"),
    "demo": N_("Demo"),
    "demo_play": N_("Play"),
    "demo_pause": N_("Pause"),
    "demo_step": N_("Step"),
    "demo_stop": N_("Stop"),
    "demo_speed": N_("Speed"),
    "speed_slow": N_("slow"),
    "speed_normal": N_("normal"),
    "speed_fast": N_("fast"),
    "speed_fastest": N_("very fast"),
    "demo_done": N_("The demo has played the whole line."),
    "demo_stopped": N_("The demo stopped: the position changed."),
    "winnable_only": N_("Winnable deals only"),
    "winnable_only_title": N_("New game deals only deals the solver proves winnable (same game numbers as PySolFC)"),
    "searching": N_("Looking for a winnable deal…"),
    "search_stop": N_("Stop looking"),
    "search_stopped": N_("The search for a winnable deal was stopped."),
    "hint_time": N_("Solver time, at most"),
    "hint_time_title": N_("The longest the solver may look for a winning line for a hint (each game gets its "
                          "own time within it, more for a harder one); \"Play it\" looks this long where "
                          "the hint found none"),
    "seconds": N_("{seconds} s"),
    "play_hint": N_("Play it"),
    "play_hint_title": N_("Play the move the hint shows (p)"),
    "play_guess_confirm": N_("This move is only a suggestion, and no move of this game can be taken back by play. "
                             "Play it anyway?"),
    "menu": N_("Menu"),
    "skip_to_table": N_("Skip to the table"),
    "quick_play": N_("Quick play: one click plays a card"),
    "show_playable": N_("Show playable cards"),
    "sound": N_("Sound"),
    "back": N_("Card backs"),
    "faces": N_("Card faces"),
    "faces_standard": N_("standard"),
    "faces_large": N_("large index (low vision)"),
    "faces_simple": N_("simple courts"),
    "felt": N_("Table colour"),
    "felt_green": N_("green"),
    "felt_blue": N_("blue"),
    "felt_red": N_("red"),
    "felt_grey": N_("grey"),
    "motion": N_("Animation"),
    "motion_off": N_("off"),
    "log": N_("Moves"),
    "log_title": N_("The moves of the game, in notation and in words: click one to go back or forward to it"),
    "log_start": N_("Start of the game"),
    "bookmark_set": N_("Set a bookmark"),
    "bookmark_go": N_("Go to bookmark {number} (move {moves})"),
    "bookmark_not_kept": N_("The bookmark could not be kept: this browser refuses to store more for this page."),
    "stored_ignored": N_("This browser kept a setting the page does not understand ({key} = {value}): it is "
                         "ignored."),
    "pause": N_("Pause"),
    "pause_title": N_("Stop the clock and hide the cards (z)"),
    "resume": N_("Resume"),
    "paused_text": N_("Paused: the clock is stopped and the cards are hidden."),
    "full_screen": N_("Full screen"),
    "live_check": N_("Say if the game can still be won"),
    "live_check_title": N_("After each move the solver checks the position in the background and the status "
                           "line says whether a win is still possible"),
    "live_winnable": N_("Winnable"),
    "live_lost": N_("No win from here"),
    "settings": N_("Settings"),
    "settings_title": N_("How the cards and the table look, and how the game plays"),
    "settings_look": N_("Look"),
    "settings_play": N_("Playing"),
    "four_colour": N_("Four-colour deck"),
    "four_colour_title": N_("Each suit in its own colour: spades black, hearts red, diamonds blue, clubs green"),
    "target": N_("can take the held cards"),
    "announce_to": N_("{card} on {stack}."),
    "announce_up": N_("Now face up: {cards}."),
    "announce_undo": N_("Undone."),
    "announce_down": N_("Face down again on {stack}."),
    "announce_top": N_("{stack.The}: {card} on top."),
    "announce_empty": N_("{stack.The}: empty."),
    "announce_redo": N_("Redone."),
    "peek": N_("Buried card: {card}."),
    "redeals_left": N_("Redeals left"),
    "unlimited": N_("unlimited"),
    "saves": N_("Saved games"),
    "saves_title": N_("Save the game under a name; load, delete, download or add saved games"),
    "save_name": N_("Name"),
    "save": N_("Save"),
    "load": N_("Load"),
    "delete": N_("Delete"),
    "download": N_("Download"),
    "upload": N_("Add a save file"),
    "saved_on": N_("Saved on"),
    "saves_none": N_("No saved game yet."),
    "save_replace": N_("A saved game is already called {name}. Replace it?"),
    "delete_confirm": N_("Delete the saved game {name}?"),
    "load_abandon": N_("Load {name} in place of the game in progress? Its moves will be lost unless you save "
                       "it first."),
    "saved": N_("Saved as {name}."),
    "loaded": N_("Saved game {name} loaded."),
    "deleted": N_("Saved game {name} deleted."),
    "stats": N_("Statistics"),
    "stats_title": N_("Games played and won, streaks, best times, and a log to replay a game"),
    "stats_none": N_("No game recorded yet."),
    "stats_played": N_("Played"),
    "stats_won": N_("Won"),
    "stats_percent": N_("Won (%)"),
    "stats_streak": N_("Current streak"),
    "stats_best_streak": N_("Best streak"),
    "stats_best_time": N_("Best time"),
    "stats_best_score": N_("Best score"),
    "stats_recent": N_("Recent games"),
    "stats_date": N_("Date"),
    "stats_result": N_("Result"),
    "stats_replay": N_("Play again"),
    "stats_more": N_("Show older games"),
    # TRANSLATORS: a game and its number, as in "Osmosis #12" (French: « Osmose n° 12 »).
    "game_and_number": N_("{game} #{number}"),
}

#: The page's strings that depend on a count: singular and plural msgids (``{count}``, given or not).
UI_PLURALS: dict[str, tuple[str, str]] = {
    "held_many": ngettext("Holding {count} card from {card.the}. Choose where to put it, or press Esc.",
                          "Holding {count} cards from {card.the}. Choose where to put them, or press Esc."),
    "held_targets": ngettext("It can go on: {stacks}.", "They can go on: {stacks}."),
    "held_no_target": ngettext("No stack takes it.", "No stack takes them."),
    "announce_many": ngettext("{count} card from {card.the} on {stack}.", "{count} cards from {card.the} on {stack}."),
    "live_lost_undo": ngettext("No win from here (undo {count} move)", "No win from here (undo {count} moves)"),
}


def translated_strings(tr: Translator) -> dict[str, str | dict[str, str]]:
    """The page's strings in the translator's language; a plural entry as its form for each CLDR plural
    category of the language (the page picks one with ``Intl.PluralRules``)."""
    strings: dict[str, str | dict[str, str]] = {key: tr.gettext(msgid) for key, msgid in UI_STRINGS.items()}
    samples = plural_samples(tr.lang)
    for key, (singular, plural) in UI_PLURALS.items():
        strings[key] = {category: tr.ngettext(singular, plural, n) for category, n in samples.items()}
    return strings


def plural_samples(lang: str) -> dict[str, int]:
    """A count for each plural category of ``lang`` (CLDR, from Babel): ``{"one": 1, "other": 0}`` in
    English, ``{"one": 0, "many": 1000000, "other": 2}`` in French; the catalog's own plural rule then
    gives each category its form."""
    from babel import Locale, UnknownLocaleError

    try:
        rule = Locale.parse(lang.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):
        return {"one": 1, "other": 2}
    samples: dict[str, int] = {}
    for n in (*range(0, 200), 1000, 10**6):
        samples.setdefault(rule(n), n)
    samples.setdefault("other", 2)
    return samples


# Messages the API builds (rendered with the player's translator before they are sent).
M_NOTHING_TO_UNDO = N_("There is no move to undo.")
M_NOTHING_TO_REDO = N_("There is no move to redo.")
M_BOOKMARK_MOVE = N_("Move {number} of the bookmark ({move}) cannot be played: {reason}")
M_STALE = N_("The game was changed in another tab or window; this is its current position.")
M_NO_MOVE_FROM = N_("{card.The} has nowhere to go.")
M_NO_CARD = N_("There is no card on {source}.")
M_NO_HELP = N_("The rules of {game} are not available yet.")
M_HELP_OTHER_LANG = N_("These rules are not translated yet; here they are in {language}.")
M_FACE_DOWN = N_("face-down card")
M_STACK_EMPTY = N_("{name}, empty")
# TRANSLATORS: a stack's tooltip: its name, then what it takes.
M_STACK_TITLE = N_("{stack.The}: {rule}")
# The statistics' replay button, for screen readers; {game.of} in languages that need it (« d’Osmose »).
M_REPLAY = N_("Play {game} game {number} again")
M_STACK_COUNT = ngettext("{name}, {count} card", "{name}, {count} cards")
M_STACK_COUNT_TOP = ngettext("{name}, {count} card, top card {card}", "{name}, {count} cards, top card {card}")
M_STACK_REDEALS = ngettext("{stack}, {count} redeal left", "{stack}, {count} redeals left")
M_HINT_WINNING = N_("This move keeps a win in reach.")
M_HINT_GUESS = N_("(A suggestion: the solver found no winning line in the time given.)")
M_NO_WIN = N_("No win is possible from here.")
M_NO_LINE = N_("The solver found no winning line within {seconds:g} s.")
M_NO_REWIND = N_("The solver could not prove that any earlier position can be won.")
M_SOLVER_FAILED = N_("The solver failed: {reason}")
M_SOLVER_NO_ANSWER = N_("The solver did not answer within {seconds} s on the game {game} (plugin {plugin}): its "
                        "process was stopped and a new one started. The game goes on.")
M_UNDO_N, M_UNDO_N_PLURAL = ngettext("Undo {count} move", "Undo {count} moves")
M_LINE_FOUND, M_LINE_FOUND_PLURAL = ngettext("A winning line of {count} move.", "A winning line of {count} moves.")
M_SEARCHING, M_SEARCHING_PLURAL = ngettext("Looking for a winnable deal: game {number} ({count} deal tried)…",
    "Looking for a winnable deal: game {number} ({count} deals tried)…")
M_SAVE_MISSING = N_("There is no saved game called {name}.")
M_SAVE_NOT_DELETED = N_("The saved game {file} cannot be deleted: {reason}")


def stack_label(name: Message, pile: list, top_shown: bool, redeals_left: int = 0) -> Message:
    """What a screen reader says of a stack: its name, how many cards, the top card if it is face up, and
    the redeals left (on the stock)."""
    if not pile:
        label = Message(M_STACK_EMPTY, {"name": name})
    elif top_shown:
        label = Message(M_STACK_COUNT_TOP[0], {"name": name, "card": pile[-1]}, plural=M_STACK_COUNT_TOP[1],
                        count=len(pile))
    else:
        label = Message(M_STACK_COUNT[0], {"name": name}, plural=M_STACK_COUNT[1], count=len(pile))
    if redeals_left:
        label = Message(M_STACK_REDEALS[0], {"stack": label}, plural=M_STACK_REDEALS[1], count=redeals_left)
    return label
