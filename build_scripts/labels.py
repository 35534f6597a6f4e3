"""The words the build puts around a board, in English and French.

The page's language comes from the language being built (mkdocs-static-i18n builds each
language in turn); ``docs/assets/js/i18n.js`` holds the words the script writes
while the game runs. Every control keeps the English verb in its accessible name on French
pages too ("Lancer (Throw)"), so that a test or a screen-reader user who knows the English
page finds it.
"""

from __future__ import annotations

LANGUAGES = ("en", "fr")

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "loading": "Loading the game engine (Python in your browser)…",
        "noscript": "This board needs JavaScript to be played; the picture shows its position.",
        "controls": "Game controls",
        "throw": "Throw",
        "throw-name": "Throw the sticks",
        "undo": "Undo",
        "undo-name": "Undo the last turn",
        "new": "New game",
        "new-name": "Start a new game",
        "flip": "Turn the board",
        "flip-name": "Turn the board round",
        "stop": "Stop",
        "stop-name": "Stop the computer thinking",
        "link": "Copy link",
        "link-name": "Copy a link to this game",
        "board": "Board",
        "sticks": "The stick dice",
        "answer": "Answer",
        "explain": "Why",
        "zohn-ahl": "Zohn Ahl",
        "awithlaknannai": "Awithlaknannai",
    },
    "fr": {
        "loading": "Chargement du moteur de jeu (Python dans votre navigateur)…",
        "noscript": "Ce plateau a besoin de JavaScript pour être joué ; l’image montre sa position.",
        "controls": "Commandes du jeu",
        "throw": "Lancer",
        "throw-name": "Lancer les bâtonnets (Throw)",
        "undo": "Annuler",
        "undo-name": "Annuler le dernier tour (Undo)",
        "new": "Nouvelle partie",
        "new-name": "Commencer une nouvelle partie (New game)",
        "flip": "Tourner le plateau",
        "flip-name": "Tourner le plateau (Turn the board)",
        "stop": "Arrêter",
        "stop-name": "Arrêter la réflexion de l’ordinateur (Stop)",
        "link": "Copier le lien",
        "link-name": "Copier un lien vers cette partie (Copy link)",
        "board": "Plateau",
        "sticks": "Les bâtonnets",
        "answer": "Réponse",
        "explain": "Pourquoi",
        "zohn-ahl": "Zohn Ahl",
        "awithlaknannai": "Awithlaknannai",
    },
}


def label(lang: str, key: str) -> str:
    """The word for ``key`` in ``lang`` (English when the language is not known)."""
    return LABELS.get(lang, LABELS["en"]).get(key) or LABELS["en"][key]
