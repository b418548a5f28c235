/* dealgen: the seahaven-towers engine, one of the FreeCell family's (see freecell.js). */
import { engines } from "./freecell.js";
export const engine = engines["seahaven-towers"];
