// Imperialism 1880: the referee's console of a colonial campaign, 1880-1916. A world map
// (equirectangular, the inhabited band) drawn from GET /api/data/imperialism-1880: each
// area a disc at its coordinates with the powers' status markers as sectors (the more of
// the disc filled, the higher the status; unestablished markers pale and dashed), the
// home countries as squares, the sea zones and passages by name. Beside it: the turn
// track, the European Tensions Index, the turn report (books as the seat may read
// them), the Casus Belli register, wars, treaties. Legal actions that name a place are
// clicks on it; a power's home (and its row in the panel) stands for the power.
import { clear, el, svg } from "../common.js";
import {
  capital,
  closeMenu as close,
  closeMenuOnLeave,
  collides,
  floatBoxes,
  keep,
  mapRoot,
  textWidth as measured,
  redrawOnResize,
  showMenu,
  star as starOf,
  viewBoxFor as viewBoxOf,
  wireMap,
  zoomButtons,
  zoomTo,
} from "./shared.js";

// ----- the projection -------------------------------------------------------------------------

const W = 1000; // SVG user units across the map
const LON0 = -180;
const LAT_N = 68;
const LAT_S = -48;
const S = W / 360; // user units per degree
const H = (LAT_N - LAT_S) * S;
const DIVIDE_LON = -44; // between the West map and the East map (mid-Atlantic)

function proj(lat, lon) {
  return [(lon - LON0) * S, (LAT_N - lat) * S];
}

// ----- powers, statuses, words ----------------------------------------------------------------

const GREAT = ["britain", "france", "germany", "austria-hungary", "italy", "japan", "russia", "usa"];
const MINORS = ["belgium", "netherlands", "portugal", "spain"];
const POWERS = [...GREAT, ...MINORS];

const STYLE = {
  britain: { fill: "#d1302a", edge: "#6a110c" },
  france: { fill: "#2f66d0", edge: "#122f6b" },
  germany: { fill: "#3b3b3e", edge: "#0d0d0f" },
  "austria-hungary": { fill: "#c1902e", edge: "#ffffff" },
  italy: { fill: "#53a23c", edge: "#1d4a12" },
  japan: { fill: "#a8123e", edge: "#ffffff" },
  russia: { fill: "#1b5e3b", edge: "#082617" },
  usa: { fill: "#1c2d6b", edge: "#070f2c" },
  belgium: { fill: "#7d4aa3", edge: "#311845" },
  netherlands: { fill: "#f0821a", edge: "#6b3300" },
  portugal: { fill: "#14958c", edge: "#053b37" },
  spain: { fill: "#e6c21e", edge: "#6b5600" },
};

const STATUSES = ["interest", "influence", "protectorate", "possession", "state"];
// how much of the disc a status fills: the inner radius of its sector, as a share of the disc
const INNER = { interest: 0.62, influence: 0.4, protectorate: 0.16, possession: 0, state: 0 };
const STATUS_SHORT = { interest: "Int", influence: "Inf", protectorate: "Prot", possession: "Poss", state: "Dom" };

const PHASES = {
  income: "Income phase (L916)",
  "minor powers": "Minor powers' activity (L206)",
  entries: "Referee entries",
  "war-end determination": "War-end determination",
  "victory point record": "Victory Point Record (L242)",
  "final record": "Final Record (L242)",
  over: "The campaign is over",
};

// action keys whose value is a place (an area, a sea zone, a home country, a passage)
const PLACE_KEYS = new Set(["area", "where", "from", "to", "passage", "retreat_to"]);
// action keys whose value is a power
const POWER_KEYS = new Set([
  "power",
  "attacker",
  "defender",
  "aggressor",
  "target",
  "first",
  "second",
  "breaker",
  "minor",
  "neutral",
  "alliance",
  "invader",
  "by",
  "bearer",
  "fight",
  "unestablish",
]);

// where the passages are (the data gives only their seas and shores)
const PASSAGE_AT = {
  "the-straits": [41.1, 29.0],
  gibraltar: [36.0, -5.6],
  suez: [30.6, 32.3],
  "bab-el-mandeb": [12.6, 43.4],
  hormuz: [26.6, 56.4],
  malacca: [2.6, 101.2],
  sunda: [-6.0, 105.8],
  "korea-strait": [34.4, 129.3],
  "panama-canal": [9.1, -79.7],
  "nicaragua-canal": [11.4, -85.2],
};

const TAG_TEXT = {
  straits: "on a strait",
  canal: "on a canal",
  "canal-site": "on a canal route",
  "chinese-empire": "Chinese Empire",
  india: "India",
  european: "in Europe",
  "cb-usa-exempt": "no US Casus Belli here",
};

// ----- the coasts: rough outlines, [lon, lat] pairs ---------------------------------------------

