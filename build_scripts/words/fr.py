"""Every French word only the build writes (see :mod:`build_scripts.words`)."""

from typing import Any

WORDS: dict[str, Any] = {
    "corrections": {
        "label": "Proposer une correction",
        "lead": "Une erreur, une faute d’orthographe, quelque chose qui ne devrait pas être ici ?",
        "by-email": "par courriel",
        "subject": "Correction : {title}",
        "body": "Page : {url}\n\nLe passage (copiez-le ici) :\n\n"
        "Ce qui ne va pas, et ce qu’il faudrait dire (votre source, si vous en avez une) :\n\n",
        "about": "Comment les corrections sont traitées",
        "not-set": "Aucune adresse de correction n’est encore indiquée pour cet exemplaire du "
        "site : aucun message ne peut en partir.",
    },
    "reviews": {
        "months": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
        "none": {
            "kiowa": "**Relecture par la tribu kiowa : aucune pour l’instant.** Aucune institution "
            "de la tribu kiowa n’a relu de page de ce site, et la tribu n’a pas approuvé ce qu’il "
            "dit. Un [dossier de relecture pour la tribu kiowa]({packet}) rassemble tout ce que le "
            "site affirme du Zohn Ahl et des Kiowas, pour que la tribu puisse le lire et y répondre.",
            "zuni": "**Relecture par le Pueblo de Zuni : aucune pour l’instant.** Aucune institution "
            "du Pueblo de Zuni n’a relu de page de ce site, et le Pueblo n’a pas autorisé ce qu’il "
            "publie. Un [dossier de relecture pour le Pueblo de Zuni]({packet}) rassemble tout ce "
            "que le site affirme de l’Awithlaknannai et des Zunis, pour que le Pueblo puisse le "
            "lire et y répondre.",
        },
        "done-lead": {
            "kiowa": "**Relectures par la tribu kiowa.**",
            "zuni": "**Relectures par le Pueblo de Zuni.**",
        },
        "done": "{by} a relu {pages} le {date}.",
        "done-rest": {
            "kiowa": "Aucune autre page n’a été relue par une institution de la tribu kiowa. Le "
            "[dossier de relecture pour la tribu kiowa]({packet}) rassemble tout ce que le site "
            "affirme du Zohn Ahl et des Kiowas.",
            "zuni": "Aucune autre page n’a été relue par une institution du Pueblo de Zuni. Le "
            "[dossier de relecture pour le Pueblo de Zuni]({packet}) rassemble tout ce que le site "
            "affirme de l’Awithlaknannai et des Zunis.",
        },
    },
    "review-packets": {
        "choices-lead": "Les choix du site",
        "title": {
            "kiowa": "Dossier de relecture pour la tribu kiowa",
            "zuni": "Dossier de relecture pour le Pueblo de Zuni",
        },
        "statements": "Ce que dit le site",
        "statements-intro": "Chaque affirmation du site, avec les passages qui la font, les "
        "ouvrages dont elle vient et la solidité de la preuve (les niveaux : P, lu dans "
        "l’original ou une citation exacte ; P*, lu seulement dans la transcription d’un tiers ; "
        "S, une étude moderne ; T, un renvoi, une encyclopédie par exemple ; U, non vérifié).",
        "choices": "Ce que le site a choisi là où les sources se taisent",
        "choices-intro": "Aucun document ancien ne donne les règles complètes. Pour rendre le "
        "jeu jouable, le site a dû trancher lui-même ces points ; ils ne figurent dans aucune "
        "source.",
        "drawings": "Ce que le site dessine",
        "drawings-intro": "Les dessins que fait et imprime le site, chacun avec la ligne "
        "imprimée au-dessous.",
        "item": "Point",
        "claim": "En bref",
        "source-line": "Source : {works} ; niveau {grade}.",
        "sheet-alt": "La feuille à imprimer « {title} », telle que le site l’imprime",
        "map": "La [carte schématique]({href}) des lieux que nomme le site. {desc}",
        "map-print": "La carte schématique des lieux que nomme le site. {desc}",
        "reply": "Votre réponse à ce point (sur le dossier imprimé, ou dans un message qui en "
        "cite le numéro) : exact, inexact et ce qu’il faudrait dire, ou à ne pas publier.",
        "reply-print": "Votre réponse : exact / inexact, et ce qu’il faudrait dire / à ne pas publier",
        "reply-to": "Les réponses vont à {where}.",
        "reply-to-none": "L’éditeur de cet exemplaire du site n’a pas encore indiqué d’adresse "
        "pour les réponses ; l’exemplaire que vous avez reçu en donne une.",
    },
    "answers": {
        "label": "Réponse à l’exercice {id}",
        "label-part": "Réponse à l’exercice {id}, partie {part} sur {parts}",
        "locked": "Cette partie s’ouvre quand les parties précédentes de l’exercice {id} sont justes\u00a0: sa question part de l’une de leurs réponses.",
        "board-locked": "Le plateau de cet exercice s’ouvre quand l’exercice {id} est juste\u00a0: il part de sa réponse.",
        "check": "Vérifier",
        "hint": {
            "number": "Une fraction, ou un nombre décimal avec au moins trois décimales (0,123), ou un pourcentage avec au moins une décimale (12,3\u00a0%).",
            "moves": "Tous les coups, séparés par des espaces, écrits comme a1-b2 pour un pas et a1xb2xc3 pour une chaîne de sauts\u00a0; aucun s’il n’y a pas de coup.",
            "move": "Un seul coup, écrit comme a1-b2 pour un pas ou a1xb2xc3 pour une chaîne de sauts.",
            "state": "La case de chaque alène et les jetons de chaque camp\u00a0: alènes A B, jetons C D.",
            "outcome": "les noirs gagnent, les blancs gagnent, partie nulle ou la partie continue.",
        },
        "premise": {
            "moves": "Après {moves}.",
            "ruleset": "{name}.",
            "table": "{name}.",
            "bias": "Bâtonnets qui montrent leur marque avec la probabilité {bias}.",
            "best": "La prise qui enlève le plus de pièces.",
            "win": "Le coup qui gagne tout de suite.",
        },
        "right": "Juste\u00a0!",
        "right-after": "Juste, à l’essai {n}.",
        "opened": "Ce qui part de cette réponse est ouvert maintenant, plus bas.",
        "wrong": "Pas encore. {nudge} Réessayez autant que vous voulez.",
        "nudge": {
            "probability": "Comptez les lancers qui donnent ce résultat parmi tous les lancers également probables, ou multipliez les chances des bâtonnets un par un.",
            "legal-moves": "Regardez chaque pièce qui touche un point vide ou une pièce ennemie, et rappelez-vous qu’une prise est obligatoire quand elle est possible.",
            "best-capture": "Suivez chaque chaîne de sauts jusqu’au bout et comptez les pièces qu’elle enlève.",
            "outcome": "Jouez chaque candidat sur le plateau et regardez ce que l’autre camp peut encore faire.",
            "state": "Avancez l’alène lancer par lancer, et regardez ce qui se passe au ruisseau.",
        },
        "unread": {
            "number": "«\u00a0{text}\u00a0» n’est pas un nombre que la page sait lire\u00a0: écrivez une fraction comme a/b, un nombre décimal ou un pourcentage.",
            "moves": "Écrivez les coups, séparés par des espaces.",
            "move": "Écrivez un seul coup.",
            "state": "Écrivez quatre nombres\u00a0: les cases des deux alènes, puis les jetons des deux camps.",
            "outcome": "Écrivez les noirs gagnent, les blancs gagnent, partie nulle ou la partie continue.",
        },
        "coarse": "Presque, mais cet exercice demande plus de chiffres\u00a0: une fraction, ou un nombre décimal avec au moins trois décimales (un pourcentage avec au moins une décimale). Cet essai n’est pas compté.",
        "early": "Un pion qui a sauté doit continuer à sauter tant qu’il le peut\u00a0: suivez chaque chaîne de sauts jusqu’à son bout.",
        "range": "Une probabilité ne dépasse jamais 1 (100\u00a0%).",
        "bad-move": "«\u00a0{token}\u00a0» n’est pas écrit comme un coup\u00a0: un pas s’écrit comme a1-b2 et une chaîne de sauts comme a1xb2xc3.",
        "one-move": "N’écrivez qu’un seul coup.",
        "leapt": "\u00ab\u00a0{token}\u00a0\u00bb\u00a0: le coup est juste, mais un point entre parenthèses n’est pas celui que son saut franchit. {tries}",
        "tries": {"one": "{n} essai jusqu’ici.", "other": "{n} essais jusqu’ici."},
        "hand-in": {
            "heading": "Rendre son travail",
            "lead": "Quand vous avez fini, faites votre code et donnez-le à votre enseignant\u00a0: il dit quelles réponses sont justes, à quel essai, et votre relevé si vous l’avez saisi. Rien ne quitte cet appareil avant que vous rendiez le code.",
            "name": "Votre nom ou vos initiales (facultatif)",
            "code": "Votre code",
            "copy": "Copier le code",
            "copied": "Copié.",
            "copy-failed": "Impossible de copier\u00a0: sélectionnez le code et copiez-le à la main.",
            "summary": "{right} réponses justes sur {n}, dont {first} au premier essai.",
            "qr": "Code QR de votre code à rendre, que votre enseignant peut scanner",
            "qr-failed": "Le code QR n’a pas pu être dessiné\u00a0; le code ci-dessus suffit à votre enseignant.",
        },
        "tally": {
            "legend": "Votre relevé",
            "marks": ["aucune marque", "1 marque", "2 marques", "3 marques", "4 marques"],
            "total": "{n} lancers en tout.",
            "note": "Indiquez combien de vos lancers ont montré chaque nombre de marques\u00a0; les nombres entrent dans votre code à rendre.",
            "bad": "«\u00a0{text}\u00a0» n’est pas un nombre de lancers\u00a0: écrivez un nombre entier de 0 à 2047.",
        },
        "run-sheet": {
            "title": "Déroulement de la séance",
            "student": "Les élèves ouvrent\u00a0:",
            "worksheet": "Fiche (PDF)\u00a0:",
            "key": "corrigé (PDF)\u00a0:",
            "hand-in": "Gardez les {n} dernières minutes pour rendre le travail\u00a0: chaque élève fait son code sous «\u00a0Rendre son travail\u00a0», au bas de la page élève, et montre son code QR ou envoie le code.",
            "results": "Lire les codes sur la page des résultats de la classe (cette séance choisie)",
            "qr": "Code QR de l’adresse de la page élève",
            "present": "Montrer le code QR à la classe",
            "close": "Fermer",
        },
        "results": {
            "camera": "Lire les codes avec la caméra",
            "camera-stop": "Arrêter la caméra",
            "camera-why": "La page peut lire les codes QR que montrent les élèves, l’un après l’autre, avec la caméra de cet appareil\u00a0: votre navigateur en demande une fois l’autorisation. Les images restent sur cet appareil\u00a0; rien n’est envoyé. Taper ou coller les codes fonctionne aussi.",
            "camera-view": "Ce que voit la caméra",
            "camera-on": "La caméra est allumée\u00a0: présentez-lui le code QR de chaque élève, l’un après l’autre.",
            "camera-off": "La caméra est éteinte.",
            "camera-failed": "La caméra n’a pas pu servir ({why})\u00a0: tapez ou collez les codes.",
            "camera-read": "Lu\u00a0: {name}, {right} sur {n} justes. Code suivant, s’il vous plaît.",
            "camera-again": "Déjà lu\u00a0: {name}.",
            "camera-bad": "Ce code QR n’est pas un code rendu de cette séance\u00a0: {reason}",
            "printed": {
                "one": "{title}, {date}\u00a0: {n} code lu.",
                "other": "{title}, {date}\u00a0: {n} codes lus.",
            },
            "lesson": "Leçon",
            "paste": "Codes rendus, un par ligne",
            "read": "Lire les codes",
            "clear": "Effacer le tableau",
            "cleared": "Effacé.",
            "print": "Imprimer",
            "none": "Aucun code lu pour l’instant.",
            "student": "Élève",
            "unnamed": "Élève {n} (sans nom)",
            "first": "juste, premier essai",
            "later": "juste, essai {n}",
            "missing": "pas de réponse juste",
            "exercise": "Exercice {id}",
            "count-first": "Juste au premier essai",
            "count-later": "Juste plus tard",
            "count-missing": "Pas de réponse juste",
            "read-n": {
                "one": "{n} code lu pour cette leçon.",
                "other": "{n} codes lus pour cette leçon.",
            },
            "legend": "\u2713 juste au premier essai\u00a0; \u27133 juste au troisième essai\u00a0; \u2013 pas de réponse juste.",
            "missed-heading": "Les plus souvent manqués",
            "missed": "{label}\u00a0: pas de réponse juste pour {n} sur {total}",
            "missed-none": "Chaque élève a répondu juste à chaque exercice.",
            "bad-heading": "Lignes non lues",
            "bad-none": "Toutes les lignes ont été lues.",
            "line": "Ligne {n}\u00a0: «\u00a0{text}\u00a0»\u00a0: {reason}",
            "why": {
                "chars": "pas un code à rendre (les lettres {chars} n’y figurent jamais)",
                "typo": "le code contient une faute de frappe\u00a0; vérifiez-le avec l’élève",
                "typo-at": "le code contient une faute de frappe, sans doute au caractère {at} (groupe {group})\u00a0; vérifiez-le avec l’élève",
                "format": "pas un code à rendre de ce site",
                "other": "le code d’une autre leçon\u00a0: {title}",
                "unknown": "le code d’une leçon que ce site n’a pas",
                "version": "fait avec une autre version de cette leçon, aux exercices différents",
                "duplicate": "le même code qu’à la ligne {n}",
            },
            "tally-heading": "Le relevé de la classe",
            "tally-none": "Aucun code ne porte encore de relevé.",
            "tally-marks": "Marques visibles",
            "tally-got": "Obtenus",
            "tally-expected": "Attendus avec des bâtonnets équilibrés",
            "tally-total": {
                "one": "{n} lancers de {k} relevé.",
                "other": "{n} lancers de {k} relevés.",
            },
            "chi": "Khi-deux\u00a0: {x}. Pour chaque nombre de marques, l’écart entre le nombre obtenu et le nombre attendu, élevé au carré et divisé par le nombre attendu, le tout additionné.",
            "chi-fits": "C’est moins de 9,49\u00a0: avec des bâtonnets équilibrés, un total aussi grand arrive par hasard plus d’une fois sur vingt, donc les lancers ressemblent à ceux de bâtonnets équilibrés.",
            "chi-odd": "C’est plus de 9,49\u00a0: avec des bâtonnets équilibrés, un total aussi grand arrive par hasard moins d’une fois sur vingt. Les bâtonnets, ou la façon de lancer, sont-ils équilibrés\u00a0?",
            "chi-small": "Certains nombres attendus sont inférieurs à 5\u00a0: mettez plus de lancers en commun avant de vous fier à la comparaison.",
        },
    },
    "grades": {
        "P": "texte primaire, lu dans l’original ou dans une citation mot pour mot",
        "P*": "texte primaire vu seulement dans la transcription d’un tiers, pas encore "
        "vérifiée sur la page imprimée",
        "S": "un travail moderne, secondaire ou savant",
        "T": "une source tertiaire (encyclopédie, base de données, règle d’un éditeur de "
        "jeux) : une piste, non une autorité",
        "U": "non vérifié, ou cherché sans être trouvé",
        "S/T": "entre une étude moderne (S) et une source tertiaire (T)",
    },
    "lab": {
        "marks": "Marques visibles",
        "value": "Valeur (cases)",
        "probability": "Probabilité",
        "again": "Relance",
        "yes": "oui",
        "no": "non",
        "colon": " : ",
        "per_value": "Probabilité de chaque valeur",
        "extra": "Chance de relancer : {p}",
        "ruleset": "Variante",
        "first": "Chance de gagner du premier à lancer",
        "length": "Lancers attendus dans une partie",
        "lap": "Chance de finir un circuit sans chute",
        "per_lap": "Lancers attendus par circuit",
        "counters": "Jetons par camp",
        "comeback_caption": (
            "Chance de gagner avec k jetons contre {total} moins k, les deux alènes au "
            "départ, {n} jetons par camp au départ, ce camp devant lancer"
        ),
        "k": "k (jetons en main)",
        "kinds": "Marques visibles (k)",
        "expected_share": "Part attendue des lancers",
        "your_count": "Votre relevé",
        "tally_caption": "Les lancers de la classe : ses relevés et les nombres attendus",
        "tally_caption_counts": "Les lancers de la classe : ses relevés",
        "fixed_fair": (
            "Sur cette page, ces chiffres restent ceux de bâtonnets équilibrés quand on change la chance : les calculer pour d’autres bâtonnets fait partie des exercices."
        ),
        "expected_count": "Effectif attendu",
        "bias_caption": (
            "Bâtonnets équilibrés (chaque marque sort avec la probabilité 1/2), "
            "{n} jetons par camp."
        ),
        "counters_caption": (
            "Plateau imprimable de 28 cases, le ravin sec fait perdre le lancer, bâtonnets équilibrés."
        ),
    },
    "footnote-back": "Revenir à l’appel de la note {} dans le texte",
    "app-description": "L’histoire, les noms et les sources de deux jeux traditionnels, le Zohn Ahl des "
    "Kiowas et l’Awithlaknannai Mosona des Zunis, jouables dans la page, même hors ligne.",
    "printables-footer": "Zohn Ahl et Awithlaknannai : un site pédagogique libre. Impression et partage libres.",
    "printables": {
        "zohn-ahl-cloth": (
            "Zohn Ahl : la toile de 40 cases",
            [
                "Deux camps, chacun avec une alène (un pion ou une épingle) et quatre jetons. "
                "Rouge tourne dans le sens horaire, Vert dans l’autre sens, chacun depuis sa "
                "case 1 au bord du ruisseau sud.",
                "Lancez les quatre bâtonnets sur la pierre du centre et avancez votre alène.",
            ],
            "Reconstitution d’après Culin 1898 (p. 687-689) et 1907 (p. 124-125), "
            "transcrits, et l’article Wikipédia « Zohn Ahl ». Kiowa. Ce n’est la copie "
            "d’aucune toile originale.",
        ),
        "zohn-ahl-square": (
            "Zohn Ahl : le plateau carré de 28 cases",
            [
                "Un plateau moderne pour une feuille de papier : les deux pions partent du "
                "ruisseau sud (case 0) et tournent en sens inverse.",
                "Tomber dans le torrent nord renvoie au départ ; les ravins secs font perdre "
                "un lancer (ou, si l’on en convient, le pion traverse jusqu’à l’autre).",
            ],
            "D’après une fiche de règles imprimable (28 cases, torrent et ravins secs) et les "
            "règles françaises du Globe Joueur (rivières et ravins). Une adaptation de la "
            "toile kiowa de 40 cases, pas un plateau kiowa.",
        ),
        "mosona-lined": (
            "Awithlaknannai Mosona : le plateau avec lignes",
            [
                "Douze pions chacun : les Noirs occupent la rangée du bas et la moitié droite "
                "de la rangée du milieu, les Blancs la rangée du haut et leur propre moitié "
                "droite ; le centre reste vide.",
                "On se déplace le long des lignes ; on saute un pion adverse pour le prendre.",
            ],
            "Reconstitution d’après Culin 1907 (p. 801) et l’article Wikipédia "
            "« Awithlaknannai Mosona » : la version avec lignes sur les rangées "
            "extérieures. Zuni.",
        ),
        "mosona-open": (
            "Awithlaknannai Mosona : le plateau ouvert",
            [
                "Le même jeu sur la version sans lignes le long des rangées extérieures.",
                "On se déplace le long des lignes ; on saute un pion adverse pour le prendre.",
            ],
            "Reconstitution d’après Culin 1907 (p. 801) et l’article Wikipédia "
            "« Awithlaknannai Mosona » : la version sans lignes sur les rangées "
            "extérieures. Zuni.",
        ),
        "kolowis": (
            "Kolowis Awithlaknannai : le long plateau",
            [
                "Vingt-trois pions chacun, placés comme sur le plateau Mosona ; le centre de "
                "la rangée du milieu reste vide. Les mêmes règles sur un plateau plus long."
            ],
            "Reconstitution d’après Culin 1907 (p. 801, fig. 1111) lue par le Digital "
            "Ludeme Project : 16, 15 et 16 points. Zuni : le schéma d’une dalle de pierre de "
            "Zuni, redessiné sans l’autorisation du Pueblo de Zuni, qui n’a pas encore été "
            "demandée ; retiré si le Pueblo le demande.",
        ),
        "zohn-ahl-sticks": (
            "Zohn Ahl : quatre bâtonnets-dés à découper",
            [
                "Découpez le long des traits pleins. Pliez chaque bande le long du pointillé "
                "et collez les deux moitiés dos à dos (sur du papier fort, ou autour d’un "
                "bâtonnet plat).",
                "La face rainurée est le côté plat, marqué ; la face unie est le côté arrondi. "
                "Le quatrième bâtonnet, le sahe, est marqué autrement sur ses deux faces.",
            ],
            "Culin (1898, 1907) décrit quatre bâtonnets à rainure, dont aucun n’est "
            "particulier ; le sahe, marqué en vert, vient du récit de Mooney (1896) ; "
            "d’autres récits le marquent en bleu ou en noir. Un substitut en papier de "
            "bâtonnets fendus de saule ou d’orme.",
        ),
    },
    "pdfs": {
        "marks": "Marques visibles",
        "again-yes": ", on relance",
        "again-no": "",
        "again-sahe": ", on relance si le sahe en fait partie",
        "rules": "Fiche de règles",
        "source": "Source",
        "start": "Départ",
        "throws": "Les lancers",
        "water": "L’eau",
        "lap": "Un circuit",
        "awl": "S’arrêter sur l’alène adverse",
        "end": "La fin",
        "recon": "Une reconstitution",
        "recon-text": "Ces règles viennent de documents écrits par des observateurs extérieurs "
        "vers 1900 et de versions modernes de ces documents. C’est une reconstitution, non la "
        "règle telle que la donneraient des joueurs kiowas ou zunis. Les corrections sont "
        "bienvenues : voir la page À propos du site.",
        "name": "Nom",
        "date": "Date",
        "board-after": "Le plateau de cet exercice part de votre réponse à l’exercice {id} : "
        "il n’est donc pas imprimé ici, où il donnerait cette réponse. Installez-le sur un "
        "plateau, ou dessinez-le, une fois que vous avez répondu.",
        "worksheet": "Fiche d’exercices",
        "tally": "Feuille de relevé : 32 lancers",
        "total": "Total",
        "with-sahe": "dont le sahe est visible",
        "class": "Total de la classe",
        "tally-col": "Relevé",
        "answer": "Votre réponse",
        "throws-listed": "Lancers, quatre chiffres chacun",
        "count-got": "Effectif de la classe",
        "count-expected": "Effectif attendu, bâtonnets équilibrés",
        "chi-term": "(obtenu - attendu)² ÷ attendu",
        "answer-key": "Corrigé",
        "exit-ticket": "Billet de sortie",
    },
    "rules-cards": {
        "zohn-ahl-cloth": [
            (
                "start",
                "Deux camps, chacun avec une alène et quatre jetons. Chaque camp compte "
                "les quarante cases depuis sa case 1, sur sa rive du ruisseau, et tourne dans son "
                "propre sens.",
            ),
            (
                "water",
                "Une alène qui s’arrête sur la case 20 de son camp, la rive proche du "
                "ruisseau (ou, en <i>{kiowa}</i>, sur la 40), y tombe : retour à la case 1, et son "
                "camp paie un jeton.",
            ),
            (
                "lap",
                "<i>{kiowa}</i> : dépasser la 40 rapporte un jeton, et l’alène poursuit avec "
                "le reste du lancer. <i>{culin}</i> : l’alène doit s’arrêter exactement sur la 40 ; "
                "elle gagne un jeton et repart de la case 1.",
            ),
            ("awl", "Elle retourne à sa case 1, et son camp paie un jeton."),
            ("end", "Le camp qui a tous les jetons gagne aussitôt."),
            (
                "source",
                "<i>{kiowa}</i> : l’article de Wikipédia « Zohn Ahl », avec les "
                "lancers de Mooney (1896). <i>{culin}</i> : Culin 1898 tel que le résume le "
                "Digital Ludeme Project, avec les valeurs de Culin 1907 (lu dans une "
                "transcription).",
            ),
        ],
        "zohn-ahl-square": [
            (
                "start",
                "<i>{printable}</i> : les deux alènes partent du ruisseau sud et tournent "
                "en sens inverse. <i>{globe}</i> : le rouge entre sur la première case à gauche de "
                "la rivière sud et tourne dans le sens des aiguilles d’une montre, le vert sur la "
                "première case à sa droite ; le rouge lance le premier.",
            ),
            (
                "water",
                "<i>{printable}</i> : le torrent nord renvoie au départ et coûte un jeton ; "
                "un ravin sec coûte un lancer, ou se traverse (à convenir avant la partie). "
                "<i>{globe}</i> : chaque rivière renvoie au départ et coûte un jeton ; un ravin "
                "met fin au tour, et l’on passe le suivant.",
            ),
            (
                "lap",
                "Atteindre ou dépasser le départ rapporte un jeton. <i>{printable}</i> : les "
                "deux alènes reviennent au départ. <i>{globe}</i> : le pion adverse retourne à son "
                "départ.",
            ),
            ("awl", "Elle retourne à son départ, et son camp paie un jeton."),
            ("end", "Le camp qui a tous les jetons gagne aussitôt."),
            (
                "source",
                "<i>{printable}</i> : la fiche « Zohn Ahl Rules, Route and Layout », "
                "conçue pour une feuille A4. <i>{globe}</i> : la règle française du Globe Joueur, "
                "« Zohn Al ». Des adaptations modernes de la toile de 40 cases.",
            ),
        ],
        "mosona": [
            (
                "start",
                "Chaque camp occupe la rangée extérieure la plus proche et les points "
                "du milieu à sa droite ; seul le point central est vide. Les Noirs jouent les "
                "premiers, et doivent aller au centre.",
            ),
            (
                "throws",
                "Un pion avance le long d’une ligne vers un point voisin vide, dans "
                "n’importe quel sens, ou saute par-dessus un pion adverse voisin jusqu’au point "
                "vide situé juste au-delà, et le pion sauté est retiré.",
            ),
            (
                "water",
                "Si vous pouvez prendre, vous devez prendre, mais vous choisissez la "
                "prise. Un pion qui a sauté continue tant qu’il le peut ; toute la rafle compte "
                "pour un coup.",
            ),
            (
                "end",
                "Un camp sans pions, ou sans coup possible, a perdu. Après 40 coups sans "
                "prise, la partie est nulle (ou, si on l’a convenu, le camp qui a le plus de "
                "pions gagne).",
            ),
            (
                "source",
                "Stevenson 1903 (l’ouverture) et Culin 1907, p. 801 (les plateaux), "
                "tels que les lit l’article de Wikipédia « Awithlaknannai Mosona » ; le "
                "long plateau tel que le Digital Ludeme Project lit la figure 1111 de Culin. "
                "Zuni.",
            ),
        ],
    },
    "rules-card-headings": {"throws": "Les coups", "water": "Les prises"},
    "sticks-note": "D’où viennent les bâtonnets. Culin (1898, 1907) décrit quatre bâtonnets à rainure, "
    "dont aucun n’est particulier : toutes les faces à rainure dessus, c’est « rouge », "
    "toutes les faces unies, « blanc ». Le quatrième bâtonnet marqué autrement, le "
    "<i>sahe</i>, vient du récit de Mooney (1896, par le résumé du Digital Ludeme Project), "
    "où sa ligne est verte ; d’autres récits le marquent en bleu ou en noir. "
    "<i>{table_culin}</i> : le quatrième bâtonnet y est ordinaire.",
    "puzzles": {
        "title": "Problème {n}",
        "levels": {"easy": "facile", "medium": "moyen", "hard": "difficile"},
        "sides": ("Noir", "Blanc"),
        "win": "{side} joue et gagne par force (en {k} coups au plus, des deux camps).",
        "win1": "{side} joue et gagne tout de suite.",
        "material": "{side} joue et gagne {gain} par force. Trouvez le seul coup qui y arrive.",
        "pieces": ("un pion", "{n} pions"),
        "rules": "Règles : {ruleset}.",
        "solution": "Solution",
        "link": "Lien vers ce problème",
        "line": "La suite de l’ordinateur : {line}.",
        "caption": "{n}. {side} au trait. Jouez votre réponse sur le plateau.",
    },
}
