"""FIDE regulations as editions: rateability (B.02), rating arithmetic (B.02) and tie-breaks (C.07).

Every rule-dependent computation takes an :class:`~trfconv.rules.editions.Edition`; the default
is the edition in force on the event's start date (:func:`~trfconv.rules.editions.edition_for`).
"""
