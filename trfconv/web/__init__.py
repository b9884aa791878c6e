"""The local web page of ``trfconv serve``: :mod:`.app` (the server's routes and its guard) over
:mod:`.engine` (the page's adapter of the jobs the commands run, :mod:`trfconv.jobs`, whose
actions it words as its controls, :mod:`.voice`), :mod:`.held` (each tab's own set of files),
:mod:`.downloads` (what each download is called), :mod:`.server` (uvicorn, bounded in time and
quiet) and :mod:`.scratch` (the temporary files, removed however the server stops). Imported only
by that command: the web stack is not loaded by the others."""
