// The words of the interactive boards, in English and French.
// The language is the page's own (<html lang="...">, set by mkdocs-static-i18n).
// Narration is built from the engine's structured events: the engine decides what
// happened, these functions only say it.

const STRINGS = {
  en: {
    loading: "Loading the game engine…",
    loadingShort: "Loading…",
    ready: "Ready.",
    retry: "Try again",
    failed: "The game engine (Python in your browser) could not start, so this board cannot be played here. The rules and the picture above still stand; try reloading the page, or a recent Firefox, Chrome, Edge or Safari.",
    restarted: "The game engine stopped and was restarted; your game is kept.",
    badLink: (what) => `The game in this link could not be read (${what}). Here is a fresh board instead.`,
    badSaved: (what) => `The saved game could not be read (${what}). Here is a fresh board instead.`,
    linkCopied: "Link copied: it reopens this game.",
    linkShown: "Copy this link to reopen this game:",
    // controls
    throw: "Throw",
    throwKey: "Throw (T)",
    newGame: "New game",
    replay: "Replay",
    copyLink: "Copy link",
    undo: "Undo",
    redo: "Redo",
    stop: "Stop",
    fast: "Fast",
    speed: "Speed",
    speedNormal: "Normal",
    speedFast: "Fast",
    opponent: "Opponent",
    person: "Another person",
    computer: "The computer",
    ruleset: "Rules",
    level: "Level",
    levels: { random: "Random", easy: "Easy", medium: "Medium", hard: "Hard" },
    cvc: "Computer v computer",
    first: "Start",
    prev: "Back",
    next: "Forward",
    last: "End",
    exitReplay: "Back to the game",
    replaying: (k, n) => `Replay: throw ${k} of ${n}`,
    replayStart: "Replay: the start of the game",
    moves: "Moves",
    log: "What happened",
    noMovesYet: "No moves yet.",
    noThrowsYet: "No throws yet.",
    // sides
    sideName: ["Red", "Green"],
    aDraw: "The game is a draw",
    counters: "counters",
    countersOf: (name, n) => `${name}: ${n} ${n === 1 ? "counter" : "counters"}`,
    awlOf: (name) => `${name}'s awl`,
    awlAt: (space) => (space === undefined ? "" : `awl on its space ${space}`),
    toThrow: (name) => `${name} to throw`,
    toThrowTeam: (team, member) => `${team} to throw: ${member}'s turn`,
    computerThinking: "The computer is throwing…",
    wins: (name) => `${name} wins`,
    // sticks
    stick: (i, marked) => `stick ${i}: ${marked ? "marked side up" : "plain side up"}`,
    sahe: (marked) => `the sahe (special stick): ${marked ? "marked side up" : "plain side up"}`,
    sticksLabel: "The four stick dice",
    sticksNone: "The sticks have not been thrown yet.",
    // Zohn Ahl narration
    numberWord: ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
    marksUp: (k, sahe) => {
      if (k === 0) return "No marks up";
      if (k === 4) return "Four marks up";
      if (k === 1) return sahe ? "One mark up, on the sahe" : "One mark up";
      const n = ["", "", "Two marks", "Three marks"][k];
      return `${n} up${sahe ? ", the sahe among them" : ""}`;
    },
    spacesWord: (v) => `${v} ${v === 1 ? "space" : "spaces"}`,
    // Awithlaknannai
    pointEmpty: "empty",
    pointBlack: "black piece",
    pointWhite: "white piece",
    colourName: ["Black", "White"],
    toMove: (name) => `${name} to move`,
    mustCapture: (name) => `${name} must capture: the pieces that can leap are marked.`,
    selectPiece: "Choose a piece to move.",
    selected: (p) => `${p} chosen: choose where it goes.`,
    continueChain: (p) => `Leap on from ${p}: the chain goes on.`,
    legalTo: (n) => `${n} ${n === 1 ? "destination" : "destinations"} marked.`,
    notYours: (p) => `${p} has no piece that can move now.`,
    played: (name, m) => `${name} plays ${m}.`,
    capturedN: (n) => `${n === 1 ? "one piece" : n + " pieces"} taken`,
    thinking: "The computer is thinking…",
    stopped: "Stopped: the computer's move was cancelled.",
    ended: (name, reason) => `Game over: ${name ? name + " wins" : "a draw"} (${reason}).`,
    reasons: {
      "no-pieces": "the other side has no pieces left",
      "no-moves": "the other side has no legal move",
      "stall-draw": "forty moves without a capture",
      "stall-majority": "forty moves without a capture; more pieces left",
    },
    boardLabel: (name) => `Awithlaknannai board (${name}). Use the arrow keys to go from point to point, Enter or Space to choose.`,
    possibleDestination: "possible destination",
    chosen: "chosen",
    chooseVictim: (victims) => `Choose the piece to take: ${victims.join(" or ")}.`,
    twoVictims: (landing, victims) => `Two pieces can be leapt to reach ${landing}: choose the one to take (${victims.join(" or ")}).`,
    notTarget: (p, targets) => `${p} is not a destination: ${targets.length === 1 ? "the one marked is" : "those marked are"} ${targets.join(", ")}.`,
    noMove: "No move can be made now.",
    turnBoard: "Turn the board",
    throwName: "Throw the sticks",
    linkName: "Copy link to this game",
    who: (name) => `${name}:`,
    badLinkKept: (what) => `The game in this link could not be read (${what}). The game on the board is kept.`,
    linkOpened: "The game of the link is on the board.",
    throwKeys: "T",
    zohnBoardLabel: "Zohn Ahl board",
  },
  fr: {
    loading: "Chargement du moteur de jeu…",
    loadingShort: "Chargement…",
    ready: "Prêt.",
    retry: "Réessayer",
    failed: "Le moteur de jeu (Python dans votre navigateur) n'a pas pu démarrer : ce plateau ne peut pas être joué ici. Les règles et l'image ci-dessus restent valables ; rechargez la page, ou essayez un Firefox, Chrome, Edge ou Safari récent.",
    restarted: "Le moteur de jeu s'était arrêté ; il a été relancé et votre partie est conservée.",
    badLink: (what) => `La partie de ce lien n'a pas pu être lue (${what}). Voici un plateau neuf.`,
    badSaved: (what) => `La partie enregistrée n'a pas pu être lue (${what}). Voici un plateau neuf.`,
    linkCopied: "Lien copié : il rouvre cette partie.",
    linkShown: "Copiez ce lien pour rouvrir cette partie :",
    throw: "Lancer",
    throwKey: "Lancer (T)",
    newGame: "Nouvelle partie",
    replay: "Revoir",
    copyLink: "Copier le lien",
    undo: "Annuler",
    redo: "Rétablir",
    stop: "Arrêter",
    fast: "Rapide",
    speed: "Vitesse",
    speedNormal: "Normale",
    speedFast: "Rapide",
    opponent: "Adversaire",
    person: "Une autre personne",
    computer: "L'ordinateur",
    ruleset: "Règles",
    level: "Niveau",
    levels: { random: "Au hasard", easy: "Facile", medium: "Moyen", hard: "Difficile" },
    cvc: "Ordinateur contre ordinateur",
    first: "Début",
    prev: "Reculer",
    next: "Avancer",
    last: "Fin",
    exitReplay: "Retour à la partie",
    replaying: (k, n) => `Revoir : lancer ${k} sur ${n}`,
    replayStart: "Revoir : le début de la partie",
    moves: "Coups",
    log: "Déroulement",
    noMovesYet: "Aucun coup joué.",
    noThrowsYet: "Aucun lancer.",
    sideName: ["Rouge", "Vert"],
    aDraw: "La partie est nulle",
    counters: "jetons",
    countersOf: (name, n) => `${name} : ${n} ${n === 1 ? "jeton" : "jetons"}`,
    awlOf: (name) => `alène de ${name}`,
    awlAt: (space) => (space === undefined ? "" : `alène sur sa case ${space}`),
    toThrow: (name) => `À ${name} de lancer`,
    toThrowTeam: (team, member) => `À ${team} de lancer : c'est le tour de ${member}`,
    computerThinking: "L'ordinateur lance…",
    wins: (name) => `${name} gagne`,
    stick: (i, marked) => `bâtonnet ${i} : ${marked ? "face marquée dessus" : "face lisse dessus"}`,
    sahe: (marked) => `le sahe (bâtonnet spécial) : ${marked ? "face marquée dessus" : "face lisse dessus"}`,
    sticksLabel: "Les quatre bâtonnets",
    sticksNone: "Les bâtonnets n'ont pas encore été lancés.",
    numberWord: ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"],
    marksUp: (k, sahe) => {
      if (k === 0) return "Aucune marque";
      if (k === 4) return "Quatre marques";
      if (k === 1) return sahe ? "Une marque, sur le sahe" : "Une marque";
      const n = ["", "", "Deux marques", "Trois marques"][k];
      return `${n}${sahe ? ", dont le sahe" : ""}`;
    },
    spacesWord: (v) => `${v} ${v === 1 ? "case" : "cases"}`,
    pointEmpty: "vide",
    pointBlack: "pion noir",
    pointWhite: "pion blanc",
    colourName: ["Noir", "Blanc"],
    toMove: (name) => `Aux ${name === "Noir" ? "Noirs" : "Blancs"} de jouer`,
    mustCapture: (name) => `Les ${name === "Noir" ? "Noirs" : "Blancs"} doivent prendre : les pions qui peuvent sauter sont marqués.`,
    selectPiece: "Choisissez un pion à déplacer.",
    selected: (p) => `${p} choisi : choisissez où il va.`,
    continueChain: (p) => `Le saut continue depuis ${p}.`,
    legalTo: (n) => `${n} ${n === 1 ? "destination marquée" : "destinations marquées"}.`,
    notYours: (p) => `${p} : aucun pion ne peut bouger d'ici maintenant.`,
    played: (name, m) => `${name === "Noir" ? "Les Noirs jouent" : "Les Blancs jouent"} ${m}.`,
    capturedN: (n) => `${n === 1 ? "un pion pris" : n + " pions pris"}`,
    thinking: "L'ordinateur réfléchit…",
    stopped: "Arrêté : le coup de l'ordinateur est annulé.",
    ended: (name, reason) => `Partie terminée : ${name ? (name === "Noir" ? "les Noirs gagnent" : "les Blancs gagnent") : "partie nulle"} (${reason}).`,
    reasons: {
      "no-pieces": "l'autre camp n'a plus de pions",
      "no-moves": "l'autre camp ne peut plus jouer",
      "stall-draw": "quarante coups sans prise",
      "stall-majority": "quarante coups sans prise ; le plus de pions restants",
    },
    boardLabel: (name) => `Plateau d'Awithlaknannai (${name}). Flèches pour aller de point en point, Entrée ou Espace pour choisir.`,
    possibleDestination: "destination possible",
    chosen: "choisi",
    chooseVictim: (victims) => `Choisissez le pion à prendre : ${victims.join(" ou ")}.`,
    twoVictims: (landing, victims) => `Deux pions peuvent être sautés pour arriver en ${landing} : choisissez celui à prendre (${victims.join(" ou ")}).`,
    notTarget: (p, targets) => `${p} n'est pas une destination : ${targets.length === 1 ? "celle marquée est" : "celles marquées sont"} ${targets.join(", ")}.`,
    noMove: "Aucun coup ne peut être joué maintenant.",
    turnBoard: "Tourner le plateau",
    throwName: "Lancer les bâtonnets (Throw)",
    linkName: "Copier le lien vers cette partie (Copy link)",
    who: (name) => `${name} :`,
    badLinkKept: (what) => `La partie de ce lien n'a pas pu être lue (${what}). La partie en cours est conservée.`,
    linkOpened: "La partie du lien est sur le plateau.",
    throwKeys: "T",
    zohnBoardLabel: "Plateau de Zohn Ahl",
  },
};

