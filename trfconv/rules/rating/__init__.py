"""FIDE rating arithmetic (B.02), by edition: tables, the change of a rated player, K, and the
initial rating of an unrated player. Every number comes from the edition's ``[rating]`` data; the
rating report (:mod:`trfconv.report`) puts these together for one tournament and its verdict."""
