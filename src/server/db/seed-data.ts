import type { CategorySlug } from '#shared/schemas/tool.ts';

/**
 * Demo catalogue for the Torque store: the tools and customer reviews a fresh database is seeded with
 * (SPEC §3). Prices are wholesale per-unit prices in cents. Array order is display order: the home page
 * shows the first six entries of each list.
 */

export interface SeedTool {
  name: string;
  /** A slug of CATEGORIES (src/shared/schemas/tool.ts). */
  category: CategorySlug;
  description: string;
  img: string;
  priceCents: number;
  minimumOrder: number;
  availableQuantity: number;
}

export interface SeedReview {
  customerName: string;
  profession: string;
  productName: string;
  ratings: number;
  opinions: string;
  img: string;
}

export const seedTools: readonly SeedTool[] = [
  {
    name: 'Torque DX-20 Cordless Drill Driver',
    category: 'cordless-drills',
    description:
      'The everyday workhorse for crews who drill and drive all day. An 18V brushless motor delivers 65 Nm of torque, the 13 mm all-metal chuck grips bits firmly, and a 21-position clutch protects screws and finished surfaces.',
    img: '/images/tools/cordless-drill-driver.svg',
    priceCents: 8900,
    minimumOrder: 50,
    availableQuantity: 2400,
  },
  {
    name: 'Torque CS-185 Circular Saw',
    category: 'saws',
    description:
      'Accurate 185 mm circular saw built for framing crews and fit-out teams. A 1,600 W motor, 65 mm cutting depth and bevel adjustment up to 56 degrees handle timber, plywood and sheet goods with clean, straight edges.',
    img: '/images/tools/circular-saw.svg',
    priceCents: 12900,
    minimumOrder: 30,
    availableQuantity: 1250,
  },
  {
    name: 'Torque AG-125 Angle Grinder',
    category: 'angle-grinders',
    description:
      'Cuts, grinds and polishes steel without bogging down. The 1,200 W motor, 125 mm disc capacity, tool-free guard adjustment and restart protection make it a dependable choice for fabrication shops and site welders.',
    img: '/images/tools/angle-grinder.svg',
    priceCents: 4990,
    minimumOrder: 100,
    availableQuantity: 4200,
  },
  {
    name: 'Torque IX-210 Brushless Impact Driver',
    category: 'cordless-drills',
    description:
      'Sinks long structural screws effortlessly thanks to 210 Nm of impact torque from a compact 18V brushless motor. Three speed modes, a one-handed quick-release hex collet and a bright LED ring suit decking, framing and steel work.',
    img: '/images/tools/impact-driver.svg',
    priceCents: 7450,
    minimumOrder: 60,
    availableQuantity: 3100,
  },
  {
    name: 'Torque RH-28 SDS-Plus Rotary Hammer',
    category: 'rotary-hammers',
    description:
      'Drills anchor holes in concrete and masonry with 3.2 J of impact energy. Three modes cover drilling, hammer drilling and light chiselling, while active vibration control and the adjustable side handle keep overhead work comfortable.',
    img: '/images/tools/rotary-hammer.svg',
    priceCents: 18900,
    minimumOrder: 20,
    availableQuantity: 860,
  },
  {
    name: 'Torque PT-32 Hydraulic Press Tool',
    category: 'pipe-press-tools',
    description:
      'Press copper and steel fittings from 12 to 54 mm in about four seconds per joint. The 32 kN hydraulic drive automatically completes every cycle, and the jaws rotate 360 degrees for tight service runs.',
    img: '/images/tools/press-tool.svg',
    priceCents: 34900,
    minimumOrder: 10,
    availableQuantity: 320,
  },
  {
    name: 'Torque HG-600 Digital Heat Gun',
    category: 'heat-guns',
    description:
      'Dependable heat for shrink tubing and paint removal, adjustable from 50 to 600 °C in ten-degree steps. A clear digital display, two airflow settings and a stable rest base make it a staple for electricians and maintenance teams.',
    img: '/images/tools/heat-gun.svg',
    priceCents: 2499,
    minimumOrder: 200,
    availableQuantity: 5000,
  },
  {
    name: 'Torque JS-90 Orbital Jigsaw',
    category: 'saws',
    description:
      'Smooth curves and tight scrolls in wood, laminate and sheet metal. Four orbital settings, a variable-speed trigger, tool-free blade changes and a bevelling aluminium shoe give joiners precise control on every cut.',
    img: '/images/tools/jigsaw.svg',
    priceCents: 9650,
    minimumOrder: 40,
    availableQuantity: 1500,
  },
  {
    name: 'Torque RS-32 Reciprocating Saw',
    category: 'saws',
    description:
      "The demolition crew's favourite saw for nail-embedded timber, conduit and pipe. A 32 mm stroke, tool-free blade clamp and pivoting shoe speed up renovation and strip-out work on a single 18V battery.",
    img: '/images/tools/reciprocating-saw.svg',
    priceCents: 11400,
    minimumOrder: 35,
    availableQuantity: 1100,
  },
  {
    name: 'Torque NG-34 Cordless Framing Nailer',
    category: 'nailers',
    description:
      'Hose-free framing with full power from a single 18V battery. The flywheel drive sets 50 to 90 mm paper-collated nails at 34 degrees, with tool-free depth adjustment and a dry-fire lockout that protects the driver blade.',
    img: '/images/tools/nail-gun.svg',
    priceCents: 27900,
    minimumOrder: 15,
    availableQuantity: 540,
  },
  {
    name: 'Torque OS-150 Random Orbital Sander',
    category: 'sanders',
    description:
      'Swirl-free finishes with less dust thanks to a 150 mm pad, 5 mm orbit and a filtered dust canister. Variable speed and a low-profile palm grip keep cabinetmakers and decorators working comfortably for hours.',
    img: '/images/tools/orbital-sander.svg',
    priceCents: 6290,
    minimumOrder: 80,
    availableQuantity: 2750,
  },
  {
    name: 'Torque BG-200 Bench Grinder',
    category: 'bench-grinders',
    description:
      'A sturdy workshop sharpening station with two 200 mm wheels, coarse and fine. The cast base keeps vibration low, while adjustable tool rests and clear eye shields make sharpening chisels, drill bits and mower blades safer.',
    img: '/images/tools/bench-grinder.svg',
    priceCents: 14500,
    minimumOrder: 25,
    availableQuantity: 640,
  },
];

