/**
 * fontkit's Indic and Universal shapers (Devanagari clusters, Thai, and the other complex scripts) find
 * syllables with a state machine compiled to ES5 generators that call a global `regeneratorRuntime`,
 * which @pdf-lib/fontkit 1.1.1 does not ship: the first Devanagari string threw "regeneratorRuntime is
 * not defined". Importing the runtime sets that global (25 KB of source, in the PDF side bundle only).
 */
import 'regenerator-runtime/runtime.js';
