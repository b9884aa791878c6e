"""FIDE's Swiss rules (C.04): the editions of the basic rules and of the Dutch system
(:mod:`.rules`)."""
