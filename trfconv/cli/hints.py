"""The command line's voice: each action (:mod:`trfconv.actions`) worded as the option or the
command that does it. The library's and the jobs' messages name no option (a library user or the
page has none); the commands speak with :data:`TERMINAL` (set for every command run by
:class:`trfconv.cli.Command`, and in each worker of a batch), so the options are said where the
messages and documents are worded."""

from __future__ import annotations

from ..actions import Voice, phrase

TERMINAL = Voice("terminal", {
    "allow-defective": phrase("--lenient {purpose}"),
    "show-details": phrase("--details {purpose}"),
    "write-file": phrase("-o FILE {purpose}"),
    "after-round": phrase("--after-round {value} {purpose}"),
    "finished-after": phrase("--finished-after {value} {purpose}"),
    "give-time-control": phrase("give the time control with --time-control"),
    "choose-edition": phrase("choose the edition with --rules"),
    "give-unrated-rating": phrase("give unrated players a rating with --unrated"),
    "give-list": phrase("--list {purpose}"),
    "import-list": phrase("import one with 'trfconv list import FILE'"),
    "give-period": phrase("--period YYYY-MM"),
    "take-unfinished": phrase("--unfinished {purpose}"),
    "take-undated": phrase("--undated {purpose}"),
    "keep-unrated": phrase("--keep-unrated"),
    "give-encoding": phrase("give the encoding with --encoding {value} {purpose}"),
    "larger-limit": phrase("give a larger limit with trfconv --max-size BYTES"),
    "another-db": phrase("--db PATH"),
    "give-month": phrase("--date YYYY-MM"),
    "give-kind": phrase("--kind"),
    "give-players": phrase("--players \"A,B,…\""),
    "draw-lots": phrase("trfconv standings --draw-lots SEED"),
    "play-off": phrase("trfconv playoff"),
    "give-tiebreaks": phrase("trfconv standings --help lists them"),
    "choose-reading": phrase("--reading {value} {purpose}"),
    "ask-forecast": phrase("--forecast {purpose}"),
    "choose-title": phrase("--title {purpose}"),
})
