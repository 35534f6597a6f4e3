"""Every English word only the build writes (see :mod:`build_scripts.words`)."""

from typing import Any

WORDS: dict[str, Any] = {
    "corrections": {
        "label": "Suggest a correction",
        "lead": "Something wrong, misspelled, or that should not be here?",
        "by-email": "by email",
        "subject": "Correction: {title}",
        "body": "Page: {url}\n\nThe passage (copy it here):\n\n"
        "What is wrong, and what it should say (your source, if you have one):\n\n",
        "about": "How corrections are handled",
        "not-set": "No correction address is set for this copy of the site yet, so no "
        "message can be sent from here.",
    },
    "grades": {
        "P": "primary text, read in the original or in a word-for-word quotation",
        "P*": "primary text seen only in a third party's transcription, not yet checked "
        "against the printed page",
        "S": "a modern secondary or scholarly work",
        "T": "a tertiary source (an encyclopedia, a database, a game seller's rules): "
        "a pointer, not an authority",
        "U": "unverified, or looked for and not found",
        "S/T": "between a modern study (S) and a tertiary source (T)",
    },
    "lab": {
        "marks": "Marks showing",
        "value": "Worth (spaces)",
        "probability": "Probability",
        "again": "Throws again",
        "yes": "yes",
        "no": "no",
        "colon": ": ",
        "per_value": "Probability of each value",
        "extra": "Chance of throwing again: {p}",
        "ruleset": "Ruleset",
        "first": "First thrower's chance of winning",
        "length": "Expected throws in a game",
        "lap": "Chance a lap ends without a fall",
        "per_lap": "Expected throws per lap",
        "counters": "Counters a side",
        "comeback_caption": (
            "Chance of winning with k counters against {total} minus k, both awls at the "
            "start, {n} counters a side at the start, this side to throw"
        ),
        "k": "k (counters held)",
        "kinds": "Marks showing (k)",
        "expected_share": "Expected share of throws",
        "your_count": "Your count",
        "tally_caption": "The class's throws: its counts and the counts to expect",
        "expected_count": "Expected count",
        "bias_caption": "Fair sticks (each mark shows with probability 1/2), {n} counters a side.",
        "counters_caption": "Printable board, the gully loses a throw, fair sticks.",
    },
    "app-description": "The history, names and sources of two traditional games, Zohn Ahl of the Kiowa "
    "and Awithlaknannai Mosona of the Zuni, playable in the page, also offline.",
    "printables-footer": "Zohn Ahl and Awithlaknannai: an open-source teaching site. Free to print and share.",
    "printables": {
        "zohn-ahl-cloth": (
            "Zohn Ahl: the 40-space cloth",
            [
                "Two sides, each with an awl (a pointer or a pin) and four counters. Red goes "
                "clockwise, Green anticlockwise, each from its own space 1 beside the south "
                "creek.",
                "Throw the four sticks on the stone in the centre and move your awl.",
            ],
            "Reconstruction after Culin 1898 (pp. 687-689) and 1907 (pp. 124-125) as "
            "transcribed, and the Wikipedia article \u201cZohn Ahl\u201d. Kiowa. Not a copy "
            "of any original cloth.",
        ),
        "zohn-ahl-square": (
            "Zohn Ahl: the 28-space square board",
            [
                "A modern board for a sheet of paper: both pieces start at the south creek "
                "(space 0) and go round in opposite directions.",
                "Landing on the north torrent sends a piece back to the start; the dry "
                "gullies cost a throw (or, by agreement, the piece crosses to the other one).",
            ],
            "After a printable rules sheet (28 spaces, the torrent and dry gullies) and Le "
            "Globe Joueur's French rules (rivers and ravines). An adaptation of the Kiowa "
            "40-space cloth, not a Kiowa board.",
        ),
        "mosona-lined": (
            "Awithlaknannai Mosona: the board with lines",
            [
                "Twelve pieces each: Black fills the bottom row and the right half of the "
                "middle row, White the top row and its own right half; the centre stays empty.",
                "Move along the lines; leap over an enemy piece to capture it.",
            ],
            "Reconstruction after Culin 1907 (p. 801) and the Wikipedia article "
            "\u201cAwithlaknannai Mosona\u201d: the version with lines along the outer rows. "
            "Zuni.",
        ),
        "mosona-open": (
            "Awithlaknannai Mosona: the open board",
            [
                "The same game on the version without lines along the outer rows.",
                "Move along the lines; leap over an enemy piece to capture it.",
            ],
            "Reconstruction after Culin 1907 (p. 801) and the Wikipedia article "
            "\u201cAwithlaknannai Mosona\u201d: the version without lines along the outer "
            "rows. Zuni.",
        ),
        "kolowis": (
            "Kolowis Awithlaknannai: the long board",
            [
                "Twenty-three pieces each, placed as on the Mosona board; the centre of the "
                "middle row stays empty. The same rules on a longer board."
            ],
            "Reconstruction after Culin 1907 (p. 801, fig. 1111) as the Digital Ludeme "
            "Project reads it: 16, 15 and 16 points. Zuni.",
        ),
        "zohn-ahl-sticks": (
            "Zohn Ahl: four stick dice to cut out",
            [
                "Cut along the solid lines. Fold each strip along the dashed line and glue "
                "the halves back to back (thin card works best, or wrap the strip round a "
                "flat craft stick).",
                "The grooved face is the flat, marked side; the plain face is the rounded "
                "side. The fourth stick, the sahe, is marked differently on both faces.",
            ],
            "Culin (1898, 1907) describes four grooved sticks, none of them special; the "
            "sahe, marked in green, comes from Mooney's account (1896); other accounts mark "
            "it blue or black. A paper stand-in for split willow or elm sticks.",
        ),
    },
    "pdfs": {
        "marks": "Marks showing",
        "again-yes": ", throw again",
        "again-no": "",
        "again-sahe": ", throw again if the sahe is one of them",
        "rules": "Rules card",
        "source": "Source",
        "start": "Start",
        "throws": "The throws",
        "water": "The water",
        "lap": "A lap",
        "awl": "Landing on the other awl",
        "end": "The end",
        "recon": "A reconstruction",
        "recon-text": "These rules come from records written by outsiders around 1900 and "
        "from modern retellings of them. They are a reconstruction, not the rule as Kiowa or "
        "Zuni players would give it. Corrections are welcome: see the site's About page.",
        "name": "Name",
        "date": "Date",
        "worksheet": "Worksheet",
        "tally": "Tally sheet: 32 throws",
        "total": "Total",
        "with-sahe": "of which the sahe shows",
        "class": "The class's total",
        "tally-col": "Tally",
        "answer": "Your answer",
        "throws-listed": "Throws, four digits each",
        "count-got": "The class's count",
        "count-expected": "Count expected with fair sticks",
        "chi-term": "(count - expected)² ÷ expected",
        "answer-key": "Answer key",
        "exit-ticket": "Exit ticket",
    },
    "rules-cards": {
        "zohn-ahl-cloth": [
            (
                "start",
                "Two sides, each with an awl and four counters. Each side counts the "
                "forty spaces from its own space 1, on its own bank of the creek, and goes round "
                "in its own direction.",
            ),
            (
                "water",
                "Land on your own space 20, the near bank of the creek (or, in "
                "<i>{kiowa}</i>, on 40), and you fall in: back to space 1, and your side pays a "
                "counter.",
            ),
            (
                "lap",
                "<i>{kiowa}</i>: passing 40 wins a counter, and the awl goes on with the rest "
                "of the throw. <i>{culin}</i>: the awl must land exactly on 40; it wins a counter "
                "and starts again from 1.",
            ),
            ("awl", "It goes back to its space 1, and its side pays a counter."),
            ("end", "The side that holds all the counters wins at once."),
            (
                "source",
                "<i>{kiowa}</i>: the Wikipedia article \u201cZohn Ahl\u201d, with "
                "Mooney's throws (1896). <i>{culin}</i>: Culin 1898 as the Digital Ludeme Project "
                "summarises it, with the values of Culin 1907 (read in a transcription).",
            ),
        ],
        "zohn-ahl-square": [
            (
                "start",
                "<i>{printable}</i>: both awls start on the south creek and go round in "
                "opposite directions. <i>{globe}</i>: red enters on the first space left of the "
                "south river and goes clockwise, green on the first space to its right; red "
                "throws first.",
            ),
            (
                "water",
                "<i>{printable}</i>: the north torrent sends you back to the start and "
                "costs a counter; a dry gully costs a throw, or is crossed (agree before the "
                "game). <i>{globe}</i>: either river sends you back and costs a counter; a ravine "
                "ends your turn and you miss the next.",
            ),
            (
                "lap",
                "Reaching or passing the start wins a counter. <i>{printable}</i>: both awls "
                "go back to the start. <i>{globe}</i>: the other pawn goes back to its start.",
            ),
            ("awl", "It goes back to its start, and its side pays a counter."),
            ("end", "The side that holds all the counters wins at once."),
            (
                "source",
                "<i>{printable}</i>: the rules sheet \u201cZohn Ahl Rules, Route and "
                "Layout\u201d, made to fit on A4 paper. <i>{globe}</i>: Le Globe Joueur's French "
                "rules \u201cZohn Al\u201d. Modern adaptations of the 40-space cloth.",
            ),
        ],
        "mosona": [
            (
                "start",
                "Each side fills the outer row nearest it and the middle points on its "
                "own right; only the centre point is empty. Black moves first, and must move "
                "into the centre.",
            ),
            (
                "throws",
                "A piece steps along a line to a neighbouring empty point, in any "
                "direction, or leaps over a neighbouring enemy piece onto the empty point "
                "straight beyond it, and the enemy piece is removed.",
            ),
            (
                "water",
                "If you can capture, you must, but you may choose which capture. A piece "
                "that has leapt keeps leaping while it can; the whole chain is one move.",
            ),
            (
                "end",
                "A side with no pieces, or with no move, loses. After 40 moves without a "
                "capture the game is a draw (or, if agreed, the side with more pieces wins).",
            ),
            (
                "source",
                "Stevenson 1903 (the opening) and Culin 1907, p. 801 (the boards), as "
                "the Wikipedia article \u201cAwithlaknannai Mosona\u201d reads them; the long board "
                "as the Digital Ludeme Project reads Culin's figure 1111. Zuni.",
            ),
        ],
    },
    "rules-card-headings": {"throws": "Moves", "water": "Captures"},
    "sticks-note": "Where the sticks come from. Culin (1898, 1907) describes four grooved sticks, none "
    "of them special: all grooved sides up is \u201cred\u201d, all plain sides up "
    "\u201cwhite\u201d. The fourth stick marked differently, the <i>sahe</i>, comes from "
    "Mooney's account (1896, through the Digital Ludeme Project's summary), where its line is "
    "green; other accounts mark it blue or black. In <i>{table_culin}</i> the fourth stick is "
    "an ordinary one like the others.",
    "puzzles": {
        "title": "Puzzle {n}",
        "levels": {"easy": "easy", "medium": "medium", "hard": "hard"},
        "sides": ("Black", "White"),
        "win": "{side} to move and win by force (in {k} moves at most, counting both sides).",
        "win1": "{side} to move and win at once.",
        "material": "{side} to move wins {gain} by force. Find the one move that does.",
        "pieces": ("a piece", "{n} pieces"),
        "rules": "Rules: {ruleset}.",
        "solution": "Solution",
        "link": "Link to this puzzle",
        "line": "The computer's line: {line}.",
        "caption": "{n}. {side} to move. Play your answer on the board.",
    },
}
