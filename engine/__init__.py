"""Rules engine for two traditional games: Zohn Ahl (Kiowa) and Awithlaknannai Mosona (Zuni).

Every playable ruleset here is a reconstruction from records written by outsiders around
1900 (Culin, Mooney, Stevenson) and from later readings of them; each ruleset's docstring
names its source and every choice the engine had to make where the source is silent.

The package uses the standard library only and runs unchanged in CPython 3.11+ and in
Pyodide (Python 3.14). ``engine.zohn_ahl`` and ``engine.awithlaknannai`` hold the rules,
``engine.awithlaknannai.ai`` the computer opponent, ``engine.protocol`` the JSON interface
that the page's Web Worker calls, and ``python -m engine`` the command line. The rules,
notations, command line and limits are specified in the repository's ``spec/`` folder.
"""

__version__ = "0.1.0"
