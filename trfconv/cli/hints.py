"""The command line's voice: each action (:mod:`trfconv.actions`) worded as the option or the
command that does it. The library's and the jobs' messages name no option (a library user or the
page has none); the commands speak with :data:`TERMINAL` (set for every command run by
:class:`trfconv.cli.Command`, and in each worker of a batch), so the options are said where the
messages and documents are worded."""

from __future__ import annotations

from ..actions import Voice

TERMINAL = Voice("terminal", {
    "allow-defective": "--lenient {purpose}",
    "show-details": "--details {purpose}",
    "write-file": "-o FILE {purpose}",
    "after-round": "--after-round {value} {purpose}",
    "finished-after": "--finished-after {value} {purpose}",
    "give-time-control": "give the time control with --time-control",
    "choose-edition": "choose the edition with --rules",
    "give-unrated-rating": "give unrated players a rating with --unrated",
    "give-list": "--list {purpose}",
    "import-list": "import one with 'trfconv list import FILE'",
    "give-period": "--period YYYY-MM",
    "take-unfinished": "--unfinished {purpose}",
    "take-undated": "--undated {purpose}",
    "keep-unrated": "--keep-unrated",
    "give-encoding": "give the encoding with --encoding {value} {purpose}",
    "larger-limit": "give a larger limit with trfconv --max-size BYTES",
    "another-db": "--db PATH",
    "give-month": "--date YYYY-MM",
    "give-kind": "--kind",
    "give-players": "--players \"A,B,…\"",
    "draw-lots": "trfconv standings --draw-lots SEED",
    "play-off": "trfconv playoff",
    "give-tiebreaks": "trfconv standings --help lists them",
})