const LANDS = [
  // North America
  [
    -168, 65.6, -164, 67.5, -156, 71.3, -141, 69.6, -128, 70.2, -115, 68.5, -100, 68, -94, 66, -94, 61, -92.5, 57.2,
    -88, 56.5, -82.3, 55.2, -82.3, 52.8, -79, 51.5, -79, 54.5, -77, 60, -78, 62.4, -73, 62.2, -69.5, 58.8, -65, 60.3,
    -61.5, 56, -56, 52.2, -60, 50.2, -64.5, 50.2, -66.5, 49.2, -64.3, 48.8, -65, 48, -64.8, 46.5, -60, 46.2, -63.5,
    44.6, -65.9, 43.7, -67, 44.9, -70, 43.7, -70.6, 41.7, -74, 40.6, -75, 38.8, -76, 37, -75.5, 35.3, -78, 33.9, -81, 32,
    -81.3, 29.8, -80, 26.8, -80.4, 25.2, -81.8, 26.2, -82.7, 28, -84.1, 30.1, -86.5, 30.4, -89.4, 30.2, -89.3, 29.1,
    -91.5, 29.5, -94, 29.6, -97.2, 27.6, -97.5, 25.5, -97.7, 22, -96.5, 19.3, -94.6, 18.2, -91.5, 18.6, -90.4, 20.8, -87,
    21.5, -87.5, 18.4, -88.3, 16, -86, 15.9, -83.3, 15, -83.6, 11.2, -81.8, 9, -79.5, 9.6, -77.4, 8.5, -78.2, 7.6, -80,
    7.4, -82, 8.2, -85.7, 10, -87.5, 13.1, -91.5, 13.9, -94, 16, -96.5, 15.7, -100, 17, -103, 18.2, -105.5, 20.4, -105.7,
    23, -109, 25.8, -112.2, 29, -114.8, 31.8, -113.6, 29.5, -112, 26.5, -110.3, 24.2, -109.5, 23, -112.1, 24.8, -114, 27.5,
    -115.8, 30.2, -117.1, 32.5, -118.5, 34, -120.6, 34.6, -122.5, 37.5, -124.2, 40.4, -124.1, 43.5, -124, 46.2, -124.7,
    48.4, -123, 49, -125, 50.2, -127.5, 50.8, -130, 54, -133, 57, -136.5, 58.5, -140, 59.8, -146, 60.8, -151.5, 59.5,
    -154, 57.8, -158, 56.5, -163, 54.8, -160, 58.4, -157, 58.7, -162, 59.9, -165.5, 61.5, -164.7, 63.2, -161, 64.5,
    -166.5, 64.7,
  ],
  // Baffin Island
  [-65, 62, -62, 66.5, -68, 70, -75, 72.5, -82, 73.6, -90, 72.5, -85, 70, -80, 69.5, -77, 67.5, -73, 65.5, -70, 63.2],
  // Greenland
  [-73, 78, -60, 82, -30, 83, -20, 80, -18, 75, -22, 70, -32, 68, -40, 65, -43, 60, -49, 61.5, -53, 66, -55, 71, -62, 76],
  // Newfoundland
  [-59.4, 47.6, -56, 49.5, -55.5, 51.6, -53, 49, -52.7, 47.5, -53.7, 46.7, -56, 47.5],
  // Cuba, Hispaniola, Jamaica, Puerto Rico
  [-85, 21.9, -82, 23.1, -77, 22, -74.2, 20.2, -77.5, 19.8, -80, 21.7, -84, 21.8],
  [-74.4, 18.5, -72.8, 19.9, -69.5, 19.2, -68.4, 18.5, -71.5, 17.7, -74.4, 18.2],
  [-78.3, 18.4, -76.3, 18.2, -76.9, 17.8, -78.2, 18.1],
  [-67.2, 18.5, -65.6, 18.4, -65.7, 18, -67.2, 17.9],
  // Hawaii
  [-160.2, 22.2, -159.3, 22.2, -157.7, 21.6, -156, 20.9, -154.8, 19.5, -155.9, 18.9, -156.1, 19.8, -157.3, 21.1, -159.8, 21.8],
  // South America
  [
    -77.4, 8.6, -75.5, 10.5, -72, 12, -70, 11.5, -68, 10.5, -64, 10.5, -61, 10, -57, 6, -52, 5, -50, 1, -48, -1, -44, -2.5,
    -39, -3.5, -35, -5.5, -35, -9, -39, -13, -39, -17.5, -41, -22, -44.5, -23, -48.5, -26, -50.5, -31, -53.5, -34, -58.5,
    -34.5, -57, -36.5, -57.5, -38, -62, -39, -65, -41, -64, -43, -65, -45, -67.5, -46.5, -66, -48, -69, -50.5, -68.5, -52.5,
    -67, -55, -70, -54.5, -72.5, -53.5, -75, -50, -74, -45, -73.5, -40, -73, -37, -71.5, -33, -71.5, -28, -70.3, -23,
    -70.3, -18.5, -75, -15.5, -77, -12, -79.5, -7, -81.2, -4.5, -80, -2, -80.5, 0.5, -78.8, 1.5, -77.5, 4, -77.4, 7,
  ],
  // Eurasia
  [
    -5.6, 36, -6.3, 36.8, -7.4, 37.2, -8.9, 37, -8.8, 38.7, -9.5, 38.8, -8.9, 40.2, -8.8, 42.3, -9.3, 43, -8, 43.7, -5.5,
    43.5, -1.8, 43.4, -1.3, 44.5, -1.2, 46, -2.2, 47.2, -4.5, 47.9, -4.7, 48.6, -3, 48.8, -1.6, 48.6, -1.9, 49.7, -1.2,
    49.4, 0.2, 49.5, 1.6, 50.9, 2.5, 51.1, 3.6, 51.4, 4.2, 52.2, 4.8, 53, 6.8, 53.4, 8.5, 53.6, 8.7, 54.9, 8.1, 55.6, 8.2,
    56.8, 10.6, 57.7, 10.5, 56.2, 10, 55.1, 10.2, 54.4, 11, 54, 12.5, 54.4, 14.2, 53.9, 16, 54.3, 18.5, 54.8, 19.6, 54.4,
    21.2, 55.2, 21, 56.8, 22, 57.6, 24.3, 57.2, 24.4, 58.3, 23.4, 58.6, 23.5, 59.2, 25, 59.5, 28, 59.5, 29.9, 59.9, 28.5,
    60.6, 26.5, 60.4, 24.5, 60.1, 22.9, 59.9, 21.4, 60.6, 21.5, 61.5, 21.3, 62.5, 22.3, 63.5, 24.5, 64.6, 25.5, 65.1, 25.7,
    65.7, 24.1, 65.8, 22.4, 65.8, 21.3, 64.8, 20.5, 63.7, 18.9, 63.2, 17.6, 62.4, 17.3, 61.2, 18.9, 60.2, 18.8, 59.4, 17.9,
    58.9, 16.6, 57.6, 16.4, 56.6, 15.8, 56.2, 14.3, 55.6, 12.9, 55.4, 12.5, 56.3, 11.8, 57.7, 11.2, 58.9, 10.6, 59.5, 9.5,
    58.9, 8.1, 58.1, 6.6, 58.1, 5.6, 58.9, 5, 60.2, 5, 61.9, 6.3, 62.8, 8.5, 63.5, 10.5, 64.6, 12.2, 65.9, 14.3, 67.3, 16,
    68.6, 18.8, 69.8, 21.5, 70.3, 25.8, 71.1, 28.5, 71, 31, 70.3, 33, 69.4, 36.8, 69, 41, 67.7, 40.3, 66.2, 35, 66.5, 34.5,
    64.5, 37.5, 63.9, 40.5, 64.6, 44, 66.1, 44.2, 68.3, 53, 68.5, 54.5, 68.3, 58.8, 68.9, 60.5, 69.8, 66, 69.3, 72, 73,
    110, 78, 130, 73, 140, 72.5, 150, 71.5, 160, 69.8, 170, 70, 180, 69, 180, 65.5, 177, 64.7, 178.5, 62.5, 174, 61.8,
    170.3, 60, 166, 60.3, 163.2, 57.8, 162.5, 56.2, 161.8, 55, 160, 53.2, 158.5, 52.8, 156.7, 51, 156, 52.8, 155.7, 55.5,
    156.7, 57.3, 158.5, 58, 160.2, 59.5, 161.5, 60.5, 159, 61.5, 155, 59.3, 152, 59, 148, 59.3, 143, 59.3, 140.5, 57.5,
    138, 56.4, 137.5, 54, 140.4, 53.3, 141.3, 52, 140.6, 50, 140.4, 48.3, 138.5, 46.8, 136.6, 44.6, 135.2, 43.3, 132.5, 43,
    131, 42.5, 129.7, 41, 129.4, 39.6, 128.4, 38.5, 129.4, 36, 129.2, 35.2, 127.5, 34.7, 126.4, 34.5, 126.6, 35.9, 126.1,
    37.2, 125.2, 37.7, 124.8, 38.6, 125.3, 39.5, 124.3, 39.9, 122.3, 39.5, 121.3, 38.8, 122.2, 40.2, 121.6, 40.9, 120.5,
    40.2, 119.5, 39.8, 118.5, 39.1, 117.7, 38.6, 118.8, 37.6, 119.2, 37.1, 120.5, 37.7, 122.5, 37.3, 121.6, 36.8, 120.2,
    35.9, 119.3, 35, 120.3, 34.2, 120.9, 32.5, 121.9, 31.7, 121.4, 30.5, 122.1, 29.9, 121.5, 28.4, 120.4, 27, 119.5, 25.5,
    118.1, 24.5, 116.5, 23.1, 114.8, 22.6, 113.5, 22.2, 111.8, 21.6, 110.3, 20.6, 110, 21.4, 109.2, 21.5, 107.8, 21.5,
    106.5, 20.3, 105.6, 18.9, 106.5, 17.5, 108, 16, 108.9, 15.2, 109.3, 12.7, 109, 11.3, 107.5, 10.5, 106.4, 9.5, 105, 8.6,
    104.8, 10.2, 103.5, 10.6, 102.5, 12.1, 100.9, 12.7, 100.1, 13.4, 99.2, 12, 99.3, 10.3, 100.3, 8.3, 100.6, 7, 101.5,
    6.8, 102.3, 6.1, 103.4, 4.6, 103.5, 2.6, 104.2, 1.4, 103.4, 1.3, 101.3, 2.8, 100.4, 4.8, 100.3, 6.3, 98.3, 8, 98.6, 10,
    98.2, 12.5, 97.6, 16, 96.6, 16.6, 95.2, 15.8, 94.3, 16.3, 94.5, 18.6, 93.5, 19.7, 92.3, 21, 91.8, 22.4, 90.5, 22.3, 89,
    21.8, 87, 21.4, 86.9, 20.3, 85, 19.3, 82.3, 16.7, 80.3, 15.5, 80.2, 13.3, 79.8, 11, 79.2, 10.3, 78.2, 8.9, 77.5, 8.1,
    76.5, 8.9, 75.8, 11.2, 74.8, 12.9, 73.9, 15.5, 73, 18.3, 72.8, 20.5, 72.6, 21.4, 70.8, 20.7, 69, 22.3, 70.3, 22.9, 68.5,
    23.6, 67.3, 24.5, 66.7, 25.4, 64.5, 25.2, 61.5, 25.1, 59, 25.4, 57.3, 25.8, 56.7, 27.1, 54.9, 26.5, 53.5, 26.8, 51.4,
    27.9, 50.1, 29.9, 48.9, 30.3, 48, 29.5, 48.5, 28.3, 49.6, 27.1, 50.2, 26, 50.8, 24.8, 51.6, 24.2, 54, 24.2, 55.5, 25.5,
    56.3, 26.3, 56.4, 24.9, 57.4, 23.9, 58.8, 23.5, 59.8, 22.4, 58.5, 20.5, 57.7, 19, 56.7, 18, 55.3, 17.6, 52.2, 15.7,
    49.5, 14.6, 47, 13.3, 45, 12.8, 43.5, 12.7, 42.9, 14.7, 42.6, 16.5, 41.2, 19, 39.2, 21.4, 38.4, 23.7, 37.2, 25, 35.6,
    27.6, 34.9, 29.5, 34.2, 31.3, 34.9, 32.6, 35.5, 34, 35.9, 35.2, 35.8, 36.3, 36.2, 36.9, 34.6, 36.8, 33, 36.1, 31.5,
    36.6, 30.4, 36.2, 29.2, 36.5, 27.5, 36.8, 27.3, 37.9, 26.3, 38.3, 27, 39.2, 26.2, 39.5, 26.2, 40.1, 26.7, 40.5, 26,
    40.8, 24.3, 40.9, 23, 40.4, 22.6, 40.2, 22.9, 39.4, 22.8, 38.8, 24, 38.2, 23, 37.9, 23.2, 37.3, 23.2, 36.5, 22.5, 36.4,
    21.7, 36.8, 21.2, 37.6, 21.6, 38.3, 21.1, 38.5, 20.7, 39.2, 20, 39.7, 19.4, 40.4, 19.5, 41.8, 18.5, 42.4, 17, 43.2,
    15.9, 43.6, 15.2, 44.3, 14.5, 45.2, 13.6, 45.6, 12.3, 45.3, 12.4, 44.5, 13.6, 43.5, 14.3, 42.4, 15.9, 41.9, 16.2, 41.4,
    17.2, 40.9, 18.5, 40.2, 18.3, 39.8, 17.1, 40.4, 16.6, 39.7, 17.1, 39, 16.5, 38.4, 15.7, 37.9, 15.7, 38.7, 16.2, 39.4,
    15.8, 40, 14.9, 40.3, 14.3, 40.8, 13.7, 41.2, 12.4, 41.6, 11.1, 42.4, 10.5, 42.9, 10.2, 43.9, 8.8, 44.4, 7.6, 43.8,
    6.5, 43.1, 5, 43.4, 4, 43.5, 3.1, 43, 3.2, 41.9, 2, 41.3, 0.9, 40.9, 0.1, 39.9, -0.3, 39.4, 0.2, 38.7, -0.7, 37.6,
    -1.6, 37.1, -2.3, 36.8, -4.4, 36.7,
  ],
  // Chukotka beyond the date line
  [-180, 68.9, -174, 67.5, -169.7, 66, -172.5, 64.4, -180, 65],
  // Africa
  [
    -5.9, 35.8, -5.3, 35.9, -2.9, 35.3, -2, 35.1, 0, 35.9, 1.5, 36.6, 3.2, 36.8, 5.3, 36.7, 7.8, 36.9, 9.8, 37.3, 11, 37,
    10.6, 35.8, 11.1, 35.2, 10.2, 34.3, 10.1, 33.7, 11.1, 33.3, 13.2, 32.9, 15.2, 32.3, 15.7, 31.4, 17.5, 30.9, 18.9, 30.3,
    20, 30.9, 20.1, 32.2, 21.5, 32.9, 22.9, 32.6, 25.1, 31.7, 27.3, 31.4, 29, 30.9, 30.5, 31.5, 32, 31.2, 34.2, 31.3, 34.9,
    29.5, 34.3, 27.8, 33.4, 28.3, 32.6, 29.9, 32.4, 29.6, 33.5, 27.3, 34.2, 26.2, 35.5, 24, 36.9, 22, 37.3, 19.5, 38.5, 18,
    39.3, 15.9, 40.3, 15, 41.7, 13.6, 43.3, 12, 44.3, 10.5, 45.8, 10.8, 48.5, 11.2, 51.2, 11.8, 51, 10.4, 50.4, 8.5, 48.9,
    5.6, 47.5, 3.9, 46, 2.1, 43.9, 0.2, 42.2, -1, 41, -2.1, 39.7, -4.1, 39.2, -6.5, 39.5, -8, 40.4, -10.5, 40.6, -14.5, 39.6,
    -16.5, 37, -18, 35.4, -19.9, 35.5, -22, 35.5, -24, 33, -25.5, 32.9, -26.2, 32.6, -28.4, 31.3, -29.8, 30.1, -31.3, 28,
    -32.9, 26, -33.8, 23.5, -34.1, 21.3, -34.4, 20, -34.8, 18.4, -34.2, 18.3, -33.1, 17.8, -31, 16.5, -28.6, 15.2, -27,
    14.5, -23, 13.2, -20, 11.8, -17.3, 12.1, -14.3, 13.7, -11, 13.2, -8.7, 12.3, -6.1, 12, -5, 10.5, -3.4, 9.3, -1.5, 9.4,
    0.7, 9.8, 2.9, 9.4, 3.9, 8.5, 4.6, 7.3, 4.4, 6.1, 4.3, 5, 5.8, 3.4, 6.4, 1.4, 6.1, -1, 5.1, -2.7, 5, -4.4, 5.2, -7.5,
    4.4, -9.2, 5.3, -10.8, 6.4, -12.3, 7.4, -13.3, 8.7, -13.8, 9.9, -15, 10.9, -16.1, 11.8, -16.8, 13.2, -17.5, 14.7,
    -16.8, 15.9, -16.4, 17.9, -16.2, 19.5, -17, 21, -16.5, 22.4, -15.7, 24, -14.5, 26.1, -13.2, 27.6, -11.4, 28.2, -10.1,
    29.2, -9.8, 30.5, -9.3, 32.5, -8.5, 33.3, -6.8, 34.1, -6.2, 35.3,
  ],
  // Madagascar
  [49.3, -12, 50.5, -15.5, 49.5, -17.5, 47.1, -24.9, 45.2, -25.5, 43.7, -23.5, 44, -20, 44.4, -16.2, 46.3, -15.7, 48, -13.5],
  // Britain, Ireland, Iceland
  [
    -5.7, 50.1, -3.3, 50.6, 1.4, 51.2, 1.7, 52.7, 0.2, 53.5, -0.1, 54.5, -1.6, 55.6, -2, 57, -1.8, 57.6, -3.3, 58.6, -5,
    58.6, -6, 57.5, -5.6, 56, -4.8, 54.8, -3, 54, -3.1, 53.3, -4.6, 53.3, -4.2, 52.3, -5.1, 51.8, -3.3, 51.4,
  ],
  [-6, 52.2, -6, 53.9, -5.6, 54.9, -7.3, 55.3, -8.5, 54.6, -10, 54.2, -10, 53.3, -9.4, 52.6, -10.3, 51.9, -9.4, 51.5, -8, 51.8],
  [-22.5, 66.4, -24, 65.5, -22, 64, -18.5, 63.4, -14.5, 64.4, -13.5, 65.3, -15, 66.3, -18, 66.2],
  // Sicily, Sardinia, Corsica, Crete, Cyprus
  [12.4, 38.1, 15.6, 38.3, 15.1, 36.7, 12.5, 37.6],
  [8.2, 40.9, 9.8, 41, 9.6, 39.1, 8.5, 38.9, 8.4, 40],
  [8.6, 42.8, 9.5, 43, 9.5, 41.8, 9.2, 41.4, 8.6, 41.9],
  [23.5, 35.6, 26.3, 35.3, 26, 35, 23.6, 35.2],
  [32.3, 35, 34.6, 35.7, 33.9, 34.9, 32.4, 34.7],
  // Ceylon
  [79.8, 8, 80.2, 9.8, 81.9, 7.5, 81, 6, 80.1, 6],
  // Japan: Honshu, Kyushu, Shikoku, Hokkaido; Sakhalin
  [
    130.9, 34, 132.5, 35.5, 135.5, 35.6, 136.8, 37.2, 139, 37.9, 140, 39.9, 140, 41.4, 141.5, 41.4, 142, 39.5, 141, 38.3,
    140.9, 36.8, 140.8, 35.7, 139.8, 35, 138.8, 34.7, 137, 34.6, 135.8, 33.5, 135.1, 34.6, 133, 34.3, 131, 33.9,
  ],
  [129.8, 33.3, 130.9, 33.9, 131.9, 33, 131.3, 31.4, 130.2, 31.2, 129.8, 32.7],
  [132.5, 33.2, 132.8, 33.9, 134.6, 34.2, 134.7, 33.8, 133.1, 32.8],
  [140, 41.5, 139.8, 42.5, 141.5, 45.4, 145.5, 43.3, 143.3, 42, 141, 41.8],
  [142, 46, 142.5, 54.3, 143.2, 52, 144.7, 49, 143, 47.5],
  // Formosa, Hainan
  [120.1, 23, 121.5, 25.3, 121.9, 24.8, 120.9, 22, 120.2, 22.6],
  [108.6, 19.2, 110.5, 20.1, 111, 19.6, 109.6, 18.2],
  // Philippines: Luzon, the Visayas, Mindanao
  [119.8, 16.3, 120.6, 18.5, 122.3, 18.4, 121.6, 15.9, 122.3, 14.2, 124.2, 13, 122, 13.6, 120.6, 14.3],
  [122, 10.5, 122.5, 11.8, 124.5, 12.5, 125.6, 11.2, 125, 10, 123, 9.3],
  [122, 6.9, 123.5, 8.6, 125.5, 9.5, 126.6, 7.3, 125.4, 5.6, 124.2, 6.5],
  // Borneo, Sumatra, Java, Celebes
  [109, 0.2, 109.6, 2, 111, 1.8, 113, 3.2, 115.5, 5.4, 117, 7, 119, 5.2, 118, 4.2, 118.9, 1, 117.9, 1, 117.5, -0.5, 116.5, -2.5, 116, -3.8, 114.5, -3.5, 111.6, -3.1, 110, -1.7],
  [95.3, 5.6, 97.5, 5.2, 100.2, 2.3, 103.5, -0.5, 106, -3.2, 105.8, -5.8, 104.5, -5.9, 102.3, -4, 100.3, -1, 98.7, 1.8, 96, 3.8],
  [105.2, -6.8, 106, -5.9, 108.5, -6.3, 111, -6.4, 112.8, -6.9, 114.5, -7.8, 111, -8.2, 108.2, -7.8, 106.4, -7.4],
  [119.3, -5.5, 118.8, -2.7, 119.8, 0.2, 120.5, 1.2, 124.9, 1.6, 121.2, 0.5, 121.5, -1, 123.3, -1, 121.3, -1.8, 122.5, -4.6, 121, -3, 120.4, -5.5],
  // New Guinea, New Britain
  [
    131, -1.3, 132.7, -0.4, 135, -3.3, 138, -1.7, 141, -2.6, 145, -4.3, 146, -5.6, 147.5, -6.2, 148, -8, 150.5, -10.2, 149,
    -10.4, 147.2, -9.5, 146, -8.3, 144, -7.6, 143.4, -9, 141, -9.1, 139, -8.1, 138, -8.4, 137.8, -5.4, 135, -4.4, 133,
    -4.1, 132, -2.9,
  ],
  [148.3, -5.5, 150.5, -5.5, 152, -4.2, 152, -5.5, 151, -6.2, 148.3, -6],
  // Australia, Tasmania
  [
    113.5, -22, 114.1, -26.3, 115, -29.5, 115, -33.6, 116, -35, 118, -35, 120.5, -33.9, 124, -33.9, 126, -32.3, 129,
    -31.7, 131.2, -31.5, 134.5, -32.8, 135.9, -34.8, 137.5, -33, 138, -34.5, 138.5, -35.6, 140, -37.8, 143.5, -38.8,
    146.3, -39.1, 148, -37.8, 150, -37.4, 151.3, -33.8, 153.1, -30.5, 153.5, -28, 153, -25.3, 150.8, -22.7, 149.5, -22.4,
    146.3, -19, 145.3, -15, 143.5, -14, 142.5, -10.7, 141.6, -12.8, 141.5, -15.5, 140.6, -17.5, 139.3, -17.3, 137.8, -16,
    135.5, -14.8, 136.8, -12.3, 136.6, -11.8, 132.6, -11.4, 131, -12.2, 129.5, -14.8, 127.5, -14, 126, -14.2, 124.5, -16,
    122.2, -17.5, 121.5, -19.5, 118.8, -20.3, 116.7, -20.6, 114.6, -21.8,
  ],
  [144.6, -40.7, 148.3, -40.9, 148, -42.5, 147, -43.6, 145.5, -42.5],
  // New Zealand
  [172.7, -34.4, 174.5, -35.9, 175.9, -37.3, 178.5, -37.7, 177.9, -39.2, 176.8, -39.6, 175.2, -41.6, 174.6, -41.3, 175, -39.9, 173.8, -39.2, 174.6, -38.1, 174.3, -36.6],
  [172.7, -40.5, 174.3, -41.7, 173.2, -43, 171.3, -44.4, 170.7, -45.9, 169, -46.7, 166.5, -46, 167.5, -44.5, 168.5, -44, 170.7, -42.7, 172, -41.5],
];

