"""The page's voice: each action (:mod:`trfconv.actions`) worded as the control of the page that
does it (the labels of ``templates/``), where the command line names an option. The engine runs
every job speaking it (:func:`~trfconv.actions.speaking`)."""

from __future__ import annotations

from ..actions import Voice

PAGE = Voice("page", {
    "allow-defective": "tick 'even with errors' {purpose}",
    "show-details": "open the document to print {purpose}",
    "after-round": "'after round' {value} {purpose}",
    "give-time-control": "the time control is read from the file: correct it in the pairing program",
    "give-unrated-rating": "give unrated players a rating in the pairing program",
    "give-list": "tick 'on the rating lists imported below' {purpose}",
    "import-list": "import one under 'FIDE rating lists'",
    "give-period": "give the month in 'Rating period of the list of'",
    "give-encoding": "save the file as UTF-8 {purpose}",
    "give-month": "give the month {purpose}",
    "give-kind": "choose the rate of play {purpose}",
    "draw-lots": "give a 'lots seed'",
    "play-off": "make the play-off plan",
    "give-tiebreaks": "choose them from the list beside 'Tie-breaks, in order'",
})