export function lang() {
  const l = (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
  return STRINGS[l] ? l : "en";
}

export function strings() {
  return STRINGS[lang()];
}

// Zohn Ahl: the words for one throw's events (engine/zohn_ahl/game.py's Event.to_dict()).
// `names` = [side 0 name, side 1 name]. Returns a list of sentences; an unknown kind is
// said plainly, never dropped.
export function narrateZohn(events, names, L = strings()) {
  const fr = L === STRINGS.fr;
  const out = [];
  const nm = (s) => (s === 0 || s === 1 ? names[s] : "");
  const num = (v) => (L.numberWord[v] !== undefined ? L.numberWord[v] : String(v));
  const kinds = events.map((e) => e.kind);
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const side = e.side;
    const other = side === 0 || side === 1 ? names[1 - side] : "";
    const next = events[i + 1] || {};
    switch (e.kind) {
      case "throw": {
        const th = String(e.throw || "");
        const k = [...th].filter((c) => c === "1").length;
        const again = kinds.includes("extra-throw");
        out.push(`${L.marksUp(k, th[3] === "1")}${fr ? " :" : ":"} ${num(e.value)}${again ? (fr ? ", on relance" : ", throw again") : ""}.`);
        break;
      }
      case "move":
        if (["creek", "torrent", "river"].includes(next.kind)) break;   // said with the fall
        if (next.kind === "lap" && next.to_space === 0) break;          // printable: said with the lap
        out.push(fr
          ? `${nm(side)} avance ${e.value === 1 ? "d'une case" : `de ${num(e.value)} cases`}, jusqu'à sa case ${e.to_space}.`
          : `${nm(side)} moves ${num(e.value)} ${e.value === 1 ? "space" : "spaces"}, to its space ${e.to_space}.`);
        break;
      case "creek":
        out.push(fr
          ? `${nm(side)} arrive sur la rive du ruisseau et tombe dedans : retour au départ, un jeton pour ${other}.`
          : `${nm(side)} lands on the near bank of the creek and falls in: back to the start, one counter to ${other}.`);
        break;
      case "torrent":
        out.push(fr
          ? `${nm(side)} arrive au torrent et est emporté : retour au ruisseau, un jeton pour ${other}.`
          : `${nm(side)} lands on the torrent and is swept down: back to the creek, one counter to ${other}.`);
        break;
      case "river":
        out.push(fr
          ? `${nm(side)} tombe dans la rivière : retour au départ, un jeton pour ${other}.`
          : `${nm(side)} falls into the river: back to the start, one counter to ${other}.`);
        break;
      case "circuit":
        out.push(fr
          ? `${nm(side)} achève un tour complet : un jeton de ${other}.`
          : `${nm(side)} completes a circuit: one counter from ${other}.`);
        break;
      case "lap":
        if (e.target_space === 0 && e.to_space === 0) {
          out.push(fr
            ? `${nm(side)} gagne la manche : un jeton de ${other}, les deux alènes repartent du ruisseau.`
            : `${nm(side)} wins the lap: one counter from ${other}, and both awls go back to the creek.`);
        } else if (e.target === 0 || e.target === 1) {
          out.push(fr
            ? `${nm(side)} achève le tour : un jeton de ${other}, dont l'alène repart du départ.`
            : `${nm(side)} completes the lap: one counter from ${other}, whose awl goes back to the start.`);
        } else {
          out.push(fr
            ? `${nm(side)} achève le tour : un jeton de ${other}, et repart du départ.`
            : `${nm(side)} completes the lap: one counter from ${other}, and starts again.`);
        }
        break;
      case "whip":
      case "capture": {
        const victim = e.target === 0 || e.target === 1 ? e.target : 1 - side;
        out.push(e.kind === "whip"
          ? (fr ? `${nm(side)} rejoint l'alène de ${nm(victim)} et la fouette : retour au départ, un jeton pour ${nm(side)}.`
                : `${nm(side)} lands on ${nm(victim)}'s awl and whips it: back to the start, one counter to ${nm(side)}.`)
          : (fr ? `${nm(side)} rejoint l'alène de ${nm(victim)} et la prend : retour au départ, un jeton pour ${nm(side)}.`
                : `${nm(side)} lands on ${nm(victim)}'s awl and captures it: back to the start, one counter to ${nm(side)}.`));
        break;
      }
      case "gully":
        if (e.reason === "cross") break;   // said with the crossing
        {
          const lost = events.slice(i + 1).find((x) => x.kind === "lost-throw");
          const what = lost && lost.reason === "extra-throw"
            ? (fr ? "et perd le lancer qu'il avait gagné" : "and loses the throw it had earned")
            : (fr ? "et passera son prochain tour" : "and will miss its next turn");
          out.push(fr ? `${nm(side)} tombe dans un ravin sec ${what}.` : `${nm(side)} lands in a dry gully ${what}.`);
        }
        break;
      case "cross":
        out.push(fr ? `${nm(side)} tombe dans un ravin sec et le traverse jusqu'à l'autre (case ${e.to_space}).`
                    : `${nm(side)} lands in a dry gully and crosses to the other one (its space ${e.to_space}).`);
        break;
      case "ravine":
        out.push(fr ? `${nm(side)} tombe dans un ravin : le tour s'arrête et le prochain sera passé.`
                    : `${nm(side)} falls into a ravine: the turn ends and the next one will be missed.`);
        break;
      case "lost-throw":
        break;   // said with the gully or the ravine
      case "no-move":
        out.push(fr ? `${nm(side)} dépasserait la case 40 : l'alène ne bouge pas.`
                    : `${nm(side)} would pass space 40: the awl stays where it is.`);
        break;
      case "extra-throw":
        break;   // said with the throw
      case "skip":
        out.push(fr ? `${nm(side)} passe son tour.` : `${nm(side)} misses this turn.`);
        break;
      case "skip-cancelled":
        if (e.reason === "both-due") {
          if (events[i - 1] && events[i - 1].kind === "skip-cancelled") break;
          out.push(fr ? "Les deux camps devaient passer un tour : les deux pénalités s'annulent."
                      : "Both sides were due to miss a turn: both penalties are cancelled.");
        } else {
          out.push(fr ? `${nm(side)} ne passera plus son tour.` : `${nm(side)} no longer misses a turn.`);
        }
        break;
      case "turn":
        if (e.reason === "extra-throw") break;
        out.push(fr ? `À ${nm(side)} de lancer.` : `${nm(side)} to throw.`);
        break;
      case "win":
        out.push(fr ? `${nm(side)} a tous les jetons et gagne la partie !` : `${nm(side)} has all the counters and wins the game!`);
        break;
      default:
        out.push(`${nm(side)}: ${String(e.kind).replace(/-/g, " ")}.`);
    }
  }
  return out;
}
