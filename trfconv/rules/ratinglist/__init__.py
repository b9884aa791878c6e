"""The FIDE rating list applied to an event: the list in force and a player's rating and K from it
(:mod:`.inforce`), the cross-check of the file's players (:mod:`.crosscheck`), and the fill of
missing or outdated player data (:mod:`.fill`)."""
