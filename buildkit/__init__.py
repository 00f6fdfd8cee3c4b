"""Build the engine wheel and the offline site dist/: the work behind ``python build.py``, one concern a module.

``common`` (paths, errors, hashing), ``pins`` (pinned inputs), ``wheel`` (the engine wheels and the runtime's lock),
``pyc`` (what compiles the engine inside the pinned Pyodide), ``catalog`` and ``engine_facts`` (texts and data from
the engine), ``headers`` (netlify.toml's headers and the CSP), ``site`` (dist/ itself), ``serve``, ``screenshots``
and ``testrunner``.
"""
