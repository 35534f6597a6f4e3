// @ts-check
// Python's start, from the head of a page with a board (overrides/main.html): an async
// module, run as soon as it and the engine client have arrived, while the rest of the
// page is still being read and the theme's scripts load. The worker it creates is the
// tab's engine (getEngine), which the board scripts find already starting.

import { getEngine } from "./engine-client.js";

performance.mark("engine:first-script");
getEngine();
