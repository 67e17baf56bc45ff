/**
 * The merchant's catalogue: product families, each sold in variants (colour, size, scent, model).
 * The seed enumerates every variant and keeps as many SKUs as asked for.
 */

export type Category = 'apparel' | 'home' | 'accessories' | 'stationery' | 'toys';

export interface Option {
  code: string;
  name: string;
  /** Added to the family's price (minor units, USD). */
  surcharge?: number;
  /** Multiplies the family's weight. */
  weightFactor?: number;
}

export interface Family {
  code: string;
  title: string;
  category: Category;
  /** List price in US cents. */
  price: number;
  grams: number;
  /** Sells mostly in November and December. */
  seasonal: boolean;
  dimensions: Option[][];
}

const options = (text: string): Option[] =>
  text.split(', ').map((entry) => {
    const [code, name] = entry.split('=');
    return { code: code!, name: name! };
  });

const colours = options('BLK=Black, WHT=White, NVY=Navy, OLV=Olive, SND=Sand, RST=Rust, GRY=Heather grey');
const fewColours = options('BLK=Black, NVY=Navy, SND=Sand, RST=Rust');
const sizes: Option[] = [
  ...options('XS=XS, S=S, M=M, L=L, XL=XL'),
  { code: 'XXL', name: 'XXL', surcharge: 200, weightFactor: 1.15 },
];
const shoeSizes = options('S=S (36-39), M=M (40-43), L=L (44-47)');
const glaze = options('CRM=Cream, SGE=Sage, CBT=Cobalt, CHR=Charcoal, TRC=Terracotta');
const scents = options(
  'FIG=Fig leaf, CED=Cedarwood, LAV=Lavender, CIT=Citrus grove, PIN=Winter pine, AMB=Amber, SEA=Sea salt',
);
const phones = options(
  'IP14=iPhone 14, IP15=iPhone 15, IP15P=iPhone 15 Pro, IP16=iPhone 16, IP16P=iPhone 16 Pro, PX8=Pixel 8, PX9=Pixel 9, S24=Galaxy S24',
);
const designs = options(
  'FERN=Fern, WAVE=Wave, MOTH=Moth, CITY=City lights, BIRD=Songbird, SUN=Sunburst, MAP=Old map, FOX=Fox',
);
const waists = options('28=W28, 30=W30, 32=W32, 34=W34, 36=W36, 38=W38');
const cushionSizes: Option[] = [
  { code: '45', name: '45 × 45 cm' },
  { code: '60', name: '60 × 60 cm', surcharge: 800, weightFactor: 1.5 },
];
const threeSizes = options('S=S, M=M, L=L');
const planterSizes: Option[] = [
  { code: 'S', name: 'Small', weightFactor: 0.6 },
  { code: 'M', name: 'Medium' },
  { code: 'L', name: 'Large', surcharge: 1400, weightFactor: 1.9 },
];

const family = (
  code: string,
  title: string,
  category: Category,
  price: number,
  grams: number,
  dimensions: Option[][],
  seasonal = false,
): Family => ({ code, title, category, price, grams, dimensions, seasonal });

export const families: readonly Family[] = [
  family('TEE', 'Organic cotton t-shirt', 'apparel', 2400, 180, [colours, sizes]),
  family('LSTE', 'Long-sleeve t-shirt', 'apparel', 3200, 230, [colours, sizes]),
  family('HOOD', 'Heavyweight hoodie', 'apparel', 5900, 620, [fewColours, sizes], true),
  family('CREW', 'Crewneck sweatshirt', 'apparel', 4900, 520, [fewColours, sizes]),
  family('SHRT', 'Linen shirt', 'apparel', 6400, 260, [fewColours, sizes]),
  family('PANT', 'Organic chino trousers', 'apparel', 7400, 540, [fewColours, waists]),
  family('RAIN', 'Packable rain jacket', 'apparel', 8900, 430, [fewColours, sizes]),
  family('SOCK', 'Merino wool socks', 'apparel', 1600, 80, [colours, shoeSizes]),
  family('SLIP', 'Felt slippers', 'apparel', 4200, 380, [fewColours, shoeSizes], true),
  family('GLOV', 'Knitted gloves', 'accessories', 2400, 90, [fewColours, threeSizes], true),
  family('CAP', 'Canvas baseball cap', 'accessories', 2200, 110, [colours]),
  family('BEAN', 'Ribbed knit beanie', 'accessories', 2600, 90, [colours], true),
  family('SCRF', 'Lambswool scarf', 'accessories', 4400, 210, [colours], true),
  family('TOTE', 'Heavy canvas tote bag', 'accessories', 2800, 320, [colours]),
  family('CASE', 'Recycled phone case', 'accessories', 2900, 45, [phones, fewColours]),
  family('WALL', 'Leather card wallet', 'accessories', 3900, 60, [fewColours]),
  family('BOTL', 'Insulated bottle 750 ml', 'accessories', 3200, 390, [colours]),
  family('UMBR', 'Compact umbrella', 'accessories', 3400, 350, [colours]),
  family('KEYR', 'Brass keyring', 'accessories', 1400, 40, [designs]),
  family('PIN', 'Enamel pin', 'accessories', 900, 15, [designs]),
  family('MUG', 'Stoneware mug 350 ml', 'home', 1800, 420, [glaze]),
  family('BOWL', 'Stoneware bowl set of 2', 'home', 3400, 980, [glaze]),
  family('PLNT', 'Ceramic planter', 'home', 2600, 900, [glaze, planterSizes]),
  family('CNDL', 'Soy candle 200 g', 'home', 2200, 380, [scents], true),
  family('DIFF', 'Reed diffuser 100 ml', 'home', 2800, 340, [scents]),
  family('THRW', 'Wool throw blanket', 'home', 9800, 1300, [fewColours], true),
  family('PILL', 'Linen cushion cover', 'home', 3200, 220, [colours, cushionSizes]),
  family('TOWL', 'Waffle bath towel', 'home', 3600, 640, [colours]),
  family('NAPK', 'Linen napkins set of 4', 'home', 3000, 260, [colours]),
  family('APRN', 'Canvas apron', 'home', 3800, 330, [colours]),
  family('PLAC', 'Woven placemats set of 4', 'home', 2600, 400, [colours]),
  family('NOTE', 'Dot-grid notebook A5', 'stationery', 1600, 310, [colours]),
  family('JRNL', 'Linen-bound journal', 'stationery', 2800, 480, [fewColours]),
  family('PENS', 'Gel pen set of 6', 'stationery', 1200, 90, [options('STD=Classic inks, PST=Pastel inks')]),
  family('STKR', 'Vinyl sticker sheet', 'stationery', 600, 20, [designs]),
  family('WASH', 'Washi tape set', 'stationery', 900, 60, [designs]),
  family('BKMK', 'Brass bookmark', 'stationery', 1100, 25, [designs]),
  family('CARD', 'Letterpress greeting card', 'stationery', 650, 30, [designs], true),
  family('PRNT', 'Art print A3', 'stationery', 3500, 150, [designs]),
  family('PSTR', 'Poster 50 × 70 cm', 'stationery', 4500, 260, [designs]),
  family('CAL', 'Illustrated wall calendar', 'stationery', 2400, 420, [designs], true),
  family('PUZL', 'Wooden jigsaw puzzle 500 pieces', 'toys', 3800, 700, [designs], true),
  family('PLSH', 'Organic cotton plush', 'toys', 2900, 240, [
    options('BEAR=Bear, FOX=Fox, OWL=Owl, WHL=Whale, RBT=Rabbit'),
  ]),
];
