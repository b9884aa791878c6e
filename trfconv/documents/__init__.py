"""What a person reads or files: the file summary (``info``), the rateability verdict, the rating
report and the standings, each in its formats (text, CSV, JSON, HTML). Documents only format
what the readers found and the rules computed; :mod:`.registry` lists them."""