// inland seas, drawn over the land
const WATERS = [
  // the Black Sea
  [28.9, 41.2, 28, 42.5, 27.9, 43.6, 29, 44.8, 29.7, 45.3, 30.7, 46.5, 31.7, 46.6, 32.8, 46, 33.5, 44.5, 35.2, 44.8, 36.6, 45.2, 38.3, 44.3, 39.8, 43.5, 41.6, 41.6, 39.6, 41, 37, 41.2, 35, 42, 33.3, 42, 31.2, 41.1],
  // the Caspian
  [46.9, 44.7, 49.2, 46.5, 51.5, 47, 53.1, 46.7, 51.3, 45.3, 52.7, 42.8, 53, 41, 54, 39.2, 53.9, 37.3, 51, 36.7, 49, 37.7, 49.2, 39.6, 48.6, 41.6, 47.5, 42.9],
];

// ----- names -------------------------------------------------------------------------------------

function sign(n) {
  return n >= 0 ? `+${n}` : String(n);
}

function powerName(data, p) {
  if (p === "natives") return "the natives";
  if (p === "referee") return "the referee";
  const info = data.powers && data.powers[p];
  return info ? info.name : String(p);
}

function possessive(name) {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

function statusName(status, power) {
  if (status === "state") return { britain: "Dominion", usa: "State" }[power] || "State/Dominion";
  return capital(status);
}

function fill(p) {
  return (STYLE[p] || { fill: "#6b665a" }).fill;
}

function edge(p) {
  return (STYLE[p] || { edge: "#2a271e" }).edge;
}

function placeKind(data, id) {
  if (typeof id !== "string") return null;
  if (data.areas && data.areas[id]) return "area";
  if (data.seas && data.seas[id]) return "sea";
  if (data.homes && data.homes[id]) return "home";
  if (data.passages && data.passages[id]) return "passage";
  return null;
}

function placeName(data, id) {
  const kind = placeKind(data, id);
  if (!kind) return String(id);
  const table = { area: data.areas, sea: data.seas, home: data.homes, passage: data.passages }[kind];
  return capital(table[id].name);
}

function isPower(data, v) {
  return typeof v === "string" && Boolean(data.powers && data.powers[v]);
}

function unitWords(key, n) {
  const [size, role] = String(key).split("-");
  const words = `${capital(role || "")}(${String(size || "").replace(/^m/, "")})`;
  return n > 1 ? `${n}× ${words}` : words;
}

function unitSP(key) {
  const size = String(key).split("-")[0];
  return { m10: 10, m3: 3, m1: 1 }[size] || 0;
}

function tagText(data, tag) {
  if (TAG_TEXT[tag]) return TAG_TEXT[tag];
  if (tag.startsWith("cb-")) return `a marker here gives ${powerName(data, tag.slice(3))} a Casus Belli (L1)`;
  if (tag.startsWith("vp-")) return `Final Record group: ${tag.slice(3).replace(/-/g, " ")} (L242)`;
  return tag.replace(/-/g, " ");
}

// ----- geometry ----------------------------------------------------------------------------------

const geometries = new WeakMap();

function pathOf(flat) {
  const pts = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const [x, y] = proj(flat[i + 1], flat[i]);
    pts.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M${pts.join("L")}Z`;
}

function geometry(data) {
  if (geometries.has(data)) return geometries.get(data);
  const at = {};
  for (const [id, a] of Object.entries(data.areas || {})) at[id] = proj(a.lat, a.lon);
  for (const [id, s] of Object.entries(data.seas || {})) at[id] = proj(s.lat, s.lon);
  for (const [id, h] of Object.entries(data.homes || {})) at[id] = proj(h.lat, h.lon);
  for (const [id, p] of Object.entries(data.passages || {})) {
    if (PASSAGE_AT[id]) {
      at[id] = proj(PASSAGE_AT[id][0], PASSAGE_AT[id][1]);
      continue;
    }
    const pts = (p.shores || []).map((x) => at[x]).filter(Boolean);
    if (pts.length) at[id] = [pts.reduce((s, q) => s + q[0], 0) / pts.length, pts.reduce((s, q) => s + q[1], 0) / pts.length];
  }
  const links = [];
  const seen = new Set();
  const linkAll = (table) => {
    for (const [id, x] of Object.entries(table || {})) {
      for (const o of [...(x.land || []), ...(x.homes || [])]) {
        if (!at[o] || !at[id]) continue;
        const key = [id, o].sort().join("|");
        if (seen.has(key)) continue;
        seen.add(key);
        if (Math.abs(at[id][0] - at[o][0]) > W / 2) continue; // not across the date line
        links.push([id, o]);
      }
    }
  };
  linkAll(data.areas);
  linkAll(data.homes);
  const g = { at, links, lands: LANDS.map(pathOf), waters: WATERS.map(pathOf) };
  geometries.set(data, g);
  return g;
}

// ----- what the actions name ---------------------------------------------------------------------

function single(action) {
  if (!action || typeof action !== "object" || Array.isArray(action)) return null;
  const keys = Object.keys(action);
  return keys.length === 1 ? [keys[0], action[keys[0]]] : null;
}

/** The place an action names (its value under a place key), or null. */
function namedPlace(action, data) {
  const kv = single(action);
  if (!kv) return null;
  return PLACE_KEYS.has(kv[0]) && placeKind(data, kv[1]) ? kv[1] : null;
}

/** The power an action names (its value under a power key), or null. */
function namedPower(action, data) {
  const kv = single(action);
  if (!kv) return null;
  return POWER_KEYS.has(kv[0]) && isPower(data, kv[1]) ? kv[1] : null;
}

/** The place the current question is about: the last place of the entry being made, or the
 * area of a minor power's activity, of an unrest, of a retreat or of losses. */
function anchorOf(board, data) {
  const q = board.question || {};
  if (board.asking && board.asking !== "entries") {
    for (const k of ["area", "where"]) if (placeKind(data, q[k])) return q[k];
    return null;
  }
  const draft = (board.entry && board.entry.draft) || {};
  let out = null;
  for (const [k, v] of Object.entries(draft)) if (PLACE_KEYS.has(k) && placeKind(data, v)) out = v;
  return out;
}

function actionIndex(shape, data) {
  const board = (shape.view && shape.view.board) || {};
  const place = new Map();
  const power = new Map();
  const add = (m, k, c) => {
    if (!m.has(k)) m.set(k, []);
    m.get(k).push(c);
  };
  const anchor = anchorOf(board, data);
  // the entries' first menu (the kinds of entry) belongs to no place
  const entryOpen = (board.asking && board.asking !== "entries") || Object.keys((board.entry && board.entry.draft) || {}).length > 0;
  (shape.actions || []).forEach((a, i) => {
    const c = { action: a, label: (shape.labels || [])[i], attached: false };
    const pl = namedPlace(a, data);
    const pw = namedPower(a, data);
    if (pl) add(place, pl, c);
    if (pw) add(power, pw, c);
    if (!pl && anchor && entryOpen) add(place, anchor, { ...c, attached: true }); // the question's next choices
  });
  return { place, power, anchor };
}

/** The choices a click on a place offers: those naming it, and for a home its power's. */
function placeChoices(st, id) {
  const own = st.act.place.get(id) || [];
  const home = st.data.homes && st.data.homes[id];
  const byPower = home ? st.act.power.get(home.power) || [] : [];
  const out = [...own];
  for (const c of byPower) if (!out.some((o) => o.action === c.action)) out.push(c);
  return out;
}

function readable(c, data) {
  if (c.label !== undefined && c.label !== null && !/^[{["]/.test(String(c.label).trim())) return capital(c.label);
  const kv = single(c.action);
  if (kv) {
    if (placeKind(data, kv[1])) return placeName(data, kv[1]);
    if (isPower(data, kv[1])) return powerName(data, kv[1]);
    return `${kv[0].replace(/_/g, " ")}: ${String(kv[1])}`;
  }
  return capital(String(c.action));
}

// ----- text measurement ---------------------------------------------------------------------------

/** Without a canvas, text is guessed a little narrower here than on the other boards. */
const NARROW = [0.62, 0.56];

function textWidth(text, size, bold, italic) {
  return measured(text, size, bold, italic, NARROW);
}

// ----- the map's pieces ---------------------------------------------------------------------------

function polar(cx, cy, r, a) {
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

function fmt(p) {
  return `${p[0].toFixed(2)},${p[1].toFixed(2)}`;
}

/** A sector of a ring (r0 = 0: of a disc) from angle a0 to a1; the whole ring when a1 - a0 = 2π. */
function sector(cx, cy, r0, r1, a0, a1) {
  if (a1 - a0 >= 2 * Math.PI - 1e-6) {
    const outer = `M${fmt([cx + r1, cy])}A${r1.toFixed(2)},${r1.toFixed(2)} 0 1 1 ${fmt([cx - r1, cy])}A${r1.toFixed(2)},${r1.toFixed(2)} 0 1 1 ${fmt([cx + r1, cy])}Z`;
    if (r0 <= 0) return outer;
    return `${outer}M${fmt([cx + r0, cy])}A${r0.toFixed(2)},${r0.toFixed(2)} 0 1 0 ${fmt([cx - r0, cy])}A${r0.toFixed(2)},${r0.toFixed(2)} 0 1 0 ${fmt([cx + r0, cy])}Z`;
  }
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const p1 = polar(cx, cy, r1, a0);
  const p2 = polar(cx, cy, r1, a1);
  let d = `M${fmt(p1)}A${r1.toFixed(2)},${r1.toFixed(2)} 0 ${large} 1 ${fmt(p2)}`;
  if (r0 <= 0) d += `L${fmt([cx, cy])}Z`;
  else d += `L${fmt(polar(cx, cy, r0, a1))}A${r0.toFixed(2)},${r0.toFixed(2)} 0 ${large} 0 ${fmt(polar(cx, cy, r0, a0))}Z`;
  return d;
}

function star(cx, cy, r, attrs) {
  return starOf(cx, cy, r, attrs, 2);
}

/** The markers of an area, highest status first (ties in the powers' order). */
function markersHere(board, id) {
  const here = (board.markers || {})[id] || {};
  return Object.entries(here).sort(
    (a, b) => STATUSES.indexOf(b[1].status) - STATUSES.indexOf(a[1].status) || POWERS.indexOf(a[0]) - POWERS.indexOf(b[0]),
  );
}

/** The units this seat may see, by place: place -> [[power, {kind: n}]]. */
function unitsByPlace(board) {
  const out = new Map();
  const add = (power, units) => {
    for (const [where, kinds] of Object.entries(units || {})) {
      if (!Object.values(kinds).some((n) => n > 0)) continue;
      if (!out.has(where)) out.set(where, []);
      out.get(where).push([power, kinds]);
    }
  };
  for (const [p, b] of Object.entries(board.books || {})) add(p, b.units);
  for (const [m, b] of Object.entries(board.minors || {})) add(m, b.units);
  return out;
}

function radiusPx(zoom) {
  return zoom >= 3.4 ? 8.5 : zoom >= 2.25 ? 7.5 : zoom >= 1.5 ? 6.5 : 5.8;
}

/** Where the names go at this zoom: those that would cover a disc or another name wait for
 * the tooltip and for zooming in. */
function layout(data, st, geo, board) {
  const k = st.k;
  const r = radiusPx(st.zoom) * k;
  const half = 5.5 * k;
  const obstacles = [];
  for (const id of Object.keys(data.areas || {})) {
    const [x, y] = geo.at[id];
    obstacles.push([x - r, y - r, x + r, y + r]);
  }
  for (const id of Object.keys(data.homes || {})) {
    const [x, y] = geo.at[id];
    obstacles.push([x - half, y - half, x + half, y + half]);
  }
  const taken = [...obstacles];
  const labels = new Map();
  const tryPlace = (id, lines, size, bold, italic, ox, oy) => {
    const [x, y] = geo.at[id];
    const w = Math.max(...lines.map((l) => textWidth(l, size, bold, italic))) * k;
    const lh = size * 1.05 * k;
    const h = lh * lines.length;
    const spots = [
      [x - w / 2, y + oy, "middle"],
      [x + ox, y - h / 2 + lh * 0.1, "start"],
      [x - w / 2, y - oy - h, "middle"],
      [x - ox - w, y - h / 2 + lh * 0.1, "end"],
    ];
    for (const [bx, by, anchor] of spots) {
      const box = [bx - 1 * k, by, bx + w + 1 * k, by + h];
      if (!collides(box, taken)) {
        taken.push(box);
        const tx = anchor === "middle" ? bx + w / 2 : anchor === "start" ? bx : bx + w;
        labels.set(id, { x: tx, y: by + lh * 0.82, anchor, lines, lh, size: size * k });
        return true;
      }
    }
    return false;
  };
  // the home countries first, then the sea zones, then the areas that matter most
  for (const id of Object.keys(data.homes || {})) {
    const g = GREAT.includes(data.homes[id].power);
    tryPlace(id, [data.homes[id].name], g ? 10 : 9, true, false, half + 2 * k, half + 1 * k);
  }
  for (const [id, s] of Object.entries(data.seas || {})) {
    const words = s.name.split(" ");
    const lines = s.name.length > 13 && words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")] : [s.name];
    const ok = tryPlace(id, lines, 9, false, true, 0, -4 * k);
    if (!ok) labels.delete(id);
  }
  const rank = (id) => {
    let v = (data.areas[id].ev || 0) + markersHere(board, id).length * 4;
    if (st.act.place.has(id)) v += 100;
    if (st.act.anchor === id) v += 200;
    return v;
  };
  const ids = Object.keys(data.areas || {}).sort((a, b) => rank(b) - rank(a));
  for (const id of ids) tryPlace(id, [data.areas[id].name], 9.5, false, false, r + 2.5 * k, r + 1.5 * k);
  return labels;
}

function labelText(spot, cls, attrs = {}) {
  const t = svg("text", { class: cls, x: spot.x, y: spot.y, "text-anchor": spot.anchor, "font-size": spot.size.toFixed(2), ...attrs });
  spot.lines.forEach((line, i) => t.append(i === 0 ? svg("tspan", {}, line) : svg("tspan", { x: spot.x, dy: (spot.lh).toFixed(2) }, line)));
  return t;
}

function drawMap(shape, data, st) {
  const board = (shape.view && shape.view.board) || {};
  const geo = geometry(data);
  const k = st.k;
  const act = st.act;
  const r = radiusPx(st.zoom) * k;
  const units = unitsByPlace(board);
  const focus = new Set();
  if (act.anchor) focus.add(act.anchor);
  const q = board.question || {};
  for (const key of ["area", "where"]) if (placeKind(data, q[key])) focus.add(q[key]);
  const canals = new Map((board.canals || []).map((c) => [c.area, c.by]));
  const codominions = new Map((board.codominions || []).filter((c) => c.ended === null || c.ended === undefined).map((c) => [c.area, c.powers]));

  const map = mapRoot(st, { prefix: "imp", label: "World map of the campaign, 1880-1916", width: W, height: H, glow: { blur: 1.6, margin: 50 } });

  // the graticule: every 30 degrees, the equator and the tropics
  const grid = svg("g", { class: "imp-grid" });
  for (let lon = -150; lon <= 150; lon += 30) grid.append(svg("line", { x1: proj(0, lon)[0], y1: 0, x2: proj(0, lon)[0], y2: H }));
  for (const lat of [60, 30, -30]) grid.append(svg("line", { x1: 0, y1: proj(lat, 0)[1], x2: W, y2: proj(lat, 0)[1] }));
  grid.append(svg("line", { class: "equator", x1: 0, y1: proj(0, 0)[1], x2: W, y2: proj(0, 0)[1] }));
  for (const lat of [23.4, -23.4]) grid.append(svg("line", { class: "tropic", x1: 0, y1: proj(lat, 0)[1], x2: W, y2: proj(lat, 0)[1] }));
  map.append(grid);

  const lands = svg("g", { class: "imp-lands" });
  for (const d of geo.lands) lands.append(svg("path", { d }));
  for (const d of geo.waters) lands.append(svg("path", { class: "imp-water", d }));
  map.append(lands);

  // the two maps of the game: West (the Americas and Hawaii) and East
  const dx = proj(0, DIVIDE_LON)[0];
  map.append(
    svg(
      "g",
      { class: "imp-divide" },
      svg("line", { x1: dx, y1: 0, x2: dx, y2: H }),
      svg("text", { x: dx - 6 * k, y: H - 8 * k, "text-anchor": "end", "font-size": (10 * k).toFixed(2) }, "◂ WEST MAP"),
      svg("text", { x: dx + 6 * k, y: H - 8 * k, "text-anchor": "start", "font-size": (10 * k).toFixed(2) }, "EAST MAP ▸"),
    ),
  );

  // land links
  const links = svg("g", { class: "imp-links" });
  for (const [a, b] of geo.links) {
    links.append(svg("line", { x1: geo.at[a][0], y1: geo.at[a][1], x2: geo.at[b][0], y2: geo.at[b][1], "data-ends": `${a} ${b}` }));
  }
  map.append(links);

  const labels = layout(data, st, geo, board);

  // the sea zones
  const seas = svg("g", { class: "imp-seas" });
  for (const [id, s] of Object.entries(data.seas || {})) {
    const [x, y] = geo.at[id];
    const g = svg("g", {
      class: ["imp-place", "imp-sea", act.place.has(id) && "actionable", focus.has(id) && "focus"],
      "data-place": id,
      "data-tip": id,
    });
    g.append(svg("circle", { class: "imp-hit", cx: x, cy: y, r: 12 * k }));
    g.append(svg("circle", { class: "imp-sea-dot", cx: x, cy: y, r: 2 * k }));
    const spot = labels.get(id);
    g.append(labelText(spot || { x, y: y - 4 * k, anchor: "middle", lines: [s.name], lh: 9 * k, size: 9 * k }, ["imp-sea-name", !spot && "crowded"]));
    seas.append(g);
  }
  map.append(seas);

  // the passages: straits and canals
  const passages = svg("g", { class: "imp-passages" });
  for (const [id, p] of Object.entries(data.passages || {})) {
    if (!geo.at[id]) continue;
    const [x, y] = geo.at[id];
    const s = 3.6 * k;
    const by = canals.get(id);
    const g = svg("g", {
      class: ["imp-place", "imp-passage", `kind-${p.kind}`, by && "built", act.place.has(id) && "actionable", focus.has(id) && "focus"],
      "data-place": id,
      "data-tip": id,
    });
    g.append(svg("circle", { class: "imp-hit", cx: x, cy: y, r: s + 3 * k }));
    g.append(svg("path", { class: "imp-diamond", d: `M${x},${y - s}L${x + s},${y}L${x},${y + s}L${x - s},${y}Z`, fill: by ? fill(by) : null }));
    passages.append(g);
  }
  map.append(passages);

  // the home countries
  const homes = svg("g", { class: "imp-homes" });
  for (const [id, h] of Object.entries(data.homes || {})) {
    const [x, y] = geo.at[id];
    const s = (GREAT.includes(h.power) ? 5.5 : 4.5) * k;
    const clickable = placeChoices(st, id).length > 0;
    const g = svg("g", {
      class: ["imp-place", "imp-home", `pw-${h.power}`, clickable && "actionable", focus.has(id) && "focus"],
      "data-place": id,
      "data-tip": id,
      "data-power": h.power,
    });
    g.append(svg("rect", { class: "imp-hit", x: x - s - 3 * k, y: y - s - 3 * k, width: 2 * s + 6 * k, height: 2 * s + 6 * k }));
    g.append(svg("rect", { class: "imp-home-sq", x: x - s, y: y - s, width: 2 * s, height: 2 * s, rx: 1.2 * k, fill: fill(h.power), stroke: edge(h.power) }));
    homes.append(g);
  }
  map.append(homes);

  // the areas: a disc, and the status markers as sectors of it
  const areas = svg("g", { class: "imp-areas" });
  for (const [id, a] of Object.entries(data.areas || {})) {
    const [x, y] = geo.at[id];
    const here = markersHere(board, id);
    const g = svg("g", {
      class: ["imp-place", "imp-area", `map-${a.map}`, act.place.has(id) && "actionable", focus.has(id) && "focus", here.length && "held"],
      "data-place": id,
      "data-tip": id,
    });
    g.append(svg("circle", { class: "imp-hit", cx: x, cy: y, r: r + 3.5 * k }));
    g.append(svg("circle", { class: "imp-disc", cx: x, cy: y, r }));
    const n = here.length;
    here.forEach(([p, m], i) => {
      const a0 = -Math.PI / 2 + (2 * Math.PI * i) / n;
      const a1 = a0 + (2 * Math.PI) / n;
      const r0 = r * (INNER[m.status] ?? 0.5);
      g.append(
        svg("path", {
          class: ["imp-marker", `st-${m.status}`, !m.established && "unest"],
          d: sector(x, y, r0, r, a0, a1),
          fill: fill(p),
          stroke: m.established ? edge(p) : fill(p),
          "fill-rule": "evenodd",
          "data-power": p,
          "data-status": m.status,
        }),
      );
      if (m.status === "state") {
        const mid = (a0 + a1) / 2;
        const c = n === 1 ? [x, y] : polar(x, y, r * 0.55, mid);
        g.append(star(c[0], c[1], r * 0.42, { class: "imp-dom-star" }));
      } else if (m.status === "protectorate" && n === 1) {
        g.append(svg("circle", { class: "imp-prot-eye", cx: x, cy: y, r: r * 0.16 }));
      }
    });
    if (codominions.has(id)) g.append(svg("circle", { class: "imp-codom", cx: x, cy: y, r: r + 2 * k }));
    if (canals.has(id)) g.append(svg("circle", { class: "imp-canal-ring", cx: x, cy: y, r: r + 2 * k, stroke: fill(canals.get(id)) }));
    const armies = (board.chinese_armies || {})[id];
    if (armies) {
      g.append(svg("rect", { class: "imp-china", x: x - r - 5 * k, y: y - r - 4 * k, width: 7 * k, height: 7 * k, rx: 1 * k }));
      g.append(svg("text", { class: "imp-china-n", x: x - r - 1.5 * k, y: y - r + 1.6 * k, "text-anchor": "middle", "font-size": (6 * k).toFixed(2) }, String(armies)));
    }
    areas.append(g);
  }
  map.append(areas);

  // units the seat may see: a dot when zoomed out, a pip per power with its strength points zoomed in
  const pips = svg("g", { class: "imp-units" });
  for (const [where, list] of units) {
    if (!geo.at[where]) continue;
    const [x, y] = geo.at[where];
    const kind = placeKind(data, where);
    const off = kind === "home" ? 6 * k : kind === "sea" ? 4 * k : r;
    if (st.zoom < 2.25) {
      pips.append(svg("circle", { class: "imp-unit-dot", cx: x + off + 1.5 * k, cy: y - off - 1 * k, r: 2.2 * k, "data-tip": where }));
      continue;
    }
    let px = x + off + 1 * k;
    const py = y - off - 9 * k;
    for (const [p, kinds] of list) {
      const sp = Object.entries(kinds).reduce((s, [key, n]) => s + unitSP(key) * n, 0);
      const naval = Object.keys(kinds).some((key) => key.endsWith("naval"));
      const text = `${sp}${naval ? "⚓" : ""}`;
      const w = (textWidth(text, 7, true) + 4) * k;
      pips.append(
        svg(
          "g",
          { class: "imp-pip", "data-tip": where },
          svg("rect", { x: px, y: py, width: w, height: 9 * k, rx: 1.5 * k, fill: fill(p), stroke: edge(p) }),
          svg("text", { x: px + w / 2, y: py + 6.8 * k, "text-anchor": "middle", "font-size": (7 * k).toFixed(2), class: p === "spain" || p === "austria-hungary" || p === "netherlands" ? "dark" : null }, text),
        ),
      );
      px += w + 1 * k;
    }
  }
  map.append(pips);

  // names: the home countries, the areas
  const names = svg("g", { class: "imp-names" });
  for (const [id, h] of Object.entries(data.homes || {})) {
    const spot = labels.get(id);
    const [x, y] = geo.at[id];
    names.append(
      svg(
        "g",
        { class: ["imp-name-g", "imp-home-name", !spot && "crowded"], "data-place": id, "data-tip": id },
        labelText(spot || { x, y: y + 14 * k, anchor: "middle", lines: [h.name], lh: 10 * k, size: 10 * k }, "imp-name"),
      ),
    );
  }
  for (const [id, a] of Object.entries(data.areas || {})) {
    const spot = labels.get(id);
    const [x, y] = geo.at[id];
    names.append(
      svg(
        "g",
        { class: ["imp-name-g", "imp-area-name", !spot && "crowded", act.place.has(id) && "actionable"], "data-place": id, "data-tip": id },
        labelText(spot || { x, y: y + r + 10 * k, anchor: "middle", lines: [a.name], lh: 9.5 * k, size: 9.5 * k }, "imp-name"),
      ),
    );
  }
  map.append(names);
  return map;
}

// ----- tooltips and the click menu ----------------------------------------------------------------

function tipContent(id, st) {
  const { shape, data } = st;
  const board = (shape.view && shape.view.board) || {};
  const kind = placeKind(data, id);
  if (!kind) return null;
  const out = [el("div", { class: "tip-title" }, placeName(data, id))];
  if (kind === "area") {
    const a = data.areas[id];
    out.push(el("div", { class: "tip-sub" }, `EV ${a.ev} · ${a.region} · ${a.map === "west" ? "West" : "East"} map${a.dominion_eligible ? " · may become a Dominion/State" : ""}`));
    const tags = (a.tags || []).map((t) => tagText(data, t));
    if (tags.length) out.push(el("div", { class: "tip-sub" }, tags.join("; ")));
    const here = markersHere(board, id);
    if (!here.length) out.push(el("div", { class: "tip-row muted" }, "No status marker"));
    for (const [p, m] of here) {
      out.push(el("div", { class: "tip-row" }, el("i", { class: "sw", style: { background: fill(p) } }), `${powerName(data, p)}: ${statusName(m.status, p)}${m.established ? "" : " (unestablished)"}`));
    }
    const codo = (board.codominions || []).find((c) => c.area === id && (c.ended === null || c.ended === undefined));
    if (codo) out.push(el("div", { class: "tip-row" }, `Codominion of ${codo.powers.map((p) => powerName(data, p)).join(" and ")}`));
    const armies = (board.chinese_armies || {})[id];
    if (armies) out.push(el("div", { class: "tip-row" }, `Chinese armies: ${armies}`));
  } else if (kind === "sea") {
    const s = data.seas[id];
    out.push(el("div", { class: "tip-sub" }, `Sea zone · next to ${(s.adjacent || []).map((x) => placeName(data, x)).join(", ")}`));
  } else if (kind === "home") {
    const h = data.homes[id];
    out.push(el("div", { class: "tip-sub" }, `Home country of ${powerName(data, h.power)} · ${h.map === "west" ? "West" : "East"} map`));
  } else {
    const p = data.passages[id];
    const by = (board.canals || []).find((c) => c.area === id);
    out.push(el("div", { class: "tip-sub" }, `${capital(p.kind.replace("-", " "))} between ${(p.seas || []).map((x) => placeName(data, x)).join(" and ")}`));
    if (by) out.push(el("div", { class: "tip-row" }, `Canal built by ${powerName(data, by.by)}`));
  }
  for (const [p, kinds] of unitsByPlace(board).get(id) || []) {
    const list = Object.entries(kinds)
      .filter(([, n]) => n > 0)
      .map(([key, n]) => unitWords(key, n))
      .join(", ");
    out.push(el("div", { class: "tip-row small" }, el("i", { class: "sw", style: { background: fill(p) } }), `${powerName(data, p)}: ${list}`));
  }
  if (st.onAction) {
    const acts = placeChoices(st, id);
    if (acts.length) out.push(el("div", { class: "tip-act" }, acts.length === 1 ? `Click: ${readable(acts[0], data)}` : `${acts.length} choices — click`));
  }
  return out;
}

/** The tip and the menu stay inside the map's frame. */
const FLOAT = { pad: 6, below: 12, inside: true };

function openMenu(container, id, x, y, reopen = false) {
  const st = states.get(container);
  if (!st || !st.wrap) return;
  const { data, onAction } = st;
  const list = onAction ? placeChoices(st, id) : [];
  if (!reopen && list.length === 1 && !list[0].attached) {
    closeMenu(container);
    st.follow = { id, x, y, step: st.shape.step };
    onAction(list[0].action);
    return;
  }
  st.menu = { id, x, y };
  const prompt = st.shape.view && st.shape.view.prompt;
  showMenu(st, x, y, {
    title: placeName(data, id),
    list,
    button: (c) => [{ class: ["btn", "action", "imp-menu-item", typeof c.action === "string" && "quiet"], "data-action": JSON.stringify(c.action) }, readable(c, data)],
    pick: (c) => {
      st.follow = { id, x, y, step: st.shape.step };
      onAction(c.action);
    },
    prompt: prompt && list.some((c) => c.attached) ? prompt : null,
    info: () => tipContent(id, st),
    empty: onAction ? "Nothing to enter here now." : "Read only.",
    float: FLOAT,
  });
}

function closeMenu(container) {
  close(states.get(container));
}

// ----- zoom and pan -------------------------------------------------------------------------------

const ZOOMS = [1, 1.5, 2.25, 3.4, 5, 7];
const VIEWS = [
  ["World", 1, 0, 11],
  ["West map", 1.5, -100, 11],
  ["East map", 1.5, 80, 12],
  ["Europe", 5, 16, 47],
  ["Africa", 1.6, 20, 1],
  ["Asia", 2.25, 110, 20],
];

function viewBoxFor(st) {
  return viewBoxOf(st, W, H);
}

function setZoom(container, zoom, at) {
  const st = states.get(container);
  if (!st) return;
  zoomTo(st, ZOOMS, zoom, at);
  closeMenu(container);
  draw(container, st);
}

function goTo(container, zoom, lon, lat) {
  const st = states.get(container);
  if (!st) return;
  const [x, y] = proj(lat, lon);
  st.cx = x;
  st.cy = y;
  st.zoom = zoom;
  closeMenu(container);
  draw(container, st);
}

function wire(container, wrap, map) {
  const st = states.get(container);
  wireMap(st, wrap, map, {
    tip: (id) => tipContent(id, st),
    float: FLOAT,
    hover: (event) => {
      const t = event.target.closest && event.target.closest("[data-tip]");
      return t ? t.dataset.tip : null;
    },
    light: (id) => {
      for (const g of map.querySelectorAll(".imp-links .on")) g.classList.remove("on");
      for (const g of map.querySelectorAll(".hover")) g.classList.remove("hover");
      if (!id) return;
      for (const g of map.querySelectorAll(`.imp-links [data-ends~="${CSS.escape(id)}"]`)) g.classList.add("on");
      for (const g of map.querySelectorAll(`[data-place="${CSS.escape(id)}"]`)) g.classList.add("hover");
    },
    pan: { width: W, zooms: ZOOMS, viewBox: () => viewBoxFor(st), zoom: (z, at) => setZoom(container, z, at) },
    selector: "[data-place]",
    keyOf: (t) => t.dataset.place,
    open: (id, x, y) => openMenu(container, id, x, y),
  });
}

// ----- the side panel -----------------------------------------------------------------------------

function badge(data, p, extra) {
  return el("span", { class: ["imp-badge", extra], "data-power": p }, el("i", { class: "sw", style: { background: fill(p), "border-color": edge(p) } }), powerName(data, p));
}

function section(cls, title, ...children) {
  return el("section", { class: ["imp-card", cls] }, el("h3", {}, title), ...children);
}

/** A power badge that submits the legal action naming it (or small buttons when several do). */
function powerPick(st, p) {
  const data = st.data;
  const choices = st.onAction ? st.act.power.get(p) || [] : [];
  if (!choices.length) return badge(data, p);
  if (choices.length === 1) {
    const c = choices[0];
    return el(
      "button",
      {
        type: "button",
        class: "imp-pick",
        title: capital(c.label ?? readable(c, data)),
        "data-action": JSON.stringify(c.action),
        onclick: () => {
          highlight(st.container, null, data);
          st.onAction(c.action);
        },
        onmouseenter: () => highlight(st.container, c.action, data),
        onmouseleave: () => highlight(st.container, null, data),
      },
      badge(data, p),
      el("span", { class: "imp-pick-go" }, "▸"),
    );
  }
  return el(
    "span",
    { class: "imp-picks" },
    badge(data, p),
    choices.map((c) =>
      el(
        "button",
        { type: "button", class: "btn tiny imp-pick-small", "data-action": JSON.stringify(c.action), title: capital(c.label ?? ""), onclick: () => st.onAction(c.action) },
        capital(readable(c, data)).slice(0, 48),
      ),
    ),
  );
}

function turnCard(board, data) {
  const turns = (data.charts && data.charts.turns) || [];
  const year = board.year;
  const idx = turns.findIndex((t) => t.year === year);
  const last = turns.length ? turns[turns.length - 1].year : 1916;
  const over = board.phase === "over" || board.final;
  const card = section(
    "imp-turn",
    `${year} · Game Turn ${board.turn} of ${turns.length || 10}`,
    el("div", { class: ["imp-phase", over && "over"] }, over ? PHASES.over : PHASES[board.phase] || capital(board.phase || "")),
    el(
      "ol",
      { class: "imp-track", "aria-label": "the turn track, 1880-1916" },
      turns.map((t, i) =>
        el(
          "li",
          { class: [t.year === year && "now", idx >= 0 && i < idx && "past"], title: `${t.year}: Great War penalty ${t.great_war_penalty}` },
          el("span", { class: "y" }, String(t.year)),
          el("span", { class: "p" }, String(t.great_war_penalty)),
        ),
      ),
    ),
    el(
      "div",
      { class: "imp-penalty" },
      "Great War penalty this year: ",
      el("b", {}, `${board.great_war_penalty} VP`),
      el("span", { class: "muted small" }, ` (to the power that starts it; blank in ${last})`),
    ),
  );
  if (board.great_war) {
    const g = board.great_war;
    card.append(
      el("div", { class: "imp-alarm" }, `The Great War broke out in ${g.year} (${g.cause}); penalty ${g.penalty} VP to ${(g.bearers || []).map((p) => powerName(data, p)).join(", ")}.`),
    );
  }
  if (board.congress) card.append(el("div", { class: "imp-congress" }, `A Congress of Europe is in session (called ${board.congress.year}${board.congress.by ? ` by ${powerName(data, board.congress.by)}` : ""}).`));
  return card;
}

function etiCard(board, data) {
  const eti = board.eti ?? 0;
  const at = board.great_war_at || 0;
  const top = Math.max(at || 50, eti, 10);
  const changes = ((board.report && board.report.tensions && board.report.tensions.changes) || []).slice();
  const change = changes.reduce((s, e) => s + e.amount, 0);
  const share = Math.min(1, eti / top);
  const danger = at ? eti / at : 0;
  const gauge = el(
    "div",
    { class: ["imp-gauge", danger >= 0.8 && "hot", danger >= 0.5 && danger < 0.8 && "warm"], role: "meter", "aria-valuemin": "0", "aria-valuemax": String(top), "aria-valuenow": String(eti), "aria-label": "European Tensions Index" },
    el("div", { class: "imp-gauge-fill", style: { width: `${(share * 100).toFixed(1)}%` } }),
    at ? el("div", { class: "imp-gauge-mark", style: { left: `${((at / top) * 100).toFixed(1)}%` }, title: `the Great War breaks out at ${at}` }) : null,
  );
  const list = el(
    "ul",
    { class: "imp-changes" },
    changes.length
      ? changes.map((e) => el("li", {}, el("b", { class: e.amount > 0 ? "up" : "down" }, sign(e.amount)), ` ${capital(e.cause)} `, el("span", { class: "rule" }, e.line), el("span", { class: "muted" }, ` → ${e.eti}`)))
      : el("li", { class: "muted" }, "No change this turn."),
  );
  return section(
    "imp-eti",
    "European Tensions Index",
    el("div", { class: "imp-eti-row" }, el("span", { class: "imp-eti-value" }, String(eti)), el("span", { class: "muted" }, at ? ` of ${at}: the Great War` : " (the Great War only when the referee declares it)")),
    gauge,
    el("div", { class: "imp-sub" }, `This turn (${board.year}): ${sign(change)}`),
    list,
  );
}

function entryCard(st, board) {
  const data = st.data;
  const entry = board.entry;
  const asking = board.asking;
  if (!entry && !asking) return null;
  const words = (entry && entry.words) || [];
  const box = section("imp-entry", asking === "entries" || !asking ? "The referee's entry" : "The referee must answer");
  if (words.length) {
    box.append(el("ol", { class: "imp-crumbs" }, words.map((w) => el("li", {}, capital(w)))));
  } else if (asking === "entries") {
    box.append(el("p", { class: "muted small" }, `${entry ? entry.made : 0} ${entry && entry.made === 1 ? "entry" : "entries"} made this turn. Choose the kind of entry among the orders, or go on to the next phase.`));
  }
  const prompt = st.shape.view && st.shape.view.prompt;
  if (prompt && (words.length || asking !== "entries")) box.append(el("p", { class: "imp-ask" }, prompt));
  if (st.onAction) {
    const acts = st.shape.actions || [];
    const places = acts.filter((a) => namedPlace(a, data)).length;
    const powers = acts.filter((a) => namedPower(a, data)).length;
    const hints = [];
    if (places) hints.push(`click one of the ${places} places ringed in gold on the map`);
    if (powers) hints.push("pick a power in the table below or its home country on the map");
    if (st.act.anchor && acts.some((a) => !namedPlace(a, data))) hints.push(`click ${placeName(data, st.act.anchor)} on the map for the choices`);
    if (hints.length) box.append(el("p", { class: "imp-hint" }, `${capital(hints.join("; "))} — or use the orders.`));
  }
  return box;
}

function powersCard(st, board) {
  const data = st.data;
  const role = st.shape.role;
  const rows = new Map(((board.report && board.report.powers) || []).map((r) => [r.power, r]));
  const money = rows.size > 0;
  const counts = (p) => {
    let markers = 0;
    let control = 0;
    for (const here of Object.values(board.markers || {})) {
      const m = here[p];
      if (!m) continue;
      markers += 1;
      if (["protectorate", "possession", "state"].includes(m.status)) control += 1;
    }
    return { markers, control };
  };
  const head = ["", "Ctrl", "Mkrs"];
  if (money) head.push("Treasury", "Income", "Maint.", "Upkeep", "Net", "VP");
  const tips = { Ctrl: "areas it controls (Protectorate, Possession, Dominion/State)", Mkrs: "status markers on the map", "Maint.": "maintenance", Upkeep: "army upkeep", Net: "net this turn" };
  const table = el(
    "table",
    { class: "imp-table imp-powers-table" },
    el("thead", {}, el("tr", {}, head.map((h) => el("th", { title: tips[h] || null }, h)))),
    el(
      "tbody",
      {},
      GREAT.map((p) => {
        const c = counts(p);
        const r = rows.get(p);
        const left = (board.counters || {})[p] || {};
        const cells = [
          el("td", { class: "who" }, powerPick(st, p), p === role ? el("span", { class: "imp-you" }, "you") : null),
          el("td", { class: "num" }, String(c.control)),
          el("td", { class: "num" }, String(c.markers)),
        ];
        if (money) {
          if (r) {
            cells.push(
              el("td", { class: ["num", "treasury", r.treasury < 0 && "neg"] }, String(r.treasury)),
              el("td", { class: "num" }, String(r.income)),
              el("td", { class: "num" }, String(r.maintenance)),
              el("td", { class: "num" }, String(r.upkeep)),
              el("td", { class: ["num", r.net < 0 && "neg"] }, sign(r.net)),
              el("td", { class: "num vp", title: `${sign(r.vp_this_turn)} this turn` }, String(r.vp)),
            );
          } else {
            for (let i = 0; i < 6; i += 1) cells.push(el("td", { class: "num muted" }, "—"));
          }
        }
        return el(
          "tr",
          {
            class: [p === role && "me"],
            "data-power": p,
            title: `counters left: ${left.control ?? "?"} Control, ${left.influence ?? "?"} Influence${left.dominion ? `, ${left.dominion} Dominion` : ""}`,
          },
          cells,
        );
      }),
    ),
  );
  const note = money ? (rows.size === 1 ? "Your own books only: the other powers' treasuries are theirs to know." : "Every power's books (the referee's view).") : "The powers' books are private: open a power's seat to read its own.";
  return section("imp-powers", "Great powers", el("div", { class: "imp-scroll" }, table), el("p", { class: "muted small" }, note));
}

function minorsCard(st, board) {
  const data = st.data;
  const rows = (board.report && board.report.minors) || [];
  const markers = (p) => Object.values(board.markers || {}).filter((here) => here[p]).length;
  return section(
    "imp-minors",
    "Minor powers (public books)",
    el(
      "table",
      { class: "imp-table" },
      el("thead", {}, el("tr", {}, ["", "Mkrs", "Treasury", "Net"].map((h) => el("th", {}, h)))),
      el(
        "tbody",
        {},
        rows.map((r) =>
          el(
            "tr",
            { "data-power": r.power },
            el("td", { class: "who" }, powerPick(st, r.power)),
            el("td", { class: "num" }, String(markers(r.power))),
            el("td", { class: ["num", r.treasury < 0 && "neg"] }, String(r.treasury)),
            el("td", { class: ["num", r.net < 0 && "neg"], title: `income ${r.income}, maintenance ${r.maintenance}, army upkeep ${r.upkeep}` }, sign(r.net)),
          ),
        ),
      ),
    ),
    (board.supports || []).some((x) => !x.failed && !x.withdrawn)
      ? el(
          "p",
          { class: "small" },
          "Support declared: ",
          (board.supports || [])
            .filter((x) => !x.failed && !x.withdrawn)
            .map((x) => `${powerName(data, x.power)} for ${powerName(data, x.minor)} (${x.since || x.year || ""})`)
            .join("; "),
        )
      : null,
  );
}

function bookBody(data, p, b, year) {
  const units = Object.entries(b.units || {})
    .filter(([, kinds]) => Object.values(kinds).some((n) => n > 0))
    .sort((x, y) => placeName(data, x[0]).localeCompare(placeName(data, y[0])));
  const vp = b.vp || [];
  const total = vp.reduce((s, e) => s + e.amount, 0);
  return el(
    "div",
    { class: "imp-book" },
    el(
      "div",
      { class: "imp-book-sum" },
      el("span", {}, "Treasury ", el("b", { class: ["treasury", b.treasury < 0 && "neg"] }, String(b.treasury))),
      el("span", {}, `income ${b.income}`),
      el("span", {}, `maintenance ${b.maintenance}`),
      el("span", {}, `upkeep ${b.upkeep}`),
      el("span", {}, `net ${sign(b.net ?? 0)}`),
      el("span", {}, "VP ", el("b", {}, String(total))),
    ),
    (b.lines || []).length
      ? el(
          "div",
          { class: "imp-scroll" },
          el(
          "table",
          { class: "imp-table imp-lines" },
          el("thead", {}, el("tr", {}, ["Area", "Status", "EV", "Inc.", "Maint.", "Upk."].map((h) => el("th", {}, h)))),
          el(
            "tbody",
            {},
            b.lines.map((l) =>
              el(
                "tr",
                {},
                el("td", {}, placeName(data, l.area)),
                el("td", {}, statusName(l.status, p)),
                el("td", { class: "num" }, String(l.ev)),
                el("td", { class: "num" }, String(l.income)),
                el("td", { class: "num" }, String(l.maintenance)),
                el("td", { class: "num" }, String(l.upkeep)),
              ),
            ),
          ),
          ),
        )
      : el("p", { class: "muted small" }, "No income-bearing area yet."),
    el("div", { class: "imp-sub" }, "Units"),
    units.length
      ? el(
          "ul",
          { class: "imp-units-list" },
          units.map(([where, kinds]) =>
            el(
              "li",
              {},
              el("b", {}, placeName(data, where)),
              ": ",
              Object.entries(kinds)
                .filter(([, n]) => n > 0)
                .map(([key, n]) => unitWords(key, n))
                .join(", "),
            ),
          ),
        )
      : el("p", { class: "muted small" }, "None."),
    el("div", { class: "imp-sub" }, "Victory points"),
    vp.length
      ? el(
          "ul",
          { class: "imp-vp-list" },
          vp
            .slice()
            .reverse()
            .map((e) => el("li", { class: e.year === year ? "now" : null }, el("b", {}, sign(e.amount)), ` ${e.year}: ${e.rule} `, el("span", { class: "rule" }, e.line))),
        )
      : el("p", { class: "muted small" }, "None yet."),
  );
}

function booksCard(st, board) {
  const data = st.data;
  const books = board.books || {};
  const powers = GREAT.filter((p) => books[p]);
  if (!powers.length) return null;
  if (powers.length === 1) {
    const p = powers[0];
    return section("imp-books", `Your books — ${powerName(data, p)}`, bookBody(data, p, books[p], board.year));
  }
  return section(
    "imp-books",
    "Books (every power)",
    powers.map((p) =>
      el(
        "details",
        keep(st, `book:${p}`, { class: "imp-book-d", open: false }),
        el("summary", {}, badge(data, p), el("span", { class: "muted small" }, ` treasury ${books[p].treasury}, net ${sign(books[p].net ?? 0)}`)),
        bookBody(data, p, books[p], board.year),
      ),
    ),
  );
}

function cbCard(st, board) {
  const data = st.data;
  const all = board.casus_belli || [];
  const open = all.filter((c) => !c.resolved);
  const done = all.filter((c) => c.resolved);
  const row = (c) =>
    el(
      "li",
      { class: c.resolved ? "resolved" : "open" },
      el("span", { class: "imp-cb-id" }, `${c.id}.`),
      " ",
      badge(data, c.holder),
      " against ",
      badge(data, c.against),
      el("span", { class: "imp-cb-src" }, `: ${c.source} `),
      String(c.source).includes(`(${c.line})`) ? null : el("span", { class: "rule" }, c.line),
      el("span", { class: "muted small" }, ` ${c.year}`),
      c.resolved ? el("span", { class: "muted small" }, ` — ${c.resolved.how || "resolved"}${c.resolved.year ? ` (${c.resolved.year})` : ""}`) : null,
    );
  return section(
    "imp-cb",
    `Casus Belli register (${open.length} open)`,
    open.length ? el("ol", { class: "imp-cb-list" }, open.map(row)) : el("p", { class: "muted small" }, "No Casus Belli unresolved."),
    done.length ? el("details", keep(st, "cb-resolved", { open: false }), el("summary", { class: "small" }, `${done.length} resolved`), el("ol", { class: "imp-cb-list" }, done.map(row))) : null,
  );
}

function side(data, list) {
  return list.map((p, i) => [i ? " + " : "", badge(data, p)]);
}

function relationsCard(st, board) {
  const data = st.data;
  const wars = board.wars || [];
  const treaties = board.treaties || [];
  const live = wars.filter((w) => !w.ended);
  const ended = wars.filter((w) => w.ended);
  const inForce = treaties.filter((t) => !t.broken && !t.ended);
  const past = treaties.filter((t) => t.broken || t.ended);
  const box = section("imp-relations", "Wars and treaties");
  box.append(el("div", { class: "imp-sub" }, `Wars in progress (${live.length})`));
  box.append(
    live.length
      ? el(
          "ul",
          { class: "imp-wars" },
          live.map((w) => el("li", { class: "war" }, el("span", { class: "imp-swords", "aria-hidden": "true" }, "⚔ "), `War ${w.id}: `, side(data, w.sides[0] || []), " against ", side(data, w.sides[1] || []), el("span", { class: "muted small" }, ` since ${w.since}`))),
        )
      : el("p", { class: "muted small" }, "Peace among the powers."),
  );
  box.append(el("div", { class: "imp-sub" }, `Treaties in force (${inForce.length})`));
  box.append(
    inForce.length
      ? el(
          "ul",
          { class: "imp-treaties" },
          inForce.map((t) => el("li", {}, `${t.id}. ${capital(t.kind)}: `, side(data, t.parties), el("span", { class: "muted small" }, ` since ${t.since}${t.stipulations ? ` — ${t.stipulations}` : ""}`))),
        )
      : el("p", { class: "muted small" }, "None."),
  );
  if (ended.length || past.length) {
    box.append(
      el(
        "details",
        keep(st, "relations-past", { open: false }),
        el("summary", { class: "small" }, "Ended"),
        el(
          "ul",
          { class: "imp-past" },
          ended.map((w) => el("li", {}, `War ${w.id}: `, side(data, w.sides[0] || []), " against ", side(data, w.sides[1] || []), ` (${w.since}–${w.ended})`)),
          past.map((t) => el("li", {}, `Treaty ${t.id} (${t.kind}): `, side(data, t.parties), t.broken ? ` broken in ${t.broken.year ?? t.broken}` : ` ended ${t.ended}`)),
        ),
      ),
    );
  }
  const codos = (board.codominions || []).filter((c) => c.ended === null || c.ended === undefined);
  if (codos.length) box.append(el("p", { class: "small" }, "Codominions: ", codos.map((c) => `${placeName(data, c.area)} (${c.powers.map((p) => powerName(data, p)).join(", ")})`).join("; ")));
  if ((board.canals || []).length) box.append(el("p", { class: "small" }, "Canals: ", board.canals.map((c) => `${placeName(data, c.area)} (${powerName(data, c.by)})`).join("; ")));
  const mf = board.merchant_fleets;
  if (mf && (mf.granted || []).length) box.append(el("p", { class: "small" }, `Merchant Fleets handed out: ${mf.granted.length}`));
  return box;
}

function combatsCard(st, board) {
  const data = st.data;
  const combats = (board.combats || []).slice(-6).reverse();
  if (!combats.length) return null;
  return section(
    "imp-combats",
    "Combats",
    el(
      "ul",
      { class: "imp-combat-list" },
      combats.map((c) =>
        el(
          "li",
          {},
          el("b", {}, `${c.year} ${placeName(data, c.where)}`),
          `: ${powerName(data, c.attacker)} (${c.sp[0]} SP) attacks ${powerName(data, c.defender)} (${c.sp[1]} SP); table ${c.table}, ${c.column}, die ${c.roll}: `,
          el("b", {}, c.result),
          " ",
          el("span", { class: "rule" }, c.table === 1 ? "L867" : "L915"),
        ),
      ),
    ),
  );
}

function decisionsCard(st, board) {
  const list = (board.decisions || []).filter((d) => d.year === board.year);
  if (!list.length) return null;
  return section("imp-decisions", `Referee decisions, ${board.year}`, el("ul", { class: "imp-dec-list" }, list.map((d) => el("li", {}, capital(d.text)))));
}

function finalCard(st, board) {
  const data = st.data;
  if (!board.final) return null;
  const rows = Object.entries(board.final).sort((a, b) => b[1] - a[1]);
  const best = rows.length ? rows[0][1] : 0;
  return section(
    "imp-final",
    "Final Record (L242)",
    el(
      "table",
      { class: "imp-table" },
      el("tbody", {}, rows.map(([p, v]) => el("tr", { class: v === best ? "won" : null }, el("td", {}, badge(data, p)), el("td", { class: "num vp" }, `${v} VP`), el("td", {}, v === best ? "★" : "")))),
    ),
  );
}

function legendCard(st) {
  const data = st.data;
  const demo = (status, established) => {
    const s = svg("svg", { class: "imp-lg-svg", viewBox: "-10 -10 20 20", width: 18, height: 18, "aria-hidden": "true" });
    s.append(svg("circle", { class: "imp-disc", cx: 0, cy: 0, r: 8 }));
    if (status) {
      s.append(svg("path", { class: ["imp-marker", !established && "unest"], d: sector(0, 0, 8 * INNER[status], 8, 0, 2 * Math.PI), fill: fill("france"), stroke: established ? edge("france") : fill("france"), "fill-rule": "evenodd" }));
      if (status === "state") s.append(star(0, 0, 3.4, { class: "imp-dom-star" }));
      if (status === "protectorate") s.append(svg("circle", { class: "imp-prot-eye", cx: 0, cy: 0, r: 1.3 }));
    }
    return s;
  };
  return el(
    "details",
    keep(st, "legend", { class: ["imp-card", "imp-legend"], open: false }),
    el("summary", {}, "Key"),
    el(
      "div",
      { class: "imp-legend-body" },
      el("div", { class: "lg" }, demo(null), "an area without a marker"),
      STATUSES.map((s) => el("div", { class: "lg" }, demo(s, true), `${s === "state" ? "State/Dominion" : capital(s)} (${STATUS_SHORT[s]})`)),
      el("div", { class: "lg" }, demo("influence", false), "unestablished: pale, dashed"),
      el("div", { class: "lg" }, "Several powers in an area share its disc."),
      el("div", { class: "lg" }, el("i", { class: "lg-home" }), "a home country"),
      el("div", { class: "lg" }, el("i", { class: "lg-pass" }), "a strait or canal"),
      el("div", { class: "lg" }, el("i", { class: "lg-act" }), "you may enter something here: click"),
      el("div", { class: "lg-powers" }, POWERS.map((p) => badge(data, p))),
    ),
  );
}

function panel(st) {
  const board = (st.shape.view && st.shape.view.board) || {};
  const box = el("div", { class: "imp-panel" });
  const cards = [
    finalCard(st, board),
    turnCard(board, st.data),
    etiCard(board, st.data),
    entryCard(st, board),
    powersCard(st, board),
    booksCard(st, board),
    cbCard(st, board),
    relationsCard(st, board),
    minorsCard(st, board),
    combatsCard(st, board),
    decisionsCard(st, board),
    legendCard(st),
  ];
  for (const c of cards) if (c) box.append(c);
  return box;
}

// ----- the module's interface ----------------------------------------------------------------------

const states = new WeakMap();

function mapWidth(st, container) {
  if (st.map) {
    const r = st.map.getBoundingClientRect();
    if (r.width) return r.width;
  }
  return Math.max(280, (container.clientWidth || 940) - 2);
}

function draw(container, st, again = true) {
  const { shape, data, onAction } = st;
  const mapW = st.mapW || mapWidth(st, container);
  st.k = W / (mapW * st.zoom);
  st.viewBox = viewBoxFor(st);
  st.act = onAction ? actionIndex(shape, data) : { place: new Map(), power: new Map(), anchor: null };
  if (!onAction) st.act.anchor = anchorOf((shape.view && shape.view.board) || {}, data);
  const map = drawMap(shape, data, st);
  for (const n of map.querySelectorAll(".imp-place.actionable")) {
    n.setAttribute("tabindex", "0");
    n.setAttribute("role", "button");
  }
  const { tip, menuBox } = floatBoxes("imp");
  const zoomBar = el(
    "div",
    { class: "imp-zoom" },
    zoomButtons(st, ZOOMS, (z) => setZoom(container, z)),
  );
  const views = el(
    "div",
    { class: "imp-views", role: "toolbar", "aria-label": "map views" },
    VIEWS.map(([name, z, lon, lat]) => el("button", { type: "button", class: "btn tiny ghost", onclick: () => goTo(container, z, lon, lat) }, name)),
  );
  const wrap = el("div", { class: "imp-map-wrap" }, map, zoomBar, views, tip, menuBox);
  Object.assign(st, { wrap, tip, menuBox, map, tipKey: null });
  wire(container, wrap, map);
  const scroll = container.scrollTop;
  const side = panel(st);
  clear(container).append(el("div", { class: "imp-root" }, el("div", { class: ["imp", !onAction && "readonly"] }, wrap, side)));
  container.scrollTop = scroll;
  // reopen the menu where the reader left it; after a click's answer, offer the question's next choices there
  const open = st.menu;
  st.menu = null;
  if (onAction && st.follow && st.follow.step !== shape.step) {
    const f = st.follow;
    st.follow = null;
    if (placeChoices(st, f.id).some((c) => c.attached)) openMenu(container, f.id, f.x, f.y, true);
  } else if (onAction && open && placeChoices(st, open.id).length) {
    openMenu(container, open.id, open.x, open.y, true);
  }
  if (st.lit) highlight(container, st.lit, data);
  const drawn = mapWidth(st, container);
  if (again && drawn && Math.abs(drawn - mapW) / mapW > 0.03) {
    st.mapW = drawn;
    draw(container, st, false);
  }
}

export function render(container, shape, data, onAction) {
  if (!data || !data.areas || !data.powers) {
    clear(container).append(el("p", { class: "fatal" }, "The map data of Imperialism 1880 could not be loaded."));
    return;
  }
  let st = states.get(container);
  if (!st) {
    st = { container, menu: null, follow: null, hover: null, zoom: 1, cx: W / 2, cy: H / 2, lit: null };
    states.set(container, st);
    closeMenuOnLeave(st);
    redrawOnResize(
      container,
      st,
      () => (st.map ? st.map.getBoundingClientRect().width : 0),
      () => draw(container, st, false),
    );
  }
  if (st.shape && shape.step !== st.shape.step) st.lit = null; // the buttons it was lit from are gone
  Object.assign(st, { shape, data, onAction });
  draw(container, st);
}

/** Light up what an action names: its place, its power's home and row, or the place its
 * question is about. */
export function highlight(container, action, data) {
  const st = states.get(container);
  if (!st || !st.map) return;
  st.lit = action === null || action === undefined ? null : action;
  for (const n of st.container.querySelectorAll(".hl")) n.classList.remove("hl");
  if (st.lit === null) return;
  const d = data || st.data;
  const places = new Set();
  const powers = new Set();
  const pl = namedPlace(action, d);
  const pw = namedPower(action, d);
  if (pl) places.add(pl);
  if (pw) {
    powers.add(pw);
    if (d.homes && d.homes[pw]) places.add(pw);
  }
  if (!pl && st.act && st.act.anchor && (st.shape.actions || []).some((a) => JSON.stringify(a) === JSON.stringify(action))) places.add(st.act.anchor);
  for (const id of places) for (const n of st.map.querySelectorAll(`[data-place="${CSS.escape(id)}"]`)) n.classList.add("hl");
  for (const p of powers) for (const n of st.container.querySelectorAll(`.imp-panel tr[data-power="${CSS.escape(p)}"]`)) n.classList.add("hl");
}

export function summary(shape, data) {
  const b = (shape.view && shape.view.board) || {};
  const bits = [];
  if (b.year) bits.push(`${b.year}, Game Turn ${b.turn}`);
  if (b.phase) bits.push(PHASES[b.phase] ? PHASES[b.phase].replace(/ \(L\d+\)$/, "") : b.phase);
  if (b.eti !== undefined) bits.push(`ETI ${b.eti}${b.great_war_at ? `/${b.great_war_at}` : ""}`);
  if (b.great_war) bits.push("the Great War");
  if (shape.over) bits.push("campaign over");
  return bits.join(" · ");
}
