// Dev mock: draws a captured SHAPE (static/dev/NAME.json) on the game page, without a server.
// /static/dev/game.html?mock=fww-battle  (see /static/dev/index.html)
import { seedData } from "../common.js";
import { start } from "../game.js";

const name = new URLSearchParams(window.location.search).get("mock") || "fww-battle";
if (!/^[a-z0-9-]+$/.test(name)) throw new Error("bad mock name");
const shape = await (await fetch(`./${name}.json`)).json();
const data = shape.game === "first-world-war" ? await (await fetch("./data-first-world-war.json")).json() : {};
seedData(shape.game, data);
start({ mock: shape });
