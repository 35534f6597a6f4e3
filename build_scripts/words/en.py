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
    "reviews": {
        "months": "January February March April May June July August September October November December",
        "none": {
            "kiowa": "**Review by the Kiowa Tribe: none yet.** No institution of the Kiowa Tribe "
            "has reviewed any page of this site, and the Tribe has not approved what it says. "
            "A [review packet for the Kiowa Tribe]({packet}) sets out every statement the site "
            "makes about Zohn Ahl and the Kiowa, for the Tribe to read and answer.",
            "zuni": "**Review by the Pueblo of Zuni: none yet.** No institution of the Pueblo of "
            "Zuni has reviewed any page of this site, and the Pueblo has not given permission "
            "for what it publishes. A [review packet for the Pueblo of Zuni]({packet}) sets out "
            "every statement the site makes about Awithlaknannai and the Zuni, for the Pueblo "
            "to read and answer.",
        },
        "done-lead": {
            "kiowa": "**Reviews by the Kiowa Tribe.**",
            "zuni": "**Reviews by the Pueblo of Zuni.**",
        },
        "done": "{by} reviewed {pages} on {date}.",
        "done-rest": {
            "kiowa": "No other page has been reviewed by an institution of the Kiowa Tribe. The "
            "[review packet for the Kiowa Tribe]({packet}) lists every statement the site makes "
            "about Zohn Ahl and the Kiowa.",
            "zuni": "No other page has been reviewed by an institution of the Pueblo of Zuni. The "
            "[review packet for the Pueblo of Zuni]({packet}) lists every statement the site "
            "makes about Awithlaknannai and the Zuni.",
        },
    },
    "review-packets": {
        "choices-lead": "The site's choices",
        "title": {
            "kiowa": "Review packet for the Kiowa Tribe",
            "zuni": "Review packet for the Pueblo of Zuni",
        },
        "statements": "What the site says",
        "statements-intro": "Each statement the site makes, with the passages that make it, "
        "the works it comes from and how firm the evidence is (the grades: P, read in the "
        "original or an exact quotation; P*, read only in a third party's transcription; S, a "
        "modern study; T, a pointer such as an encyclopedia; U, unverified).",
        "choices": "What the site chose where the sources are silent",
        "choices-intro": "No old record gives the complete rules. To make the game playable, "
        "the site had to decide these points itself; they are not in any source.",
        "drawings": "What the site draws",
        "drawings-intro": "The drawings the site makes and prints, each with the line it "
        "prints beneath it.",
        "item": "Item",
        "claim": "In short",
        "source-line": "From: {works}; grade {grade}.",
        "sheet-alt": "The printable sheet “{title}”, as the site prints it",
        "map": "The [schematic map]({href}) of the places the site names. {desc}",
        "map-print": "The schematic map of the places the site names. {desc}",
        "reply": "Your reply to this item (on the printed packet, or in a message quoting its "
        "number): correct, wrong and what it should say, or not to be published.",
        "reply-print": "Your reply: correct / wrong, and what it should say / not to be published",
        "reply-to": "Replies go to {where}.",
        "reply-to-none": "The publisher of this copy of the site has not yet set an address for "
        "replies; the copy you received names one.",
    },
    "answers": {
        "label": "Answer to exercise {id}",
        "label-part": "Answer to exercise {id}, part {part} of {parts}",
        "locked": "This part opens once you have the parts of exercise {id} before it right: its question starts from one of their answers.",
        "board-locked": "The board of this exercise opens once you have exercise {id} right: it starts from that exercise's answer.",
        "check": "Check",
        "hint": {
            "number": "A fraction, or a decimal to at least three places (0.123), or a percentage to at least one decimal place (12.3%).",
            "moves": "Every move, separated by spaces, written like a1-b2 for a step and a1xb2xc3 for a chain of leaps; none if there is no move.",
            "move": "One move, written like a1-b2 for a step or a1xb2xc3 for a chain of leaps.",
            "state": "Where each awl stands and how many counters each side holds: awls A B, counters C D.",
            "outcome": "black wins, white wins, draw or not over.",
        },
        "premise": {
            "moves": "After {moves}.",
            "ruleset": "{name}.",
            "table": "{name}.",
            "bias": "Sticks that show their mark with chance {bias}.",
            "best": "The capture that takes the most pieces.",
            "win": "The move that wins at once.",
        },
        "right": "Right!",
        "right-after": "Right, on try {n}.",
        "opened": "What starts from this answer is open now, below.",
        "wrong": "Not yet. {nudge} Try again as often as you like.",
        "nudge": {
            "probability": "Count the throws that give this result out of all the equally likely ones, or multiply the chances of the sticks one by one.",
            "legal-moves": "Look at every piece that touches an empty point or an enemy piece, and remember that a capture must be made when one is possible.",
            "best-capture": "Follow each chain of leaps to its end and count the pieces it removes.",
            "outcome": "Play each candidate on the board and look at what the other side can still do.",
            "state": "Move the awl throw by throw, and look at what happens at the creek.",
        },
        "unread": {
            "number": "\u201c{text}\u201d is not a number this page can read: write a fraction such as a/b, a decimal or a percentage.",
            "moves": "Write the moves, separated by spaces.",
            "move": "Write one move.",
            "state": "Write four numbers: the two awls' places, then the two sides' counters.",
            "outcome": "Write black wins, white wins, draw or not over.",
        },
        "coarse": "Close, but this exercise asks for more digits: a fraction, or a decimal to at least three places (a percentage to at least one decimal place). This was not counted as a try.",
        "early": "A piece that has leapt must go on leaping while it can: follow each chain of leaps to its very end.",
        "range": "A probability is never more than 1 (100%).",
        "bad-move": "\u201c{token}\u201d is not written like a move: a step is written like a1-b2 and a chain of leaps like a1xb2xc3.",
        "one-move": "Write only one move.",
        "leapt": "\u201c{token}\u201d: the move is right, but a point in brackets is not the one its leap passes over. {tries}",
        "tries": {"one": "{n} try so far.", "other": "{n} tries so far."},
        "hand-in": {
            "heading": "Hand in",
            "lead": "When you have finished, make your code and give it to your teacher: it says which answers you got right, on which try, and your tally if you entered one. Nothing leaves this device until you hand the code in.",
            "name": "Your name or initials (optional)",
            "code": "Your code",
            "copy": "Copy the code",
            "copied": "Copied.",
            "copy-failed": "Could not copy: select the code and copy it by hand.",
            "summary": "{right} of {n} answers right, {first} of them on the first try.",
            "qr": "QR code of your hand-in code, for your teacher to scan",
            "qr-failed": "The QR code could not be drawn; the code above is all your teacher needs.",
        },
        "tally": {
            "legend": "Your tally",
            "marks": ["no mark", "1 mark", "2 marks", "3 marks", "4 marks"],
            "total": "{n} throws in all.",
            "note": "Enter how many of your throws showed each number of marks; the counts go into your hand-in code.",
            "bad": "\u201c{text}\u201d is not a count: write a whole number from 0 to 2047.",
        },
        "run-sheet": {
            "title": "Running the lesson",
            "student": "Students open:",
            "worksheet": "Worksheet (PDF):",
            "key": "answer key (PDF):",
            "hand-in": "Keep the last {n} minutes for handing in: each student makes a code under Hand in, at the foot of the student page, and shows its QR code or sends the code.",
            "results": "Read the codes on the class results page (this lesson chosen)",
            "qr": "QR code of the student page's address",
            "present": "Show the QR code to the class",
            "close": "Close",
        },
        "results": {
            "camera": "Scan codes with the camera",
            "camera-stop": "Stop the camera",
            "camera-why": "The page can read the QR codes students show, one after another, with this device's camera: your browser asks once for permission. The pictures stay on this device; nothing is sent anywhere. Typing or pasting the codes works as well.",
            "camera-view": "What the camera sees",
            "camera-on": "The camera is on: hold each student's QR code in front of it, one at a time.",
            "camera-off": "The camera is off.",
            "camera-failed": "The camera could not be used ({why}): type or paste the codes instead.",
            "camera-read": "Read: {name}, {right} of {n} right. Next code, please.",
            "camera-again": "Already read: {name}.",
            "camera-bad": "That QR code is not a hand-in code of this lesson: {reason}",
            "printed": {
                "one": "{title}, {date}: {n} code read.",
                "other": "{title}, {date}: {n} codes read.",
            },
            "lesson": "Lesson",
            "paste": "Hand-in codes, one per line",
            "read": "Read the codes",
            "clear": "Clear the table",
            "cleared": "Cleared.",
            "print": "Print",
            "none": "No code read yet.",
            "student": "Student",
            "unnamed": "Student {n} (no name)",
            "first": "right, first try",
            "later": "right, try {n}",
            "missing": "not answered",
            "exercise": "Exercise {id}",
            "count-first": "Right first try",
            "count-later": "Right later",
            "count-missing": "Not answered",
            "read-n": {
                "one": "{n} code read for this lesson.",
                "other": "{n} codes read for this lesson.",
            },
            "legend": "\u2713 right on the first try; \u27133 right on the third try; \u2013 not answered right.",
            "missed-heading": "Most often missed",
            "missed": "{label}: not answered right by {n} of {total}",
            "missed-none": "Every exercise was answered right by every student.",
            "bad-heading": "Lines not read",
            "bad-none": "Every line was read.",
            "line": "Line {n}: \u201c{text}\u201d: {reason}",
            "why": {
                "chars": "not a hand-in code (the letters {chars} are never in one)",
                "typo": "the code has a typo; check it with the student",
                "typo-at": "the code has a typo, probably at character {at} (group {group}); check it with the student",
                "format": "not a hand-in code of this site",
                "other": "a code for another lesson: {title}",
                "unknown": "a code for a lesson this site does not have",
                "version": "made with another version of this lesson, whose exercises differ",
                "duplicate": "the same code as line {n}",
            },
            "tally-heading": "The class's tally",
            "tally-none": "No code carries a tally yet.",
            "tally-marks": "Marks showing",
            "tally-got": "Thrown",
            "tally-expected": "Expected with fair sticks",
            "tally-total": {
                "one": "{n} throws from {k} tally.",
                "other": "{n} throws from {k} tallies.",
            },
            "chi": "Chi-square: {x}. For each number of marks, the difference between the count thrown and the count expected, squared and divided by the count expected, all added up.",
            "chi-fits": "That is below 9.49: with fair sticks a total this large happens by chance more than once in twenty times, so the throws look like fair sticks.",
            "chi-odd": "That is above 9.49: with fair sticks a total this large happens by chance less than once in twenty times. Are the sticks, or the throwing, fair?",
            "chi-small": "Some expected counts are below 5: pool more throws before trusting the comparison.",
        },
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
        "tally_caption_counts": "The class's throws: its counts",
        "fixed_fair": (
            "On this page these figures stay those of fair sticks when the chance is changed: working them out for other sticks is part of the exercises."
        ),
        "expected_count": "Expected count",
        "bias_caption": "Fair sticks (each mark shows with probability 1/2), {n} counters a side.",
        "counters_caption": "Printable board, the gully loses a throw, fair sticks.",
    },
    "footnote-back": "Jump back to footnote {} in the text",
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
            "Project reads it: 16, 15 and 16 points. Zuni: a redrawing of the diagram on a "
            "stone slab at Zuni, printed without the permission of the Pueblo of Zuni, which "
            "has not yet been asked; withdrawn if the Pueblo asks.",
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
        "board-after": "This exercise's board starts from your answer to exercise {id}, so it "
        "is not printed here, where it would give that answer away. Set it up on a board, or draw "
        "it, once you have answered.",
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
