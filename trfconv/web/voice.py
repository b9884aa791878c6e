"""The page's voice: each action (:mod:`trfconv.actions`) worded as the control of the page that
does it (the labels of ``templates/``), where the command line names an option. The engine runs
every job speaking it (:func:`~trfconv.actions.speaking`)."""

from __future__ import annotations

from ..actions import Voice, phrase

PAGE = Voice("page", {
    "allow-defective": phrase("tick 'even with errors' {purpose}"),
    "show-details": phrase("open the document to print {purpose}"),
    "after-round": phrase("'after round' {value} {purpose}"),
    "give-time-control": phrase("the time control is read from the file: correct it in the pairing program"),
    "give-unrated-rating": phrase("give unrated players a rating in the pairing program"),
    "give-list": phrase("tick 'on the rating lists imported below' {purpose}"),
    "import-list": phrase("import one under 'FIDE rating lists'"),
    "give-period": phrase("give the month in 'Rating period of the list of'"),
    "give-encoding": phrase("save the file as UTF-8 {purpose}"),
    "give-month": phrase("give the month {purpose}"),
    "give-kind": phrase("choose the rate of play {purpose}"),
    "draw-lots": phrase("give a 'lots seed'"),
    "play-off": phrase("make the play-off plan"),
    "give-tiebreaks": phrase("choose them from the list beside 'Tie-breaks, in order'"),
    "choose-reading": phrase("choose the reading {value} among the norms' readings {purpose}"),
    "ask-forecast": phrase("tick 'forecast of the rounds left' {purpose}"),
    "choose-title": phrase("tick a title {purpose}"),
})
