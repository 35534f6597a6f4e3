"""The site's build: the MkDocs plugin (:mod:`build_scripts.plugin`) and the steps it calls."""