export const seedReviews: readonly SeedReview[] = [
  {
    customerName: 'Marcus Bell',
    profession: 'Site Manager, Bell & Rowe Construction',
    productName: 'Torque DX-20 Cordless Drill Driver',
    ratings: 5,
    opinions:
      'We equipped three crews with the DX-20 last spring. Batteries last a full shift, the clutch is precise, and not one unit has come back for warranty. Reordering was quick and delivery arrived early.',
    img: '/images/people/marcus-bell.svg',
  },
  {
    customerName: 'Priya Nair',
    profession: 'Procurement Officer, Northgate Facilities Group',
    productName: 'Torque IX-210 Brushless Impact Driver',
    ratings: 5,
    opinions:
      'Clear wholesale pricing, sensible minimum orders and accurate stock figures make Torque easy to buy from. Our technicians prefer the IX-210 to the drivers we used before, and returns have dropped to almost zero.',
    img: '/images/people/priya-nair.svg',
  },
  {
    customerName: 'Daniel Okafor',
    profession: 'General Contractor, Okafor Build',
    productName: 'Torque RH-28 SDS-Plus Rotary Hammer',
    ratings: 5,
    opinions:
      'The RH-28 drills 12 mm anchor holes in cured concrete faster than our old corded hammer. Vibration is noticeably lower, so my team can work overhead for longer without complaints.',
    img: '/images/people/daniel-okafor.svg',
  },
  {
    customerName: 'Sofia Lindqvist',
    profession: 'Workshop Owner, Lindqvist Metalworks',
    productName: 'Torque AG-125 Angle Grinder',
    ratings: 4,
    opinions:
      'Solid grinder with a motor that does not bog down on heavy stock. The tool-free guard adjustment saves time between jobs. I would like a slightly longer cord, but otherwise it is excellent value.',
    img: '/images/people/sofia-lindqvist.svg',
  },
  {
    customerName: 'Tomás Herrera',
    profession: 'Plumbing Contractor, Herrera Mechanical',
    productName: 'Torque PT-32 Hydraulic Press Tool',
    ratings: 5,
    opinions:
      'Switching to the PT-32 cut our fitting time on copper runs by more than half. Every press is consistent, the jaws swap in seconds, and building inspectors are happy with the results.',
    img: '/images/people/tomas-herrera.svg',
  },
  {
    customerName: 'Hannah Weiss',
    profession: 'Tooling Buyer, Keystone Equipment Rental',
    productName: 'Torque CS-185 Circular Saw',
    ratings: 4,
    opinions:
      'Rental tools get abused, and the CS-185 has held up well after months on hire. Customers like the clear depth scale, and ordering in batches of thirty fits our fleet rotation nicely.',
    img: '/images/people/hannah-weiss.svg',
  },
  {
    customerName: "James O'Connor",
    profession: 'Carpentry Crew Lead, Summit Timber Frames',
    productName: 'Torque NG-34 Cordless Framing Nailer',
    ratings: 5,
    opinions:
      'No compressor and no hoses on the roof is a huge win for safety. The NG-34 fires consistently into LVL, and the depth adjustment is easy to dial in with gloves on.',
    img: '/images/people/james-oconnor.svg',
  },
  {
    customerName: 'Robert Mensah',
    profession: 'Electrical Contractor, Mensah Electric',
    productName: 'Torque RS-32 Reciprocating Saw',
    ratings: 4,
    opinions:
      'We use the RS-32 for cutting conduit and opening walls during retrofits. It is lighter than it looks, blade changes are tool-free, and one battery easily covers a morning of strip-out work.',
    img: '/images/people/robert-mensah.svg',
  },
  {
    customerName: 'Aiko Tanaka',
    profession: 'Maintenance Supervisor, Harbor Packaging',
    productName: 'Torque HG-600 Digital Heat Gun',
    ratings: 3,
    opinions:
      'The HG-600 does the job for shrink tubing and label removal, and the display is handy. The housing gets warmer than I would like on long runs, so we keep it for shorter tasks.',
    img: '/images/people/aiko-tanaka.svg',
  },
  {
    customerName: 'Elena Petrova',
    profession: 'Fabrication Shop Owner, Petrova Steelworks',
    productName: 'Torque BG-200 Bench Grinder',
    ratings: 4,
    opinions:
      'A steady, quiet bench grinder with very little wheel wobble. The eye shields are sturdy and the tool rests adjust without tools. It has become the sharpening station for our whole shop.',
    img: '/images/people/elena-petrova.svg',
  },
];
